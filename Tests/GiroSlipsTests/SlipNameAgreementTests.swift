import Foundation
import GiroCore
import GiroImaging
import GiroOCR
@testable import GiroSlips
import Testing

/// An unsure name read again larger (`SlipNameAgreement`): on a photo a comb's spaced letters came back `r kf ks$o.n`
/// at 32 and, at 4/3 of the resolution, `Erik Eriksson` at 85; where the page pass read no name, the field stayed
/// empty.
@Suite struct SlipNameAgreementTests {
    /// Answers the sparse page pass with the page's words; every other call with `small` (two words) at confidence
    /// 0.32 — but with `large` at `largeConfidence` when the crop is more than a tenth larger each way than the call
    /// before (the zone's second, larger look).
    final class LargerIsSureEngine: OCREngine, @unchecked Sendable {
        let page: PageWords
        let small: [String], large: [String], largeConfidence: Double
        private var last: (width: Int, height: Int)?
        private let lock = NSLock()
        init(page: PageWords, small: [String] = ["Erik", "Eriksson"], large: [String] = ["Erik", "Eriksson"],
             largeConfidence: Double = 0.85) {
            (self.page, self.small, self.large, self.largeConfidence) = (page, small, large, largeConfidence)
        }

        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            if settings.layout == .sparse { return page }
            let larger: Bool = lock.withLock {
                defer { last = (image.width, image.height) }
                guard let last else { return false }
                return image.width * 10 > last.width * 11 && image.height * 10 > last.height * 11
            }
            let (q, texts) = larger ? (largeConfidence, large) : (0.32, small)
            let h = max(1, image.height / 3), w = max(1, image.width / (2 * max(1, texts.count)))
            return PageWords(width: image.width, height: image.height, words: texts.enumerated().map { i, text in
                PageWord(text: text, x: 10 + i * (w + 10), y: h, w: w, h: h, confidence: q)
            })
        }
    }

    /// The HUB-3A fixture's page words with the payer's name read as unsure fragments (`ee` at 45: no name).
    static func pageWithoutPayerName() throws -> PageWords {
        let url = SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill-scan.words")
        var page = try CallerOCR.parse([UInt8](Data(contentsOf: url)))
        let name = try #require(SlipReader.builtIn.read(words: page).first?.record.debtor?.name)
        let tokens = Set(name.split(separator: " ").map(String.init))
        var replaced = 0
        for i in page.words.indices where tokens.contains(page.words[i].text) {
            page.words[i].text = "ee"
            page.words[i].confidence = 0.45
            replaced += 1
        }
        try #require(replaced == tokens.count)
        return page
    }

    static func read(_ engine: (PageWords) -> LargerIsSureEngine) throws -> [SlipReading] {
        let page = try Self.pageWithoutPayerName()
        let image = try #require(GrayImage(width: page.width, height: page.height,
                                           pixels: [UInt8](repeating: 255, count: page.width * page.height)))
        let options = SlipImageOptions(firstPassMaxSide: max(page.width, page.height), perZoneOCR: true, detectPaper: false)
        return try SlipReader.builtIn.read(image: image, engine: engine(page), options: options)
    }

    /// Both looks unsure, the comb's ticks read as dots and the words split differently: the same letters agree.
    @Test func twoUnsureLooksOfTheSameLettersAgree() throws {
        let found = try Self.read { LargerIsSureEngine(page: $0, small: ["P.i.a.-.M.a.r", ".i.a,", "‚R.u,t.s.c.h.m.a.n.n"],
                                                       large: ["P.i.a.-.M.a.r.i.a.", "‚R.u.t.s.c.h.m.a.n.n"], largeConfidence: 0.39) }
        try #require(found.count == 1 && found[0].slipClass == "hr.hub-3a")
        #expect(found[0].record.debtor?.name == "Pia-Maria Rutschmann")
        // Two unsure looks spelling different names: none.
        let differing = try Self.read { LargerIsSureEngine(page: $0, small: ["Marko.", "Babić", "||", "pa"],
                                                           large: ["4arko.", "Babic", ",", "pote", "a"], largeConfidence: 0.39) }
        try #require(differing.count == 1)
        #expect(differing[0].record.debtor?.name == nil)
    }

    @Test func anUnsureNameIsKeptWhenTheLargerLookIsSure() throws {
        let found = try Self.read { LargerIsSureEngine(page: $0) }
        try #require(found.count == 1 && found[0].slipClass == "hr.hub-3a")
        #expect(found[0].record.debtor?.name == "Erik Eriksson")
        // Free text: below 0.9 however sure the look.
        let provenance = found[0].record.provenance.first { $0.field == "debtor.name" }
        #expect((provenance?.confidence ?? 1) < 0.9)
    }

    @Test func twoLooksSpellingAlikeAgree() {
        #expect(SlipReader.agreedName(["‘Brussels Energy Services SA '!"], ["Brussels Energy Services SA |"]) == "Brussels Energy Services SA")
        #expect(SlipReader.agreedName(["Marko. Babić || pa"], ["4arko. Babic , , pote a"]) == nil)
        // A comb's ticks read as dots between the letters, the words split differently: the same letters agree, in
        // the spelling of fewer words. A legal form's dots stay.
        #expect(SlipReader.agreedName(["P.i.a.-.M.a.r .i.a, ‚R.u,t.s.c.h.m.a.n.n"], ["P.i.a.-.M.a.r.i.a. ‚R.u.t.s.c.h.m.a.n.n"])
                == "Pia-Maria Rutschmann")
        #expect(SlipReader.untickedWord("d.o.o.") == "d.o.o.")
        // A street and its number is no name, however often it is read.
        #expect(SlipReader.agreedName(["Mlynská 31"], ["Mlynská 31"]) == nil)
        // Nor a street whose number lost its space, nor a tick read as a word.
        #expect(SlipReader.agreedName(["Musterweg5"], ["Musterweg5"]) == nil)
        #expect(SlipReader.agreedName(["Marko. Babić || pa"], ["Marko. Babić || pa"]) == nil)
        // An unsure second look that spells another name is not taken.
        #expect(SlipReader.secondLookName(["Erik Eriksson"], (["Erik Erikson"], 40)) == nil)
        #expect(SlipReader.secondLookName(["r kf ks$o.n"], (["Erik Eriksson !"], 85))?.name == "Erik Eriksson")
    }
}
