import Foundation
import GiroCore
import GiroParsers
import Testing

@Suite struct AmountCorpusTests {
    static let cases = Corpus.load("amount.txt")

    @Test func corpusHasEnoughCases() {
        #expect(Self.cases.count >= 150)
    }

    /// `VALUE CUR`, `VALUE`, `VALUE ~` or `none`: the best candidate's amount, currency and status.
    @Test(arguments: cases) func amount(_ c: CorpusCase) throws {
        let found = try AmountParser().parse(c.input, context: c.context)
        if c.expected == "none" {
            #expect(found.isEmpty, "\(found.map(\.value))")
            return
        }
        let parts = c.expected.split(separator: " ").map(String.init)
        let best = try #require(found.first, "no amount found")
        #expect(best.amount == DecimalText.parse(parts[0]), "value \(best.value)")
        let uncertain = parts.count > 1 && parts[1] == "~"
        #expect(best.status == (uncertain ? .uncertain : .valid))
        if parts.count > 1, !uncertain { #expect(best.currency == parts[1]) }
        if parts.count == 1, c.context.country == nil, c.context.currency == nil { #expect(best.currency == nil) }
    }
}
