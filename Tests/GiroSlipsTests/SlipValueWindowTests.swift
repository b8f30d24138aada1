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
