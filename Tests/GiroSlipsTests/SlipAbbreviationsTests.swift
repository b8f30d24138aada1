import GiroSlips
import Testing

/// A `0` inside a dotted legal-form abbreviation is the letter `o`; anything else keeps its digits.
@Suite struct SlipAbbreviationsTests {
    @Test func zeroInDottedAbbreviationIsTheLetter() {
        // Read from the clean HUB-3A scan's creditor box (fixtures/slips/hr.hub-3a, water-bill).
        let m = SlipText.mendingAbbreviations("Vodoopskrba d.0.0.")
        #expect(m.text == "Vodoopskrba d.o.o.")
        #expect(m.corrections == ["14: 0→o", "16: 0→o"])
        #expect(SlipText.mendingAbbreviations("Tlačiareň s.r.0.").text == "Tlačiareň s.r.o.")
        #expect(SlipText.mendingAbbreviations("ALFA D.0.0.").text == "ALFA D.O.O.")
    }

    @Test func digitsElsewhereStay() {
        for text in ["Stan 1.0.", "0.0.", "Verzija 2.0", "d.o.o.", "Ulica 10.", "a.00.", "Faktura 2024.0.1."] {
            let m = SlipText.mendingAbbreviations(text)
            #expect(m.text == text && m.corrections.isEmpty, "\(text)")
        }
    }
}
