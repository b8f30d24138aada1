import GiroImaging
import GiroSlips
import Testing

/// Leading fill marks before an amount are whitened; digits, a decimal point and a mid-height dash are not.
@Suite struct SlipFillMarksTests {
    /// A white 300×80 crop with ink rectangles `(x0, x1, y0, y1)` (inclusive rows, exclusive columns).
    static func crop(_ boxes: [(Int, Int, Int, Int)]) -> GrayImage? {
        var p = [UInt8](repeating: 255, count: 300 * 80)
        for (x0, x1, y0, y1) in boxes { for y in y0...y1 { for x in x0..<x1 { p[y * 300 + x] = 0 } } }
        return GrayImage(width: 300, height: 80, pixels: p)
    }

    // Measured on the UPN scan's amount crop: asterisks rows 19–35, digits 20–46, the point 41–46.
    static let digits = [(100, 115, 20, 46), (124, 129, 41, 46), (141, 158, 20, 46), (164, 181, 20, 46)]

    @Test func asterisksBeforeTheAmountAreWhitened() throws {
        let image = try #require(Self.crop([(26, 42, 19, 35), (49, 65, 19, 35), (72, 88, 19, 35)] + Self.digits))
        let cleared = try #require(SlipFillMarks.blankingLeading(image))
        #expect(try #require(Self.crop(Self.digits)) == cleared)
    }

    @Test func aDashOrNoMarkLeavesTheCropAlone() throws {
        #expect(SlipFillMarks.blankingLeading(try #require(Self.crop(Self.digits))) == nil)
        #expect(SlipFillMarks.blankingLeading(try #require(Self.crop([(70, 88, 31, 34)] + Self.digits))) == nil)
        // Marks only (nothing digit-sized after them): not an amount line, left as it is.
        #expect(SlipFillMarks.blankingLeading(try #require(Self.crop([(26, 42, 19, 35)]))) == nil)
        #expect(SlipFillMarks.blankingLeading(try #require(Self.crop([]))) == nil)
    }
}
