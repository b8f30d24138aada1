import Foundation
import Giro
import Testing

/// Sweden in `giro parse`: bankgiro, PlusGiro, bank account and OCR reference after their labels, look-alikes repaired
/// only when the 10-modul / 11-modul check then holds; the amount (`1 234,50 kr`) is the amount parser's with SE context.
@Suite struct SwedishParserTests {
    func parse(_ text: String, country: String? = "SE") throws -> [ParseCandidate] {
        let group = try ParserGroup.registry(["iban", "amount", "date", "reference", "national"], country: country)
        return try group.parse(text, context: ParseContext(country: country))
    }

    @Test func bankgiroRepairedWhenTheCheckHolds() throws {
        let c = try #require(try parse("Till bankgironummer: 54O2-968l").first { $0.type == "se.bankgiro" })
        #expect(c.value == "54029681" && c.status == .valid && c.fields["country"] == "SE" && c.corrections.count == 2)
        #expect(try parse("Bankgiro 5402-9682").allSatisfy { $0.type != "se.bankgiro" || $0.status != .valid })
    }

    @Test func plusgiroAndOCRNeedTheirLabels() throws {
        let found = try parse("PlusGiro 28 65 43-4 OCR-nummer 1234567897")
        #expect(found.contains { $0.type == "se.plusgiro" && $0.value == "2865434" && $0.status == .valid })
        #expect(found.contains { $0.type == "se.ocr" && $0.value == "1234567897" && $0.status == .valid })
        #expect(try parse("Telefon 1234567897").allSatisfy { $0.type != "se.ocr" })
    }

    @Test func swedishAmount() throws {
        let amount = try #require(try parse("Att betala: 1 234,50 kr").first { $0.type == "amount" })
        #expect(amount.amount == Decimal(string: "1234.5") && amount.currency == "SEK")
    }
}
