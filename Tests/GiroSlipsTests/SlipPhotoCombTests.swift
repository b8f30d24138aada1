import Foundation
import GiroImaging
@testable import GiroSlips
import Testing

/// A comb on a photo: the slip at about 150 dpi, its thin ticks a pixel wide and only mid-gray (the lens's and the
/// JPEG's blur), its glyphs' strokes black. Enlarged to the zone's 300 dpi the ticks stay mid-gray, lighter than the
/// comb search's dark level; read as a line they came back as letters (`Marko, iBabjiić, Bit Ss E`).
@Suite struct SlipPhotoCombTests {
    static let mm = 150 / 25.4

    /// Paper (gray 235) with a box's bottom edge and ticks every 4 mm in `tick` gray, and dark glyph blocks in the
    /// first fifteen cells (a name filling its comb: the crop's darkest pixels are the glyphs', so its contrast
    /// stretch leaves the ticks mid-gray); `ppm` pixels per millimetre.
    static func photo(ppm: Double, tick: UInt8) throws -> GrayImage {
        let w = Int(100 * ppm), h = Int(25 * ppm)
        var p = [UInt8](repeating: 235, count: w * h)
        func px(_ v: Double) -> Int { Int((v * ppm).rounded()) }
        let lineWidth = max(1, px(0.17))
        for y in px(16)..<(px(16) + lineWidth) { for x in px(10)...px(90) { p[y * w + x] = tick } }
        for k in 0...20 {
            let x0 = px(10 + 4 * Double(k))
            for x in x0..<(x0 + lineWidth) { for y in px(14.2)..<px(16) { p[y * w + x] = tick } }
        }
        for k in 0..<15 {
            for y in px(11.5)..<px(14.8) { for x in px(10 + 4 * Double(k) + 1.2)..<px(10 + 4 * Double(k) + 2.8) { p[y * w + x] = 40 } }
        }
        return try #require(GrayImage(width: w, height: h, pixels: p))
    }

    @Test func mildGrayTicksOfAnEnlargedPhotoMakeAComb() throws {
        let image = try Self.photo(ppm: Self.mm, tick: 150)
        let t = SlipTransform(a: Self.mm, b: 0, c: 0, d: 0, e: Self.mm, f: 0)
        let box = SlipBox(x: 10, y: 10, w: 80, h: 6)
        #expect(SlipReader.enlargement(t, box, dpi: 300) > 1.9)
        let (crop, _, cells) = try #require(SlipReader.builtIn.valueCrop(image, values: nil, box, t, dpi: 300))
        let comb = try #require(cells, "the comb of mid-gray ticks is found")
        #expect(comb.cells.count >= 18, "\(comb.cells.count) cells")
        // The ticks are whitened: in the empty cells after the glyphs no mid-gray mark is left.
        var marks = 0
        for cell in comb.cells.suffix(3) where cell.x1 - cell.x0 > 8 {
            for y in 0..<crop.height { for x in (cell.x0 - 3)...(cell.x1 + 3) where crop.pixels[y * crop.width + x] < 200 { marks += 1 } }
        }
        #expect(marks < 20, "\(marks) pixels of ticks left")
    }
}
