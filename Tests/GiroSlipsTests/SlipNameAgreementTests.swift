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
    /// Answers the sparse page pass with the page's words; every other call with `Erik Eriksson`, unsure — but sure
    /// when the crop is more than a fifth larger each way than the call before (the zone's second, larger look).
    final class LargerIsSureEngine: OCREngine, @unchecked Sendable {
        let page: PageWords
        private var last: (width: Int, height: Int)?
        private let lock = NSLock()
        init(page: PageWords) { self.page = page }

        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            if settings.layout == .sparse { return page }
            let larger: Bool = lock.withLock {
                defer { last = (image.width, image.height) }
                guard let last else { return false }
                return image.width * 5 > last.width * 6 && image.height * 5 > last.height * 6
            }
            let q = larger ? 0.85 : 0.32
            let h = max(1, image.height / 3)
            return PageWords(width: image.width, height: image.height, words: [
                PageWord(text: "Erik", x: 10, y: h, w: max(1, image.width / 6), h: h, confidence: q),
                PageWord(text: "Eriksson", x: 20 + image.width / 6, y: h, w: max(1, image.width / 4), h: h, confidence: q),
            ])
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

    @Test func anUnsureNameIsKeptWhenTheLargerLookIsSure() throws {
        let page = try Self.pageWithoutPayerName()
        let image = try #require(GrayImage(width: page.width, height: page.height,
                                           pixels: [UInt8](repeating: 255, count: page.width * page.height)))
        let options = SlipImageOptions(firstPassMaxSide: max(page.width, page.height), perZoneOCR: true, detectPaper: false)
        let found = try SlipReader.builtIn.read(image: image, engine: LargerIsSureEngine(page: page), options: options)
        try #require(found.count == 1 && found[0].slipClass == "hr.hub-3a")
        #expect(found[0].record.debtor?.name == "Erik Eriksson")
        // Free text: below 0.9 however sure the look.
        let provenance = found[0].record.provenance.first { $0.field == "debtor.name" }
        #expect((provenance?.confidence ?? 1) < 0.9)
    }

    @Test func twoLooksSpellingAlikeAgree() {
        #expect(SlipReader.agreedName(["‘Brussels Energy Services SA '!"], ["Brussels Energy Services SA |"]) == "Brussels Energy Services SA")
        #expect(SlipReader.agreedName(["Marko. Babić || pa"], ["4arko. Babic , , pote a"]) == nil)
        // A street and its number is no name, however often it is read.
        #expect(SlipReader.agreedName(["Mlynská 31"], ["Mlynská 31"]) == nil)
        // An unsure second look that spells another name is not taken.
        #expect(SlipReader.secondLookName(["Erik Eriksson"], (["Erik Erikson"], 40)) == nil)
        #expect(SlipReader.secondLookName(["r kf ks$o.n"], (["Erik Eriksson !"], 85))?.name == "Erik Eriksson")
    }
}
