import GiroImaging
import GiroSlips
import Testing

/// An amount's separator dropped by the OCR is put back from the crop: one comma-sized mark on the baseline in a gap
/// between digits, two digits right of it.
@Suite struct SlipDecimalMarkTests {
    /// A white 400×80 crop with ink rectangles `(x0, x1, y0, y1)` (inclusive rows, exclusive columns).
    static func crop(_ boxes: [(Int, Int, Int, Int)]) -> GrayImage? {
        var p = [UInt8](repeating: 255, count: 400 * 80)
        for (x0, x1, y0, y1) in boxes { for y in y0...y1 { for x in x0..<x1 { p[y * 400 + x] = 0 } } }
        return GrayImage(width: 400, height: 80, pixels: p)
    }

    /// Five digits in cells 40 px apart, rows 20–49 (cap height 29).
    static func digits(_ n: Int = 5) -> [(Int, Int, Int, Int)] { (0..<n).map { (40 + 40 * $0, 58 + 40 * $0, 20, 49) } }
    /// A comma in the gap after the third digit: rows 44–55, on and below the baseline.
    static let comma = (144, 150, 44, 55)
    /// A comb tick rising from the box's bottom edge (rows 50–62) in every gap.
    static func ticks(_ n: Int = 5) -> [(Int, Int, Int, Int)] { (1..<n).map { (68 + 40 * ($0 - 1), 70 + 40 * ($0 - 1), 50, 62) } }

    @Test func aCommaOnACellWallIsPutBack() throws {
        let image = try #require(Self.crop(Self.digits() + [Self.comma]))
        #expect(SlipDecimalMark.repaired("10235", crop: image) == "102,35")
        #expect(SlipDecimalMark.repaired("=10235", crop: image) == "102,35")
    }

    /// No mark, ticks at every wall (no one mark stands out), a mark with other than two digits after it, or a
    /// count of glyphs that differs from the digits read: nothing is invented.
    @Test func withoutOneClearMarkNothingChanges() throws {
        #expect(SlipDecimalMark.repaired("10235", crop: try #require(Self.crop(Self.digits()))) == nil)
        #expect(SlipDecimalMark.repaired("10235", crop: try #require(Self.crop(Self.digits() + Self.ticks()))) == nil)
        #expect(SlipDecimalMark.repaired("10235", crop: try #require(Self.crop(Self.digits() + [(184, 190, 44, 55)]))) == nil)
        #expect(SlipDecimalMark.repaired("1023", crop: try #require(Self.crop(Self.digits() + [Self.comma]))) == nil)
        #expect(SlipDecimalMark.repaired("10235", crop: nil) == nil)
    }
}
