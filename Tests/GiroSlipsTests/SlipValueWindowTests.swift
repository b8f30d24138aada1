import GiroImaging
import Testing
@testable import GiroSlips

/// The value window of a zone crop (`SlipValueWindow`) and the comb groups (`SlipCombCells`) on synthetic crops.
@Suite struct SlipValueWindowTests {
    static let w = 400, h = 120
    /// Paper with black blocks (glyphs) at the given rectangles.
    static func crop(_ blocks: [(x: Range<Int>, y: Range<Int>)]) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: w * h)
        for b in blocks { for y in b.y { for x in b.x { pixels[y * w + x] = 0 } } }
        return try #require(GrayImage(width: w, height: h, pixels: pixels))
    }
    static let inner = SlipValueWindow.Window(x0: 40, y0: 40, x1: 300, y1: 80)
    static let limit = SlipValueWindow.Window(x0: 16, y0: 16, x1: 384, y1: 104)

    /// Glyphs cut by the box's bottom edge grow the window down to their end, not on to a line below the gap.
    @Test func glyphsCutAtTheBottomAreCompleted() throws {
        let image = try Self.crop([(60..<80, 55..<90), (90..<110, 55..<90), (60..<200, 100..<103)])
        let win = SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(win.y1 >= 90 && win.y1 < 100, "down to the glyphs' end, not the rule below: \(win)")
        #expect(win.y0 == Self.inner.y0 && win.x0 == Self.inner.x0)
    }

    /// A value cut at the right edge runs on (letters set apart as in a comb) to its last glyph.
    @Test func valueCutAtTheRightRunsOn() throws {
        let glyphs = stride(from: 240, to: 380, by: 30).map { (x: $0..<($0 + 12), y: 50..<70) }
        let image = try Self.crop(glyphs)
        let win = SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(win.x1 >= 372, "the last glyph is inside: \(win)")
    }

    /// Ink well inside the box, or a frame line right of the box: the box stays.
    @Test func valueInsideStays() throws {
        let image = try Self.crop([(60..<80, 50..<70), (90..<110, 50..<70), (320..<323, 20..<110)])
        #expect(SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 30) == Self.inner)
    }

    /// A comb in groups (`11678045 - 09516313`): walls 30 px apart in two groups set apart by 45 px; the cells of
    /// both groups, and one cell for the gap between them.
    @Test func combInGroups() throws {
        let w = 700, h = 90, border = 16
        var pixels = [UInt8](repeating: 255, count: w * h)
        let walls = (0...6).map { 40 + 30 * $0 } + (0...6).map { 265 + 30 * $0 }
        for x0 in walls { for x in x0..<(x0 + 2) { for y in 20..<70 { pixels[y * w + x] = 0 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: pixels))
        let comb = try #require(SlipCombCells.find(in: crop, border: border))
        #expect(comb.cells.count == 13, "6 + 1 + 6 cells: \(comb.cells)")
    }
}

/// A frame's edge read as `|` or an unpaired bracket at a line's end is dropped; a `|` inside the line, paired
/// brackets stay.
@Suite struct SlipFrameBarTests {
    @Test func loneBarsAtLineEndsAreDropped() {
        #expect(SlipReader.withoutFrameBars(["6075 0629 9006 |", "| KINDERGARTEN", "A | B", "| |", "|1234567890", "[2024031234",
                                             "[A] B"]) == ["6075 0629 9006", "KINDERGARTEN", "A | B", "1234567890", "2024031234", "[A] B"])
    }
}

/// A value in a comb longer than the template's box (another printer's form): the window runs on across the comb's
/// cell walls to the value's last glyph, and stops at the comb's end where the next box begins.
@Suite struct SlipCombEndTests {
    static let w = 900, h = 120
    static let inner = SlipValueWindow.Window(x0: 40, y0: 40, x1: 300, y1: 80)
    static let limit = SlipValueWindow.Window(x0: 16, y0: 16, x1: 884, y1: 104)

    /// Paper with full-height cell walls (3 px) at `walls` and a glyph (16 × 24 px) in each cell listed in `glyphs`.
    static func comb(walls: [Int], glyphs: [Int], drawWalls: Bool = true) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: w * h)
        if drawWalls { for x0 in walls { for x in x0..<(x0 + 3) { for y in 36..<84 { pixels[y * w + x] = 0 } } } }
        for g in glyphs { for x in g..<(g + 16) { for y in 48..<72 { pixels[y * w + x] = 0 } } }
        return try #require(GrayImage(width: w, height: h, pixels: pixels))
    }

    /// Cells 40 px wide from x = 40: the box ends at 300 inside the comb of 12 cells; the last four cells' glyphs
    /// (the value's end: `7450256` for `74502565`) are inside the window.
    @Test func theCombsLastCellsAreRead() throws {
        let walls = (0...12).map { 40 + 40 * $0 }
        let glyphs = (0..<12).map { 52 + 40 * $0 }
        let image = try Self.comb(walls: walls, glyphs: glyphs)
        let win = SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(win.x1 >= 52 + 40 * 11 + 16, "the last glyph is inside: \(win)")
        #expect(win.x1 < 52 + 40 * 11 + 40, "not past the comb's end: \(win)")
    }

    /// The comb ends (its end wall), a gap, and the next box's first wall and value: the window stops at the
    /// comb's last glyph (`962184` and the constant symbol's `0008` beside it).
    @Test func theNextBoxIsNotJoined() throws {
        let walls = (0...8).map { 40 + 40 * $0 } + (0...4).map { 400 + 40 * $0 }
        let glyphs = (0..<8).map { 52 + 40 * $0 } + (0..<4).map { 412 + 40 * $0 }
        let image = try Self.comb(walls: walls, glyphs: glyphs)
        let win = SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(win.x1 >= 52 + 40 * 7 + 16 && win.x1 < 400, "the first comb's last glyph, not the next box: \(win)")
    }

    /// On the colour dropout the walls are gone; the original (`frames`) still shows them: the next box is not
    /// joined there either, while the comb's own last glyphs are.
    @Test func wallsAreToldFromTheOriginal() throws {
        let walls = (0...8).map { 40 + 40 * $0 } + (0...4).map { 380 + 40 * $0 }
        let glyphs = (0..<8).map { 52 + 40 * $0 } + (0..<4).map { 392 + 40 * $0 }
        let dropout = try Self.comb(walls: walls, glyphs: glyphs, drawWalls: false)
        let original = try Self.comb(walls: walls, glyphs: glyphs)
        let joined = SlipValueWindow.grown(dropout, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(joined.x1 > 380, "without the walls the gap is a letter's: joined (\(joined))")
        let win = SlipValueWindow.grown(dropout, frames: original, inner: Self.inner, limit: Self.limit, reach: 30)
        #expect(win.x1 >= 52 + 40 * 7 + 16 && win.x1 < 380, "the comb's end from the original's walls: \(win)")
    }

    /// A model box (`97`) and, after a gap, the reference's box drawn lower (its wall is no full frame line in
    /// the model's rows): past the model box's end wall the paper is wider than a cell's margin, so the window
    /// ends at `7`.
    @Test func paperWiderThanACellsMarginEndsTheComb() throws {
        var pixels = [UInt8](repeating: 255, count: Self.w * Self.h)
        for x0 in [40, 80, 120] { for x in x0..<(x0 + 3) { for y in 36..<84 { pixels[y * Self.w + x] = 0 } } }
        for x in 160..<163 { for y in 60..<100 { pixels[y * Self.w + x] = 0 } }
        for g in [52, 92, 172] { for x in g..<(g + 16) { for y in 48..<72 { pixels[y * Self.w + x] = 0 } } }
        let image = try #require(GrayImage(width: Self.w, height: Self.h, pixels: pixels))
        let inner = SlipValueWindow.Window(x0: 40, y0: 40, x1: 110, y1: 80)
        let win = SlipValueWindow.grown(image, inner: inner, limit: Self.limit, reach: 30)
        #expect(win.x1 >= 108 && win.x1 < 160, "the model's `7`, not the reference's wall and `1`: \(win)")
    }
}

/// A box placed into a spaced value (a comb's letters a cell apart, its ticks gone with the form's colour) begins
/// between two letters: the letters left of it are the value's first (`Amra Hodžić` read `ra Hodžić`), while a frame
/// line left of the box still ends the window (the box before holds another field).
@Suite struct SlipValueWindowLeftTests {
    static let w = 400, h = 120
    static let inner = SlipValueWindow.Window(x0: 150, y0: 40, x1: 300, y1: 80)
    static let limit = SlipValueWindow.Window(x0: 16, y0: 16, x1: 384, y1: 104)

    /// Glyphs 12 px wide every 30 px from `from`, and optionally a full-height frame line (3 px) at `frame`.
    static func crop(glyphsFrom from: Int, frame: Int? = nil) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: w * h)
        for g in stride(from: from, to: 290, by: 30) { for x in g..<(g + 12) { for y in 50..<70 { pixels[y * w + x] = 0 } } }
        if let f = frame { for x in f..<(f + 3) { for y in 20..<110 { pixels[y * w + x] = 0 } } }
        return try #require(GrayImage(width: w, height: h, pixels: pixels))
    }

    @Test func lettersLeftOfABoxStartingBetweenThemAreTheValues() throws {
        // Glyphs at 76, 106, 136 (ends 148, left of the box at 150), 166 …: the first ink inside is 16 px in.
        let win = SlipValueWindow.grown(try Self.crop(glyphsFrom: 76), inner: Self.inner, limit: Self.limit, reach: 40)
        #expect(win.x0 <= 76, "the value's first letters are inside: \(win)")
    }

    @Test func aFrameLineLeftOfTheBoxEndsIt() throws {
        // The box's frame at 124–126, another box's value at 106 left of it.
        var pixels = try Self.crop(glyphsFrom: 166, frame: 124).pixels
        for x in 106..<118 { for y in 50..<70 { pixels[y * Self.w + x] = 0 } }
        let image = try #require(GrayImage(width: Self.w, height: Self.h, pixels: pixels))
        #expect(SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 40).x0 == Self.inner.x0)
    }

    /// The comb's end wall (thin, taller than the glyphs) before the first letter: the window starts after it.
    @Test func aCombsEndWallIsNoLetter() throws {
        var pixels = try Self.crop(glyphsFrom: 76).pixels
        for x in 64..<67 { for y in 42..<78 { pixels[y * Self.w + x] = 0 } }
        let image = try #require(GrayImage(width: Self.w, height: Self.h, pixels: pixels))
        let win = SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 40)
        #expect(win.x0 > 66 && win.x0 <= 76, "from the first letter, without the wall: \(win)")
    }

    /// Ink left of the box only below the value's rows (a label under the box dipping into the window): no letter.
    @Test func inkBelowTheValuesRowsIsNoLetter() throws {
        var pixels = try Self.crop(glyphsFrom: 166).pixels
        for x in 100..<140 { for y in 74..<80 { pixels[y * Self.w + x] = 0 } }
        let image = try #require(GrayImage(width: Self.w, height: Self.h, pixels: pixels))
        #expect(SlipValueWindow.grown(image, inner: Self.inner, limit: Self.limit, reach: 40).x0 == Self.inner.x0)
    }
}
