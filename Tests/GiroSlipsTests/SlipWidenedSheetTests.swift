import Foundation
import Giro
@testable import GiroImaging
import GiroOCR
@testable import GiroSlips
import Testing

/// A sheet whose first reading gave only a widened fit (`SlipClassifier.widenedMatch`: labels each some millimetres
/// off) is read once more larger, as a sheet that gave no form is; the larger reading's strict fit is kept.
@Suite struct SlipWidenedSheetTests {
    static let template = SlipReader.builtInTemplates.first { $0.id == "rs.nalog-za-uplatu" }

    /// The sparse page passes' words: on the first sheet (10 px per mm) five labels each moved by millimetres its
    /// own way; on the larger one (15 px per mm) every label where the template has it. Nothing else is read.
    struct SheetEngine: OCREngine {
        let template: SlipTemplate
        static let jittered: [String: (Double, Double)] = [
            "title": (-3, 3), "payer": (-1.5, -4.5), "remit": (-4, -0.5), "currency": (4, 6), "signature": (5, -4),
        ]

        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            guard settings.layout == .sparse else { return PageWords(width: image.width, height: image.height, words: []) }
            let border = Double(SlipReader.sheetBorder)
            let scale = (Double(image.width) - 2 * border) / template.width
            let larger = scale > 12
            var words: [PageWord] = []
            for a in template.anchors {
                let move = larger ? (0, 0) : Self.jittered[a.id ?? ""]
                guard let (dx, dy) = move else { continue }
                var x = border + (a.box.x + dx) * scale
                let y = border + (a.box.y + dy) * scale
                for token in a.text.split(separator: " ") {
                    let w = 0.55 * 2.5 * scale * Double(token.count)
                    words.append(PageWord(text: String(token), x: Int(x.rounded()), y: Int(y.rounded()), w: Int(w.rounded()),
                                          h: Int((2.5 * scale).rounded()), confidence: 0.9))
                    x += w + scale
                }
            }
            return PageWords(width: image.width, height: image.height, words: words)
        }
    }

    @Test func aWidenedFitIsReadAgainLargerAndTheStrictFitKept() throws {
        let t = try #require(Self.template)
        // A blank photo of the slip filling it, 7 px per mm: its sheet is read at 10 px per mm, then 15.
        let (w, h) = (Int(t.width * 7), Int(t.height * 7))
        let image = try #require(GrayImage(width: w, height: h, pixels: [UInt8](repeating: 230, count: w * h)))
        let paper = PaperQuad(corners: [QuadPoint(x: 0, y: 0), QuadPoint(x: Double(w), y: 0), QuadPoint(x: Double(w), y: Double(h)),
                                        QuadPoint(x: 0, y: Double(h))], brighterThanBackground: true)
        let reader = SlipReader(templates: SlipReader.builtInTemplates)
        var timings = SlipImageTimings()
        var unknown: [SlipReading] = []
        let found = try reader.locate(on: paper, in: image, engine: SheetEngine(template: t), options: SlipImageOptions(),
                                      timings: &timings, unknown: &unknown)
        let m = try #require(found.first?.match)
        #expect(m.template.id == t.id)
        #expect(!m.widened)
        #expect(m.anchors.count >= 8)
    }
}
