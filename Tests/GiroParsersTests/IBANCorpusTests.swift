import GiroCore
import GiroParsers
import Testing

@Suite struct IBANCorpusTests {
    static let cases = Corpus.load("iban.txt")

    @Test func corpusHasEnoughCases() {
        #expect(Self.cases.count >= 100)
        #expect(Self.cases.filter { $0.expected.hasPrefix("~") }.count >= 10, "ambiguous repairs")
        #expect(Self.cases.filter { c in !c.expected.hasPrefix("~") && c.input.contains { "OIlSZGB".contains($0) } }.count >= 20)
    }

    /// Compact IBAN, `~VALUE` (ambiguous repair), `!VALUE` (invalid), `type:VALUE` (national form) or `none`.
    @Test(arguments: cases) func iban(_ c: CorpusCase) throws {
        let found = try IBANParser().parse(c.input, context: c.context)
        if c.expected == "none" {
            #expect(!found.contains { $0.status != .invalid }, "\(found.map(\.value))")
            return
        }
        var (status, value) = Corpus.status(c.expected)
        var type = "iban"
        if let colon = c.expected.firstIndex(of: ":") {
            type = String(c.expected[..<colon])
            (status, value) = Corpus.status(String(c.expected[c.expected.index(after: colon)...]))
        }
        let best = try #require(found.first, "nothing found")
        #expect(best.type == type)
        #expect(best.status == status)
        #expect(best.value == value)
        if status == .uncertain, type == "iban" {
            #expect(best.notes.contains("ambiguous_repair"))
            #expect(best.alternatives.count >= 2)
            #expect(best.alternatives.allSatisfy { IBAN.isValid($0) })
        }
        if status == .valid, type == "iban" { #expect(IBAN.isValid(best.value)) }
    }

    /// The shared IBAN vectors: valid ones are found as they are; invalid ones are never reported valid —
    /// except iban-4 (`BE83…`): its checksums hold and only a bank-code registry lookup, which Giro does not
    /// make, rejects it.
    @Test func sharedVectors() throws {
        let vectors = Corpus.vectors("west", prefix: "iban-")
        #expect(vectors.count >= 10)
        for v in vectors {
            let found = try IBANParser().parse(v.text)
            let valid = found.filter { $0.status == .valid }
            if v.expect.hasPrefix("valid") {
                let compact = String(v.text.filter { $0.isLetter || $0.isNumber }).uppercased()
                #expect(valid.map(\.value) == [compact], "\(v.name)")
                #expect(valid.first?.corrections.isEmpty == true, "\(v.name)")
            } else if v.name != "iban-4.txt" {
                #expect(valid.isEmpty, "\(v.name): \(valid.map(\.value))")
            }
        }
    }
}
