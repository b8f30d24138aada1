import Foundation
import Giro
import GiroImaging
import Testing

/// Forms printed on a coloured ground: labels on the ground must come out as ink, the ground as paper.
@Suite struct AdaptiveThresholdTests {
    @Test func theGroundIsPaperAndPrintOnItIsInk() throws {
        // Left half an orange ground (gray 190) with dark strokes (60), right half a white box (250) with a value (30).
        let w = 400, h = 200
        var px = [UInt8](repeating: 190, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                if x >= 200 { px[y * w + x] = 250 }
                if y >= 90, y < 96, x % 40 < 20 { px[y * w + x] = x >= 200 ? 30 : 60 }
            }
        }
        let image = try #require(GrayImage(width: w, height: h, pixels: px))
        let binary = image.adaptiveBinarized()
        #expect(binary.width == w && binary.height == h)
        func at(_ x: Int, _ y: Int) -> UInt8 { binary.pixels[y * w + x] }
        #expect(at(100, 30) == 255, "the coloured ground is paper")
        #expect(at(300, 30) == 255, "the white box is paper")
        #expect(at(5, 92) == 0, "a stroke on the ground is ink")
        #expect(at(205, 92) == 0, "a stroke in the box is ink")
        #expect(at(25, 92) == 255, "the ground between strokes stays paper")
    }
}
