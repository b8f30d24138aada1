import Foundation
@testable import GiroImaging
import Testing

/// Sheets of paper drawn on a background at known corners (anti-aliased, with lines of "print", uneven light
/// and noise) are found at those corners; pictures without a sheet give none, and nothing crashes.
@Suite struct QuadDetectorTests {
    /// A deterministic noise source (the same picture every run).
    struct Noise {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 33) / Double(1 << 31) - 0.5
        }
    }

    /// Draws `sheets` (corners clockwise from top-left) with paper gray `paper` on a background of gray
    /// `background`, light falling to `light` at the bottom, ±`noise` gray levels.
    static func picture(width: Int, height: Int, sheets: [[QuadPoint]], paper: Double = 235, background: Double = 80,
                        light: Double = 0.7, noise: Double = 12) -> GrayImage? {
        let unit = [QuadPoint(x: 0, y: 0), QuadPoint(x: 1, y: 0), QuadPoint(x: 1, y: 1), QuadPoint(x: 0, y: 1)]
        let toSheet = sheets.compactMap { Homography.mapping($0, to: unit) }
        var rng = Noise()
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // 3×3 samples per pixel: edges fall between pixels as on a real camera.
                var sum = 0.0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let p = QuadPoint(x: Double(x) + (Double(sx) + 0.5) / 3, y: Double(y) + (Double(sy) + 0.5) / 3)
                        var v = background
                        for h in toSheet {
                            guard let u = h.apply(p), u.x >= 0, u.x <= 1, u.y >= 0, u.y <= 1 else { continue }
                            // Lines of print: bands of dashes away from the sheet's border.
                            let inLine = u.y > 0.15 && u.y < 0.85 && Int(u.y * 20) % 3 == 0 && u.x > 0.08 && u.x < 0.8
                            v = inLine && Int(u.x * 90) % 2 == 0 ? 40 : paper
                        }
                        sum += v
                    }
                }
                let lit = sum / 9 * (1 - (1 - light) * Double(y) / Double(height))
                pixels[y * width + x] = UInt8(max(0, min(255, lit + noise * rng.next())))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    static func sheet(cx: Double, cy: Double, w: Double, h: Double, degrees: Double, topShrink: Double = 1) -> [QuadPoint] {
        let th = degrees * .pi / 180
        return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { fx, fy in
            let vx = fx * w * (fy < 0 ? topShrink : 1), vy = fy * h
            return QuadPoint(x: cx + vx * cos(th) - vy * sin(th), y: cy + vx * sin(th) + vy * cos(th))
        }
    }

    static func expectNear(_ got: [QuadPoint], _ want: [QuadPoint], tolerance: Double = 1.5) {
        #expect(got.count == 4)
        for (g, w) in zip(got, want) {
            #expect(abs(g.x - w.x) <= tolerance && abs(g.y - w.y) <= tolerance, "corner \(g) vs \(w)")
        }
    }

    @Test func photoOfOneSlip() throws {
        let want = Self.sheet(cx: 410, cy: 300, w: 600, h: 290, degrees: -5, topShrink: 0.94)
        let image = try #require(Self.picture(width: 820, height: 560, sheets: [want]))
        let found = QuadDetector().detect(image)
        try #require(found.count == 1)
        #expect(found[0].brighterThanBackground)
        Self.expectNear(found[0].corners, want)
    }

    @Test func twoSlipsOnOnePhotoInReadingOrder() throws {
        let right = Self.sheet(cx: 700, cy: 260, w: 420, h: 200, degrees: 6)
        let left = Self.sheet(cx: 240, cy: 250, w: 380, h: 190, degrees: -4)
        let below = Self.sheet(cx: 460, cy: 620, w: 500, h: 230, degrees: 3, topShrink: 0.95)
        let image = try #require(Self.picture(width: 960, height: 820, sheets: [right, below, left]))
        let found = QuadDetector().detect(image)
        try #require(found.count == 3)
        Self.expectNear(found[0].corners, left)
        Self.expectNear(found[1].corners, right)
        Self.expectNear(found[2].corners, below)
    }

    @Test func whitePaperOnALightScannerLid() throws {
        // The skewed scan: paper only a little brighter than the lid around it.
        let want = Self.sheet(cx: 520, cy: 330, w: 880, h: 450, degrees: 2.5)
        let image = try #require(Self.picture(width: 1040, height: 640, sheets: [want], paper: 250, background: 232, light: 1, noise: 6))
        let found = QuadDetector().detect(image)
        try #require(found.count == 1)
        Self.expectNear(found[0].corners, want)
    }

    @Test func darkSlipOnALightTable() throws {
        let want = Self.sheet(cx: 400, cy: 260, w: 520, h: 260, degrees: 4)
        let image = try #require(Self.picture(width: 800, height: 520, sheets: [want], paper: 150, background: 235, light: 1))
        let found = QuadDetector().detect(image)
        try #require(found.count == 1)
        #expect(!found[0].brighterThanBackground)
        Self.expectNear(found[0].corners, want)
    }

    @Test func picturesWithoutASheetGiveNone() throws {
        // A scan whose page fills the frame, a blank page, pure noise, a gradient, a round blob.
        let page = try #require(Self.picture(width: 600, height: 400, sheets: [Self.sheet(cx: 300, cy: 200, w: 640, h: 440, degrees: 0)]))
        var rng = Noise()
        let noise = try #require(GrayImage(width: 500, height: 400, pixels: (0..<200_000).map { _ in UInt8(128 + 250 * rng.next()) }))
        let blank = try #require(GrayImage(width: 500, height: 400, pixels: [UInt8](repeating: 255, count: 200_000)))
        let gradient = try #require(GrayImage(width: 500, height: 400, pixels: (0..<200_000).map { UInt8($0 % 500 / 2) }))
        let blob = try #require(GrayImage(width: 500, height: 400, pixels: (0..<200_000).map { i in
            let dx = Double(i % 500 - 250), dy = Double(i / 500 - 200)
            return dx * dx + dy * dy < 150 * 150 ? 230 : 60
        }))
        for image in [page, noise, blank, gradient, blob] {
            #expect(QuadDetector().detect(image).isEmpty)
        }
    }

    @Test func oddShapesNeverCrash() throws {
        var rng = Noise()
        for (w, h) in [(1, 1), (3, 5000), (5000, 3), (63, 63), (64, 64), (70, 2000), (200, 150)] {
            let image = try #require(GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8(128 + 250 * rng.next()) }))
            _ = QuadDetector().detect(image)
            // Striped and checkered patterns: many regions, some of them quadrilaterals; any answer is fine.
            let stripes = try #require(GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { ($0 % w) / 7 % 2 == 0 ? 255 : 0 }))
            _ = QuadDetector().detect(stripes)
        }
        let checker = try #require(GrayImage(width: 400, height: 400, pixels: (0..<160_000).map { i in (i % 400 / 100 + i / 40_000) % 2 == 0 ? 250 : 20 }))
        #expect(QuadDetector().detect(checker).count <= QuadDetector().maxQuads)
    }

    @Test func rectifiedSheetIsUpright() throws {
        // Rectifying a sheet drawn at -5° with perspective gives an upright copy: the print's dashes lie in rows.
        let want = Self.sheet(cx: 410, cy: 300, w: 600, h: 290, degrees: -5, topShrink: 0.94)
        let image = try #require(Self.picture(width: 820, height: 560, sheets: [want], light: 1, noise: 0))
        let (upright, map) = try #require(image.rectified(want, width: 600, height: 290))
        let back = try #require(map.apply(QuadPoint(x: 600, y: 290)))
        #expect(abs(back.x - want[2].x) < 1e-6 && abs(back.y - want[2].y) < 1e-6)
        // Row 0.3 of the sheet (a line of print: u.y·20 = 6) has ink; row 0.2 (u.y·20 = 4) is paper only.
        let inkRow = upright.pixels[(Int(0.31 * 290) * 600 + 100)..<(Int(0.31 * 290) * 600 + 400)]
        let paperRow = upright.pixels[(Int(0.22 * 290) * 600 + 100)..<(Int(0.22 * 290) * 600 + 400)]
        #expect(inkRow.min() ?? 255 < 100)
        #expect(paperRow.min() ?? 0 > 200)
    }
}
