import Foundation
import GiroParsers
import Testing

/// Swedish amounts: `1 234,50`, `kr`, `SEK`, `150:-`; `kr` follows a krone context (NO, DK) and stays SEK otherwise.
@Suite struct SwedishAmountTests {
    static let se = ParseContext(country: "SE")

    @Test(arguments: [
        ("Belopp 1 234,50 kr", "1234.50", "SEK"),
        ("Att betala: 1 234,50", "1234.50", "SEK"),
        ("SEK 12 345,00", "12345.00", "SEK"),
        ("Summa 150:- kr", "150.00", "SEK"),
        ("Pris 150:–", "150.00", "SEK"),
        ("Totalt 2 500 kronor", "2500.00", "SEK"),
        ("Kvar 1 234:-", "1234.00", "SEK"),
    ])
    func swedishPrintedAmounts(_ text: String, _ value: String, _ currency: String) throws {
        let found = try AmountParser().parse(text, context: Self.se)
        #expect(found.first?.value == value && found.first?.currency == currency, "\(text): \(found.map { "\($0.value) \($0.currency ?? "-")" })")
    }

    @Test func kronaMarkerFollowsTheContext() throws {
        #expect(try AmountParser().parse("199,00 kr", context: ParseContext(country: "NO", currency: "NOK")).first?.currency == "NOK")
        #expect(try AmountParser().parse("199,00 kr", context: ParseContext(currency: "DKK")).first?.currency == "DKK")
        #expect(try AmountParser().parse("199,00 kr").first?.currency == "SEK")
        #expect(try AmountParser().parse("199,00 kr", context: ParseContext(country: "DE")).first?.currency == "SEK")
    }

    @Test func colonDashNeedsNoDigitAfterIt() throws {
        // A time or a ratio is not `:-`.
        #expect(try AmountParser().parse("kl 12:30", context: Self.se).isEmpty)
        #expect(try AmountParser().parse("12:-5", context: Self.se).allSatisfy { $0.value != "12.00" })
    }
}
