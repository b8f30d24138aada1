import Foundation
import Giro
import Testing

/// Bosnia and Herzegovina, North Macedonia and Montenegro in `giro parse`: the mod-97 accounts (look-alikes repaired
/// only when the control digits then hold) and the references, which have no published check (label only, uncertain).
@Suite struct BalkanParserTests {
    func parse(_ text: String, country: String? = nil) throws -> [ParseCandidate] {
        let group = try ParserGroup.registry(["iban", "amount", "date", "reference", "national"], country: country)
        return try group.parse(text, context: ParseContext(country: country))
    }

    @Test(arguments: [
        ("BA", "ba.account", "Račun primaoca: l99-O44-00012002-79", "1990440001200279"),
        ("MK", "mk.account", "Сметка на примачот 300-OOOOOOO424-25", "300000000042425"),
        ("ME", "me.account", "Račun primaoca 5O5-0000123456789-5l", "505000012345678951"),
    ])
    func accountRepairedWhenTheControlDigitsHold(country: String, type: String, text: String, compact: String) throws {
        let c = try #require(try parse(text, country: country).first { $0.type == type })
        #expect(c.value == compact && c.status == .valid && c.fields["country"] == country && !c.corrections.isEmpty)
    }

    @Test func aWrongControlIsNotRepairedIntoAnAccount() throws {
        // 199-044-00012002-78: the control digits fail, so no valid account comes out of it.
        #expect(try parse("Račun primaoca 199-044-00012002-78", country: "BA").allSatisfy { $0.type != "ba.account" || $0.status != .valid })
    }

    @Test(arguments: [
        ("BA", "ba.poziv-na-broj", "Poziv na broj: 1234567890"),
        ("MK", "mk.povikuvanje-na-broj", "Повикување на број 1234567890"),
        ("ME", "me.poziv-na-broj", "Poziv na broj 1234567890"),
    ])
    func referenceAfterItsLabelIsUncertain(country: String, type: String, text: String) throws {
        let c = try #require(try parse(text, country: country).first { $0.type == type })
        #expect(c.value == "1234567890" && c.status == .uncertain && c.fields["country"] == country)
        #expect(try parse("Telefon 1234567890", country: country).allSatisfy { $0.type != type })
    }
}
