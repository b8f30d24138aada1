import GiroImaging
import GiroSlips
import Testing

/// A zero inside a word of letters in a name is the letter o; words with other digits or no letter stay.
@Suite struct SlipNameZerosTests {
    @Test func zerosAmongLettersBecomeO() {
        #expect(SlipNameZeros.lettered("Vodoopskrba d.0.0.") == "Vodoopskrba d.o.o.")
        #expect(SlipNameZeros.lettered("K0VAČ D.0.O.") == "KOVAČ D.O.O.")
    }

    @Test func numbersStay() {
        #expect(SlipNameZeros.lettered("Ulica 10") == "Ulica 10")
        #expect(SlipNameZeros.lettered("Firma 2000 d.o.o.") == "Firma 2000 d.o.o.")
        #expect(SlipNameZeros.lettered("B2B0 Ltd") == "B2B0 Ltd")
        #expect(SlipNameZeros.lettered("A-0") == "A-0")
    }
}

/// A comb box's end walls meet its edges only at a corner (no tick standing on a line): the cells beside them are
/// still cells, so a name's first and last letters are read.
@Suite struct SlipCombEndWallTests {
    @Test func theCellsBesideTheEndWallsAreKept() throws {
        let w = 420, h = 120, border = 16
        var pixels = [UInt8](repeating: 255, count: w * h)
        // Box: top edge rows 20–21, bottom 70–71, from x 30 to 391; end walls full height at 30–32 and 389–391.
        for y in 20...21 { for x in 30...391 { pixels[y * w + x] = 0 } }
        for y in 70...71 { for x in 30...391 { pixels[y * w + x] = 0 } }
        for x in [30, 31, 32, 389, 390, 391] { for y in 20...71 { pixels[y * w + x] = 0 } }
        // Ticks every 30 px rising 16 px from the bottom edge, between the walls.
        for k in 1...11 { for x in (30 + 30 * k)..<(32 + 30 * k) { for y in 54..<70 { pixels[y * w + x] = 0 } } }
        // A glyph in the first and in the last cell.
        for y in 35..<60 { for x in 40..<50 { pixels[y * w + x] = 0 } }
        for y in 35..<60 { for x in 372..<382 { pixels[y * w + x] = 0 } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: pixels))
        let comb = try #require(SlipCombCells.find(in: crop, border: border))
        #expect(comb.cells.first.map { $0.x0 <= 40 && $0.x1 >= 49 } == true, "\(comb.cells)")
        #expect(comb.cells.last.map { $0.x0 <= 372 && $0.x1 >= 381 } == true, "\(comb.cells)")
        let white = comb.whitened(crop)
        #expect(white.pixels[45 * w + 45] == 0 && white.pixels[45 * w + 377] == 0)
    }
}
