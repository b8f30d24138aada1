import Foundation
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// Labels printed in the form's light colour: the gray page pass loses them beside the dark filled-in values, and
/// the form is read again with its colour darkened (`GrayImage.formInk`).
@Suite struct SlipFormInkTests {
    /// Paper, a pale pink stroke and a black one: the pink one comes out darker than in the gray image by twice
    /// what the dropout lifted it; paper and black ink keep their gray.
    @Test func theFormsColourIsDarkenedAndNothingElse() throws {
        let w = 90, h = 30
        var rgb = [UInt8](repeating: 250, count: 3 * w * h)
        func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
            rgb[3 * (y * w + x)] = c.0; rgb[3 * (y * w + x) + 1] = c.1; rgb[3 * (y * w + x) + 2] = c.2
        }
        for y in 5..<25 {
            for x in 10..<30 { set(x, y, (232, 173, 204)) }   // pale pink print
            for x in 50..<70 { set(x, y, (10, 10, 10)) }      // black ink
        }
        let (gray, dropout) = rgb.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: w, height: h) }
        let lifted = try #require(dropout)
        let ink = try #require(gray.formInk(dropout: lifted))
        func px(_ img: GrayImage, _ x: Int, _ y: Int) -> Int { Int(img.pixels[y * w + x]) }
        #expect(px(gray, 20, 15) > 180, "pale in gray: \(px(gray, 20, 15))")
        #expect(px(ink, 20, 15) < 130, "dark in the ink image: \(px(ink, 20, 15))")
        #expect(px(ink, 60, 15) == px(gray, 60, 15))
        #expect(px(ink, 80, 15) == px(gray, 80, 15))
        let other = try #require(GrayImage(width: 3, height: 3, pixels: [UInt8](repeating: 0, count: 9)))
        #expect(gray.formInk(dropout: other) == nil, "a dropout of another size")
    }

    /// The HUB-3A sample scan (`samples/`, 300 dpi, the form filling it) with its labels turned pale pink — the
    /// values and lines stay black — photographed whole on a dark table: the gray sheet passes find no form; the
    /// form's colour darkened finds it.
    @Test func paleColouredLabelsAreReadWithTheFormsColourDarkened() throws {
        let url = SlipFixtures.folder.appendingPathComponent("samples/hr.hub-3a-water-bill-scan.png")
        let scan = try ImageLoader().load([UInt8](Data(contentsOf: url))).image
        let template = try #require(SlipReader.builtInTemplates.first { $0.id == "hr.hub-3a" })
        let perMM = Double(scan.width) / template.width
        // Label pixels: inside an anchor's box, 1 mm around it.
        var label = [Bool](repeating: false, count: scan.pixelCount)
        for a in template.anchors {
            let x0 = max(0, Int((a.box.x - 1) * perMM)), x1 = min(scan.width, Int((a.box.x + a.box.w + 1) * perMM))
            let y0 = max(0, Int((a.box.y - 1) * perMM)), y1 = min(scan.height, Int((a.box.y + a.box.h + 1) * perMM))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { label[y * scan.width + x] = true } }
        }
        let margin = 300, table: UInt8 = 70
        let w = scan.width + 2 * margin, h = scan.height + 2 * margin
        var rgb = [UInt8](repeating: table, count: 3 * w * h)
        for y in 0..<scan.height {
            for x in 0..<scan.width {
                let g = Int(scan.pixels[y * scan.width + x]), i = 3 * ((y + margin) * w + x + margin)
                if label[y * scan.width + x] {
                    // Ink darkness as pale pink (#e8adcc at full ink: luma ~195 on white paper).
                    let d = 255 - g
                    rgb[i] = UInt8(255 - d * 23 / 255); rgb[i + 1] = UInt8(255 - d * 82 / 255); rgb[i + 2] = UInt8(255 - d * 51 / 255)
                } else {
                    (rgb[i], rgb[i + 1], rgb[i + 2]) = (UInt8(g), UInt8(g), UInt8(g))
                }
            }
        }
        let (gray, dropout) = rgb.withUnsafeBufferPointer { FormColorDropout.split(rgb: $0, width: w, height: h) }
        let values = try #require(dropout, "pink labels give a form colour")
        let found = try SlipReader.builtIn.read(image: gray, values: values, engine: TesseractEngine(), options: SlipImageOptions())
        #expect(found.map(\.slipClass) == ["hr.hub-3a"])
        let e = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill.expect"))
        for field in ["amount", "iban"] {
            #expect(SlipExpectation.observed(field, in: found.first?.record) == e.expected(field), "\(field)")
        }
    }
}
