import Foundation
import Giro
import GiroTestSupport
import Testing

/// Words files carry no OCR noise, so extraction must be exact for every class and degradation.
@Suite struct SlipWordsGoldenTests {
    static let reader = SlipReader.builtIn

    @Test(arguments: SlipFixtures.cases())
    func wordsFileGivesTheGoldenRecord(_ c: SlipFixtures.Case) throws {
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        let found = Self.reader.read(words: page)
        try #require(found.count == 1, "\(found.count) slips found")
        let r = found[0].record
        #expect(found[0].slipClass == c.slipClass)
        #expect(r.format == c.slipClass && r.source.kind == "slip" && r.source.slipClass == c.slipClass)

        let e = try SlipExpectation(contentsOf: c.expect)
        #expect(e.mismatches(r).isEmpty, "\(e.mismatches(r)); \(r.diagnostics)")
        // Every zone has its evidence, inside the page.
        #expect(r.source.evidence?.count == SlipReader.builtInTemplates.first { $0.id == c.slipClass }?.zones.count)

        let json = try SlipFixtures.pretty(r)
        if SlipFixtures.recording { try json.write(to: c.golden, atomically: true, encoding: .utf8); Issue.record("recorded \(c.golden.lastPathComponent)"); return }
        let golden = try String(contentsOf: c.golden, encoding: .utf8)
        #expect(json == golden)
        // The record's own writer gives the same JSON as the Codable path.
        let compact = try JSONSerialization.jsonObject(with: Data(r.jsonBytes())) as? NSDictionary
        let viaCodable = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
        #expect(compact == viaCodable)
    }

    @Test func junkWordsFindNothing() {
        var rng = SystemRandomNumberGenerator()
        let vocabulary = ["IBAN", "Iznos", "Model", "EUR", "HR12", "1.234,50", ">", "+", "Konto", "Datum", "x", ""]
        for _ in 0..<50 {
            let words = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in
                PageWord(text: vocabulary.randomElement(using: &rng) ?? "", x: Int.random(in: -50...3000, using: &rng),
                         y: Int.random(in: -50...3000, using: &rng), w: Int.random(in: -5...400, using: &rng), h: Int.random(in: -5...80, using: &rng))
            }
            _ = Self.reader.read(words: PageWords(width: 3000, height: 3000, words: words))
        }
        #expect(Self.reader.read(words: PageWords(width: 10, height: 10, words: [])).isEmpty)
    }

    /// Two slips side by side on one page are both found.
    @Test func twoSlipsOnOnePage() throws {
        let cases = SlipFixtures.cases().filter { $0.degradation == "scan" }
        let a = try #require(cases.first { $0.slipClass == "hr.hub-3a" && $0.name == "water-bill" })
        let b = try #require(cases.first { $0.slipClass == "si.upn" })
        let pa = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: a.words))
        var pb = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: b.words))
        for i in pb.words.indices { pb.words[i].y += pa.height + 100 }
        let page = PageWords(width: max(pa.width, pb.width), height: pa.height + pb.height + 100, words: pa.words + pb.words)
        let found = Self.reader.read(words: page)
        #expect(Set(found.map(\.slipClass)) == ["hr.hub-3a", "si.upn"])
    }
}
