import Foundation
@testable import GiroSlips
import GiroImaging
import Testing

/// A required label lost to the OCR is looked for where the fit puts it and, moved as its nearest labels found are
/// moved from where the fit puts those (`SlipClassifier.nearbyShifts`): another printer's edition moves a row of
/// boxes by millimetres, and the relaxed fit the rest of the form agrees with misses the lost label there.
@Suite struct SlipLostLabelPlacementTests {
    static let template = SlipReader.builtInTemplates.first { $0.id == "mk.nalog-za-plakjanje-lat" }

    /// The template's labels at 10 px per mm (one word per token), those in `moved` `down` millimetres lower,
    /// the required account label printed as `account` (nil: not at all), the rows below them left out.
    static func page(_ t: SlipTemplate, moved: Set<String>, down: Double, account: String?) -> PageWords {
        var words: [PageWord] = []
        for a in t.anchors where !["revenue", "date", "signature", "payeeBank"].contains(a.id ?? "") {
            let id = a.id ?? a.text
            let text: String
            if id == "account" {
                guard let account else { continue }
                text = account
            } else {
                text = a.text
            }
            var x = Int(a.box.x * 10)
            let y = Int(((a.box.y + (moved.contains(id) ? down : 0)) * 10).rounded())
            for token in text.split(separator: " ") {
                let w = 15 * token.count
                words.append(PageWord(text: String(token), x: x, y: y, w: w, h: 25, confidence: 0.9))
                x += w + 10
            }
        }
        return PageWords(width: Int(t.width * 10), height: Int(t.height * 10), words: words)
    }

    /// The template placed at 10 px per mm with every label found on the page.
    static func match(_ t: SlipTemplate, _ page: PageWords) -> SlipMatch {
        let index = SlipClassifier.PageIndex(page, excluding: [])
        let hits = t.anchors.enumerated().flatMap { SlipClassifier.hits(for: $0.element, index: $0.offset, in: index) }
        return SlipMatch(template: t, transform: SlipTransform(a: 10, b: 0, c: 0, d: 0, e: 10, f: 0), anchors: hits, hits: hits)
    }

    @Test func aLostLabelMovedWithItsRowIsFoundThere() throws {
        let t = try #require(Self.template)
        let row: Set<String> = ["debitRef", "account", "ref"]
        let page = Self.page(t, moved: row, down: 9, account: "Seetha na primstot")
        let m = Self.match(t, page)
        let lost = try #require(t.anchors.firstIndex { $0.id == "account" })
        let present = Set(m.hits.map(\.anchor))
        #expect(!present.contains(lost))
        // 9 mm lower than the template has it: beyond the tolerance around its box, but where its row's labels are.
        #expect(SlipClassifier.printsLost(m, present: present, page: page, excluding: []))
        // Nothing printed there: not the form's edition but another form.
        let empty = Self.page(t, moved: row, down: 9, account: nil)
        let e = Self.match(t, empty)
        #expect(!SlipClassifier.printsLost(e, present: Set(e.hits.map(\.anchor)), page: empty, excluding: []))
        // The row's labels stayed where the template has them: the label moved alone is no garbled label of the form.
        let alone = Self.page(t, moved: ["account"], down: 9, account: "Seetha na primstot")
        let a = Self.match(t, alone)
        #expect(!SlipClassifier.printsLost(a, present: Set(a.hits.map(\.anchor)), page: alone, excluding: []))
    }
}
