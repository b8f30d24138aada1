import GiroParsers
import Testing

@Suite struct DateCorpusTests {
    static let cases = Corpus.load("date.txt")

    @Test func corpusHasEnoughCasesInEveryLanguage() {
        #expect(Self.cases.count >= 150)
        let languages = Set(Self.cases.compactMap(\.context.language))
        #expect(languages.isSuperset(of: ["de", "fr", "it", "nl", "en", "hr", "sr", "sl", "cs", "sk", "hu", "sq"]))
        // Serbian in both scripts.
        let serbian = Self.cases.filter { $0.context.language == "sr" }.map(\.input)
        #expect(serbian.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        #expect(serbian.contains { $0.unicodeScalars.allSatisfy { !(0x0400...0x04FF).contains($0.value) } })
    }

    @Test(arguments: cases) func date(_ c: CorpusCase) throws {
        let found = try DateParser().parse(c.input, context: c.context)
        if c.expected == "none" {
            #expect(found.isEmpty, "\(found.map(\.value))")
            return
        }
        let (status, value) = Corpus.status(c.expected)
        let best = try #require(found.first, "no date found")
        #expect(best.value == value)
        #expect(best.status == status)
    }
}
