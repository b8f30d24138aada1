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
        #expect(SlipReader.photographed(t, box))
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

    /// A name the fit put 1.6 mm below its box's top on a photo (two fifths of its glyphs inside the box): the
    /// crop grows up over the whole line. On a scan at the crop's own resolution the box keeps its top (half the
    /// glyphs must lie inside there: a label or the line above dipping in stays out).
    @Test func aPhotosValueCutAtTheBoxTopIsCompleted() throws {
        func crop(ppm: Double) throws -> GrayImage {
            let w = Int(100 * ppm), h = Int(25 * ppm)
            var p = [UInt8](repeating: 235, count: w * h)
            func px(_ v: Double) -> Int { Int((v * ppm).rounded()) }
            for k in 0..<10 {
                for y in px(8.4)..<px(11.8) { for x in px(14 + 5 * Double(k))..<px(16.5 + 5 * Double(k)) { p[y * w + x] = 40 } }
            }
            let image = try #require(GrayImage(width: w, height: h, pixels: p))
            let t = SlipTransform(a: ppm, b: 0, c: 0, d: 0, e: ppm, f: 0)
            return try #require(SlipReader.builtIn.valueCrop(image, values: nil, SlipBox(x: 10, y: 10, w: 80, h: 6), t, dpi: 300)).crop
        }
        // The box alone: 5.2 mm inside its edges at 300 dpi, and the white border.
        let boxHeight = Int((5.2 * 300 / 25.4).rounded()) + 2 * SlipReader.cropBorder
        #expect(try crop(ppm: Self.mm).height >= boxHeight + 20, "the photo's crop grows over the glyphs' tops")
        #expect(try crop(ppm: 300 / 25.4).height <= boxHeight + 2, "the scan's box keeps its top")
    }
}
