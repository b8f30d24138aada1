@testable import GiroSlips
import Testing

/// Anchors fold ASCII words byte by byte (`SlipText.asciiFolded`) instead of through Foundation: the same tokens
/// either way, or a label would match on one path and not the other.
@Suite struct SlipTextFoldTests {
    /// Every printable ASCII character and the controls OCR output may hold, alone and between letters.
    static let ascii: [String] = (0x09...0x7E).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }

    @Test func asciiFoldingIsFoundationsFolding() {
        for c in Self.ascii {
            for s in [c, "a\(c)b", "\(c)1x", "ZAHL\(c)ER"] {
                #expect(SlipText.fold(s) == SlipText.foundationFolded(s), "fold of \(s.debugDescription)")
                #expect(SlipText.tokens(s) == SlipText.foundationFolded(s).split { !($0.isLetter || $0.isNumber) }.map(String.init),
                        "tokens of \(s.debugDescription)")
            }
        }
    }

    @Test func labelsAndOCRWordsTokenizeAsBefore() {
        // Look-alikes folded before the split: `|` and `!` become letters and join their neighbours.
        #expect(SlipText.tokens("Empf|nger-IBAN/BIC 50,00") == ["EMPFINGER", "IBAN", "BIC", "SO", "OO"])
        #expect(SlipText.tokens("ab!c  d\r\ne") == ["ABIC", "D", "E"])
        #expect(SlipText.tokens("") == [])
        #expect(SlipText.tokens("--/--") == [])
        // Other scripts keep Foundation's folding.
        #expect(SlipText.asciiFolded("Zahlungsempfänger") == nil)
        #expect(SlipText.tokens("Zahlungsempfänger, Straße") == ["ZAHLUNGSEMPFANGER", "STRASSE"])
        #expect(SlipText.tokens("Šifra plaćanja đ") == ["SIFRA", "PLACANJA", "D"])
    }
}

extension SlipTextFoldTests {
    @Test func characterCountsAreGraphemeCounts() {
        for s in ["", "IBAN", "a\r\nb", "\r", "Straße", "ŠIFRA", "e\u{301}", "12345678901"] {
            #expect(SlipText.characters(s) == s.count, "\(s.debugDescription)")
        }
        #expect(SlipText.matches("EMPFANGER", "EMPFAENGER"))
        #expect(!SlipText.matches("IBAN", "BIC"))
    }
}
