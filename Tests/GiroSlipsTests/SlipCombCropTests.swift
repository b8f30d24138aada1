import Foundation
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// Reading a correctly placed comb zone: the crop levelled by its box's lines (`SlipCropLevel`), a dropped form
/// colour's light remains turned to paper, the lattice of a long comb refined over all its ticks, the rows inside
/// the box only, a separator in a cell of its own.
@Suite struct SlipCombCropTests {
    /// Paper `w`×`h` with a 2 px line falling `drop` px over its length from (x0, y) to (x1, y + drop).
    static func tiltedLine(w: Int, h: Int, x0: Int, x1: Int, y: Int, drop: Double, into p: inout [UInt8]) {
        for x in x0..<x1 {
            let yy = Double(y) + drop * Double(x - x0) / Double(x1 - x0)
            for r in Int(yy)...(Int(yy) + 1) where r >= 0 && r < h { p[r * w + x] = 0 }
        }
    }

    @Test func aTurnedCropIsLevelledByItsLine() throws {
        let w = 900, h = 100, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        // A box's bottom edge falling 12 px across the crop (about 0.8°), glyph blocks above it.
        Self.tiltedLine(w: w, h: h, x0: 20, x1: 880, y: 60, drop: 12, into: &p)
        for k in 0..<8 { for y in 30..<50 { for x in (40 + 50 * k)..<(60 + 50 * k) { p[y * w + x] = 0 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let slope = try #require(SlipCropLevel.slope(crop, border: border))
        #expect(abs(slope - 12.0 / 860) < 0.002, "\(slope)")
        let level = SlipCropLevel.levelled(crop, border: border)
        // The line now lies on the same two or three rows at both ends.
        func lineRows(_ x: Int) -> [Int] { (0..<h).filter { level.pixels[$0 * w + x] < 128 && $0 > 58 } }
        let left = lineRows(40), right = lineRows(860)
        #expect(!left.isEmpty && !right.isEmpty)
        #expect(abs((left.first ?? 0) - (right.first ?? 99)) <= 1, "\(left) \(right)")
    }

    @Test func aLevelCropOrOneWithoutLinesIsLeftAlone() throws {
        let w = 900, h = 100, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        for k in 0..<8 { for y in 30..<50 { for x in (40 + 50 * k)..<(60 + 50 * k) { p[y * w + x] = 0 } } }
        #expect(SlipCropLevel.slope(try #require(GrayImage(width: w, height: h, pixels: p)), border: border) == nil)
        Self.tiltedLine(w: w, h: h, x0: 20, x1: 880, y: 60, drop: 0, into: &p)
        #expect(SlipCropLevel.slope(try #require(GrayImage(width: w, height: h, pixels: p)), border: border) == nil)
    }

    @Test func droppedColourRemainsBecomePaper() throws {
        let w = 300, h = 80, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        // Light gray ticks (a red comb after dropout) between black glyphs.
        for k in 0..<6 { for y in 45..<60 { for x in (40 + 40 * k)..<(42 + 40 * k) { p[y * w + x] = 175 } } }
        for k in 0..<5 { for y in 25..<55 { for x in (50 + 40 * k)..<(70 + 40 * k) { p[y * w + x] = 10 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let clean = SlipReader.remainsToPaper(crop, border: border)
        #expect(clean.pixels[50 * w + 40] == 255 && clean.pixels[30 * w + 55] == 10)
    }

    /// 30 ticks at a pitch of 40.45 px: one gap measured to the pixel drifts off the far ticks by 13 px; the
    /// refined pitch keeps every tick, so every one is whitened.
    @Test func aLongCombKeepsItsFarTicks() throws {
        let w = 1300, h = 90, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        let xs = (0..<30).map { Int((40 + 40.45 * Double($0)).rounded()) }
        for x0 in xs { for x in x0..<(x0 + 2) { for y in 54..<74 { p[y * w + x] = 0 } } }
        for y in 74..<76 { for x in 38..<(xs[29] + 4) { p[y * w + x] = 0 } }
        for y in 25..<50 { for x in 50..<62 { p[y * w + x] = 0 } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let comb = try #require(SlipCombCells.find(in: crop, border: border))
        #expect(comb.cells.count == 29, "\(comb.cells.count)")
        let white = comb.whitened(crop)
        #expect(xs.allSatisfy { white.pixels[60 * w + $0] == 255 }, "every tick whitened")
        #expect(white.pixels[75 * w + 600] == 255, "the bottom edge whitened")
        #expect(white.pixels[30 * w + 55] == 0, "the glyph kept")
        // The rows read are the box's: above its bottom edge.
        #expect(comb.boxRows(height: h).upperBound <= 74)
    }

    /// A bold glyph standing on the box's bottom edge and touching a tick (a comb printed tight, perturbed renders):
    /// its stem and the tick make one dark block too wide for a tick, so the tick was not found and stayed beside
    /// the glyph (read `C|` → `Cl`), and the edge under the glyph stayed as its underline. The tick is whitened where
    /// the lattice puts it, the edge under the glyph too; the glyph stays.
    @Test func aTickHiddenByATouchingGlyphIsWhitened() throws {
        let w = 900, h = 90, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        let xs = (0..<20).map { 40 + 40 * $0 }
        for x0 in xs { for x in x0..<(x0 + 2) { for y in 54..<74 { p[y * w + x] = 0 } } }
        for y in 74..<76 { for x in 38..<(xs[19] + 4) { p[y * w + x] = 0 } }
        // The glyph's stem, 10 px wide, on the edge, touching the tick at x = 200 from the right.
        for y in 36..<74 { for x in 202..<212 { p[y * w + x] = 0 } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let comb = try #require(SlipCombCells.find(in: crop, border: border))
        let white = comb.whitened(crop)
        #expect(white.pixels[60 * w + 200] == 255, "the hidden tick whitened")
        #expect(white.pixels[75 * w + 207] == 255, "no piece of the edge left under the glyph")
        #expect(white.pixels[60 * w + 207] == 0 && white.pixels[40 * w + 204] == 0, "the glyph kept")
        #expect(xs.filter { $0 != 200 }.allSatisfy { white.pixels[60 * w + $0] == 255 })
    }

    /// A stroke crossing the bottom edge (a descender, a comma hanging through it) keeps its columns of the edge.
    @Test func aStrokeThroughTheEdgeKeepsItsColumns() throws {
        let w = 900, h = 100, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        let xs = (0..<20).map { 40 + 40 * $0 }
        for x0 in xs { for x in x0..<(x0 + 2) { for y in 54..<74 { p[y * w + x] = 0 } } }
        for y in 74..<76 { for x in 38..<(xs[19] + 4) { p[y * w + x] = 0 } }
        for y in 60..<80 { for x in 215..<219 { p[y * w + x] = 0 } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let white = try #require(SlipCombCells.find(in: crop, border: border)).whitened(crop)
        #expect(white.pixels[75 * w + 217] == 0 && white.pixels[75 * w + 300] == 255)
    }

    /// A whitened comb crop of a tinted form: paper at 222 barred with white where ticks were whitened. The paper
    /// becomes white, the ink stays black, a glyph's gray rim stays gray.
    @Test func aCombCropsTintedPaperBecomesWhite() throws {
        let w = 400, h = 80, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        for y in 30..<60 { for x in 20..<380 { p[y * w + x] = 222 } }
        for k in 0..<9 { for y in 30..<60 { for x in (40 + 40 * k)..<(43 + 40 * k) { p[y * w + x] = 255 } } }
        for y in 35..<55 { for x in 50..<60 { p[y * w + x] = 0 }; p[y * w + 60] = 120 }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let white = SlipReader.paperWhite(crop, border: border)
        #expect(white.pixels[45 * w + 100] == 255 && white.pixels[45 * w + 41] == 255 && white.pixels[10 * w + 100] == 255)
        #expect(white.pixels[45 * w + 55] == 0)
        #expect(white.pixels[45 * w + 60] > 120 && white.pixels[45 * w + 60] < 200)
        // White paper is left as it is.
        #expect(SlipReader.paperWhite(white, border: border).pixels == white.pixels)
    }

    @Test func aSeparatorInACellOfItsOwn() {
        #expect(SlipSpacedText.joinedAmount("6 4 . 2 0") == "64,20")
        #expect(SlipSpacedText.joinedAmount("1 . 2 3 4 , 5 6") == "1234,56")
        #expect(SlipSpacedText.joinedAmount("1 , 2 3 4 . 5 6") == "1234,56")
        // The same mark twice, or a thousands mark not three digits before the decimal one: no amount.
        #expect(SlipSpacedText.joinedAmount("1 . 2 3 4 . 5 6") == nil)
        #expect(SlipSpacedText.joinedAmount("1 . 2 3 , 5 6") == nil)
        #expect(SlipSpacedText.joinedAmount("6 4 2 0") == nil)
    }

    /// The payee comb of a perturbed render (fixtures/slips/perturb.py, seed 1, gb.bank-giro-credit gas-bill: red
    /// form, ticks rising from the bottom edge, mono-bold value one letter a cell) placed through a fit turned by
    /// 0.8°, as a fit from labels another printer moved comes out: read from the colour dropout, whose light gray
    /// ticks and edges were read as letters (`Noor ther Gia\\s Sup ply Ltd`), the name is read whole.
    @Test func aTickCombThroughATurnedFitIsRead() throws {
        let url = RepositoryRoot.url.appendingPathComponent("fixtures/images/comb-crops/gb-payee-tick-comb.png")
        let loaded = try ImageLoader().load([UInt8](Data(contentsOf: url)))
        let values = try #require(loaded.dropout, "a red form has a colour dropout")
        // The box: (105, 50)–(1223, 111) px at 300 dpi; the fit turns it by 0.8° about its centre.
        let s = 300 / 25.4, theta = 0.8 * Double.pi / 180
        let box = SlipBox(x: 105 / s, y: 50 / s, w: 1118 / s, h: 61 / s)
        let (cx, cy) = (664.0, 80.5)
        let (co, si) = (cos(theta), sin(theta))
        let t = SlipTransform(a: s * co, b: -s * si, c: cx - co * cx + si * cy, d: s * si, e: s * co, f: cy - si * cx - co * cy)
        let (crop, _, cells) = try #require(SlipReader.builtIn.valueCrop(loaded.image, values: values, box, t, dpi: 300))
        let settings = OCRSettings(languages: ["eng"], whitelist: SlipParserKind.text.defaultWhitelist, layout: .line,
                                   budgetMilliseconds: 5_000)
        let read = try #require(SlipReader.zoneLines(crop, cells: cells, parser: .text, engine: TesseractEngine(), settings: settings))
        #expect(read.text == ["Northern Gas Supply Ltd"])
    }

    /// A comb on a colour dropout (`strict`) whose first ticks no longer stand on a line: a label printed under the
    /// box joins their dark runs through its bottom edge (perturbed BPAY reference `2007 0501 0000 11`, read
    /// `0070501000011`). The lattice is extended over them, so the first characters keep their cells; a stroke on
    /// the pitch beside the box, where no box edge runs, is no tick.
    @Test func ticksALabelJoinsStayOnTheLattice() throws {
        let w = 1000, h = 120, border = 16
        var p = [UInt8](repeating: 255, count: w * h)
        let wall = 130, xs = (0..<18).map { 170 + 40 * $0 }
        for y in 30..<32 { for x in wall..<(xs[17] + 2) { p[y * w + x] = 0 } }        // top edge
        for y in 84..<86 { for x in wall..<(xs[17] + 2) { p[y * w + x] = 0 } }        // bottom edge
        for y in 30..<86 { for x in wall..<(wall + 3) { p[y * w + x] = 0 } }          // the box's left wall
        for x0 in xs { for x in x0..<(x0 + 2) { for y in 64..<84 { p[y * w + x] = 0 } } }
        // The label under the box touches the first two ticks' feet.
        for x0 in xs.prefix(2) { for x in x0..<(x0 + 2) { for y in 86..<104 { p[y * w + x] = 0 } } }
        // A label's stroke left of the box, on the pitch.
        for x in 90..<92 { for y in 60..<86 { p[y * w + x] = 0 } }
        // Glyphs in the first three cells.
        let glyphs = [142, 182, 222]
        for g in glyphs { for x in g..<(g + 16) { for y in 44..<82 { p[y * w + x] = 0 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let comb = try #require(SlipCombCells.find(in: crop, border: border, strict: true))
        for g in glyphs {
            #expect(comb.cells.contains { $0.x0 <= g && $0.x1 >= g + 15 }, "a cell holds the glyph at \(g): \(comb.cells)")
        }
        #expect(comb.cells.allSatisfy { $0.x0 > wall }, "no cell left of the box")
    }

    /// A comb box printed with a tint inside (on the colour dropout its inside stays gray, darker than the paper
    /// around it): its rows are no lines, so whitening the edges leaves the glyphs (perturbed `Atelier Dupont SARL`
    /// was whitened away whole and read as an empty comb).
    @Test func aTintedBoxKeepsItsGlyphs() throws {
        let w = 900, h = 100, border = 16
        var p = [UInt8](repeating: 200, count: w * h)
        for y in 22..<80 { for x in 30..<870 { p[y * w + x] = 165 } }                 // the tinted inside
        for y in 20..<22 { for x in 30..<870 { p[y * w + x] = 40 } }                  // top edge
        for y in 80..<82 { for x in 30..<870 { p[y * w + x] = 40 } }                  // bottom edge
        for x0 in [30, 868] { for x in x0..<(x0 + 2) { for y in 20..<82 { p[y * w + x] = 40 } } }
        let xs = (0..<20).map { 70 + 40 * $0 }
        for x0 in xs { for x in x0..<(x0 + 2) { for y in 60..<80 { p[y * w + x] = 40 } } }
        let glyphs = [42, 82, 122, 242]
        for g in glyphs { for x in g..<(g + 16) { for y in 36..<76 { p[y * w + x] = 40 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        let comb = try #require(SlipCombCells.find(in: crop, border: border, strict: true))
        let white = comb.whitened(crop)
        for g in glyphs { #expect(white.pixels[50 * w + g + 8] < 128, "the glyph at \(g) kept") }
        #expect(xs.allSatisfy { white.pixels[70 * w + $0] == 255 }, "the ticks whitened")
    }
}
