import Foundation
import Giro
import GiroImaging
import GiroOCR
@testable import GiroSlips
import Testing

/// What a scan does to a zone crop that a clean render does not: the colour dropout's paper speckled by the scan's
/// noise (turned white), and the box's edge left in the crop's first rows read as a word (dropped).
@Suite struct SlipScanCropTests {
    /// Answers every call with the given words.
    struct WordsEngine: OCREngine {
        let words: [PageWord]
        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            PageWords(width: image.width, height: image.height, words: words)
        }
    }

    /// A blank crop of `width`×`height` read as a one-line text zone by an engine answering `words`.
    static func read(_ words: [PageWord], width: Int, height: Int, languages: [String] = ["hun"]) throws
        -> (text: [String], confidence: Int?) {
        let crop = try #require(GrayImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height)))
        return try #require(SlipReader.zoneLines(crop, cells: nil, parser: .text, engine: WordsEngine(words: words),
                                                 settings: OCRSettings(languages: languages, layout: .line)))
    }

    /// Tesseract's reading of a perturbed HU csekk scan's payer box: the name, and a word 1 px high on the box's
    /// top edge at confidence 28. The name alone is the reading, at its own confidence.
    @Test func aWordOnTheBoxEdgeIsNoLine() throws {
        let read = try Self.read([
            PageWord(text: "Szabó", x: 56, y: 22, w: 100, h: 30, confidence: 0.97),
            PageWord(text: "László", x: 167, y: 22, w: 105, h: 30, confidence: 0.96),
            PageWord(text: "KÉK", x: 1232, y: 16, w: 92, h: 1, confidence: 0.28),
        ], width: 1440, height: 108)
        #expect(read.text == ["Szabó László"])
        #expect(read.confidence == 96)
    }

    /// A box's end edge read as a letter as tall as the crop does not make lower-case words flat.
    @Test func aTallEdgeLetterKeepsTheWords() throws {
        let read = try Self.read([
            PageWord(text: "utca", x: 136, y: 32, w: 74, h: 25, confidence: 0.96),
            PageWord(text: "Petőfi", x: 31, y: 27, w: 95, h: 30, confidence: 0.95),
            PageWord(text: "I", x: 1363, y: 16, w: 4, h: 107, confidence: 0.9),
        ], width: 1440, height: 140)
        #expect(read.text.first?.hasPrefix("Petőfi utca") == true, "\(read.text)")
    }

    /// A flat mark that is no letter stays (a dash between an account's digit groups).
    @Test func flatPunctuationStays() throws {
        let read = try Self.read([
            PageWord(text: "12001008", x: 20, y: 20, w: 160, h: 30, confidence: 0.95),
            PageWord(text: "-", x: 190, y: 33, w: 12, h: 4, confidence: 0.9),
            PageWord(text: "00152407", x: 210, y: 20, w: 160, h: 30, confidence: 0.95),
        ], width: 400, height: 70, languages: ["eng"])
        #expect(read.text == ["12001008 - 00152407"])
    }

    /// A tinted form's paper after the colour dropout on a scan: its noise's hue wanders, so the dropout lifts some
    /// pixels to the paper's brightest channel (253) and keeps others at their gray (243). Stretched to full contrast
    /// that speckle became a gray paper (190–215) barred with white, which Tesseract read as invented lines. The
    /// crop's paper is white; the ink stays black.
    @Test func aScansSpeckledDropoutPaperBecomesWhite() throws {
        let w = 1200, h = 300
        var values = [UInt8](repeating: 0, count: w * h)
        var state: UInt32 = 12345
        for i in values.indices {
            state = state &* 1_103_515_245 &+ 12345
            values[i] = (state >> 16) % 3 == 0 ? 243 : 253
        }
        // Glyph blocks inside the box (form mm 10…70 × 8…16 at 300 dpi: pixels 118…827 × 94…189).
        // Glyph blocks of uneven widths, heights and gaps (no comb's pitch).
        for (x0, width, top) in [(150, 24, 120), (186, 31, 128), (240, 18, 120), (270, 35, 128), (338, 27, 115),
                                 (377, 22, 128), (430, 33, 120), (478, 26, 128), (521, 38, 118), (580, 21, 128)] {
            for y in top..<160 { for x in x0..<(x0 + width) { values[y * w + x] = 20 } }
        }
        let image = try #require(GrayImage(width: w, height: h, pixels: values))
        let valuesImage = try #require(GrayImage(width: w, height: h, pixels: values))
        let s = 300 / 25.4
        let t = SlipTransform(a: s, b: 0, c: 0, d: 0, e: s, f: 0)
        let box = SlipBox(x: 10, y: 8, w: 60, h: 8)
        let (crop, _, cells) = try #require(SlipReader.builtIn.valueCrop(image, values: valuesImage, box, t, dpi: 300))
        #expect(cells == nil)
        let border = SlipReader.cropBorder
        var gray = 0, paper = 0, ink = 0
        for y in border..<(crop.height - border) {
            for x in border..<(crop.width - border) {
                let v = crop.pixels[y * crop.width + x]
                if v < 64 { ink += 1 } else { paper += 1; if v < 250 { gray += 1 } }
            }
        }
        #expect(ink > 0)
        #expect(gray * 20 < paper, "gray paper pixels \(gray) of \(paper)")
    }
}

/// A value inking under 2 % of its dropout crop (a short name in a long comb box) beside the form colour's light
/// remains: on a scan the blur leaves the dropped ticks and edges at 215 on a paper of 250, more pixels than the
/// value's ink. The crop's ink level is the value's, not theirs, so they go to paper and the value stays black.
@Suite struct SlipDropoutInkShareTests {
    @Test func lightRemainsOutnumberingTheInkBecomePaper() throws {
        let w = 1400, h = 300
        var values = [UInt8](repeating: 0, count: w * h)
        var state: UInt32 = 777
        for i in values.indices {
            state = state &* 1_103_515_245 &+ 12345
            values[i] = (state >> 16) % 3 == 0 ? 246 : 252
        }
        // The box: form mm 10…110 × 8…16 at 300 dpi (pixels 118…1299 × 94…189). Three glyph blocks (1.7 % of it)
        // and twelve light marks at uneven places (3.2 % with the glyphs).
        var glyph = 0
        for x0 in [200, 520, 900] { for y in 120..<156 { for x in x0..<(x0 + 16) { values[y * w + x] = 20; glyph += 1 } } }
        for x0 in [150, 233, 290, 371, 452, 560, 611, 700, 787, 950, 1043, 1180] {
            for y in 130..<170 { for x in x0..<(x0 + 3) { values[y * w + x] = 215 } }
        }
        let image = try #require(GrayImage(width: w, height: h, pixels: values))
        let s = 300 / 25.4
        let t = SlipTransform(a: s, b: 0, c: 0, d: 0, e: s, f: 0)
        let box = SlipBox(x: 10, y: 8, w: 100, h: 8)
        let (crop, _, _) = try #require(SlipReader.builtIn.valueCrop(image, values: image, box, t, dpi: 300))
        let border = SlipReader.cropBorder
        var dark = 0
        for y in border..<(crop.height - border) {
            for x in border..<(crop.width - border) where crop.pixels[y * crop.width + x] < 128 { dark += 1 }
        }
        #expect(dark >= glyph * 9 / 10, "the glyphs stay: \(dark) dark pixels of \(glyph)")
        #expect(dark <= glyph * 11 / 10, "the light marks go: \(dark) dark pixels, the glyphs \(glyph)")
    }
}

/// A fit turned by labels another printer moved: the form's rows still run along the page's lines of text.
@Suite struct SlipFitAlongTextTests {
    /// The HU megbízás render's words with its right column's labels 2.5 mm lower and its left column's (but the
    /// title) 2.5 mm higher: a least-squares fit of those labels turns the form about 1° against its own text,
    /// and the zones' crops far from the labels cut their values askew. The fit keeps the text's angle.
    @Test func movedLabelsDoNotTurnTheForm() throws {
        let url = SlipFixtures.folder.appendingPathComponent("hu.atutalasi-megbizas/invoice-scan.words")
        var page = try CallerOCR.parse([UInt8](Data(contentsOf: url)))
        let template = try #require(SlipReader.builtInTemplates.first { $0.id == "hu.atutalasi-megbizas" })
        let labels: Set<String> = ["Megbízó", "neve", "Terhelendő", "számla", "száma", "Kedvezményezett", "Jóváírandó",
                                   "Összeg", "Közlemény", "Keltezés"]
        let shift = Int((2.5 * Double(page.width) / template.width).rounded())
        for i in page.words.indices where labels.contains(page.words[i].text) {
            page.words[i].y += page.words[i].x > page.width / 2 ? shift : -shift
        }
        let index = SlipClassifier.PageIndex(page, excluding: [])
        let skew = try #require(SlipClassifier.textSkew(index))
        #expect(abs(skew) < 0.005)
        let m = try #require(SlipClassifier.match(template, page: page))
        let turn = atan2(m.transform.d, m.transform.a)
        #expect(abs(turn - skew) <= SlipClassifier.maxTextTurn, "fit turned \(turn) rad, text \(skew) rad")
        // Still the form: the amount's box lands on its value's line.
        let amount = try #require(page.words.first { $0.text == "125" })
        let zone = try #require(template.zones.first { $0.field == "amount" })
        let c = m.transform.apply(SlipPoint(x: zone.box.x + zone.box.w / 2, y: zone.box.y + zone.box.h / 2))
        #expect(abs(c.y - Double(amount.y + amount.h / 2)) < Double(amount.h), "amount box centre \(c.y)")
    }

    /// The fit along an angle: points turned by it and scaled per axis come back exactly.
    @Test func alongTextRecoversATurnedScaledForm() throws {
        let angle = 0.02, sx = 11.9, sy = 11.5
        let from = [SlipPoint(x: 5, y: 3), SlipPoint(x: 110, y: 12), SlipPoint(x: 5, y: 54), SlipPoint(x: 110, y: 40),
                    SlipPoint(x: 60, y: 82)]
        let to = from.map { p in
            SlipPoint(x: cos(angle) * sx * p.x - sin(angle) * sy * p.y + 40, y: sin(angle) * sx * p.x + cos(angle) * sy * p.y + 25)
        }
        let t = try #require(SlipTransform.alongText(angle, from: from, to: to))
        for (p, q) in zip(from, to) {
            let r = t.apply(p)
            #expect(abs(r.x - q.x) < 1e-6 && abs(r.y - q.y) < 1e-6)
        }
    }
}
