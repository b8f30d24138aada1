import GiroCore
import GiroParsers
import Testing

/// Australian bills: `$1,234.56` is AUD in an Australian context (USD elsewhere), `A$` always; `DD/MM/YYYY` is
/// day-first without the ambiguity note; written months (`31 January 2025`, `5 Mar 2025`).
@Suite struct AustralianAmountDateTests {
    static let au = ParseContext(country: "AU")

    func amounts(_ text: String, _ context: ParseContext) throws -> [(String, String?)] {
        try AmountParser().parse(text, context: context).map { ($0.value, $0.currency) }
    }

    @Test func dollarIsAUDOnAustralianBills() throws {
        let f = try amounts("Amount due $1,234.56", Self.au)
        #expect(f.contains { $0.0 == "1234.56" && $0.1 == "AUD" }, "\(f)")
        let us = try amounts("Amount due $1,234.56", ParseContext())
        #expect(us.contains { $0.0 == "1234.56" && $0.1 == "USD" }, "\(us)")
        let marked = try amounts("Total A$ 89.10", ParseContext())
        #expect(marked.contains { $0.0 == "89.10" && $0.1 == "AUD" }, "\(marked)")
        let iso = try amounts("Total 89.10 USD", Self.au)
        #expect(iso.contains { $0.0 == "89.10" && $0.1 == "USD" }, "\(iso)")
    }

    @Test func dayFirstDates() throws {
        let d = try DateParser().parse("Due date 05/03/2025", context: Self.au)
        #expect(d.contains { $0.value == "2025-03-05" && $0.status == .valid && $0.alternatives.isEmpty }, "\(d.map(\.value))")
        let elsewhere = try DateParser().parse("Due date 05/03/2025", context: ParseContext())
        #expect(elsewhere.contains { $0.value == "2025-03-05" && $0.notes.contains("ambiguous_order") })
        for (text, iso) in [("Due 31 January 2025", "2025-01-31"), ("Pay by 5 Mar 2025", "2025-03-05")] {
            let f = try DateParser().parse(text, context: Self.au)
            #expect(f.contains { $0.value == iso }, "\(text): \(f.map(\.value))")
        }
    }
}
