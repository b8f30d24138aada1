import Foundation
import Giro
import GiroImaging
import GiroSlips
import GiroTestSupport
import Testing

/// Sheets found on the rendered skewed scans and photos (`make fixtures-slips IMAGES=1`) land on the corners the
/// generator put the form at; the formulas below are `degradations()` of `fixtures/slips/generate.py`.
@Suite struct SlipPaperTests {
    /// Corners (clockwise from top-left, pixels) of the form on each degradation's canvas.
    static func generatorCorners(width W: Double, height H: Double, degradation: String) -> [QuadPoint]? {
        func place(_ s: Double, degrees: Double, center: (Double, Double), topShrink: Double) -> [QuadPoint] {
            let th = degrees * .pi / 180
            return [(0.0, 0.0), (W, 0.0), (W, H), (0.0, H)].map { x, y in
                let shrink = y == 0 ? topShrink : 1
                let vx = (x - W / 2) * s * shrink, vy = (y - H / 2) * s
                return QuadPoint(x: center.0 + vx * cos(th) - vy * sin(th), y: center.1 + vx * sin(th) + vy * cos(th))
            }
        }
        switch degradation {
        case "skew":
            let s = 300 / 25.4
            let cw = ((W + 30) * s).rounded(), ch = ((H + 30) * s).rounded()
            return place(s, degrees: 2.5, center: (cw / 2 + 20, ch / 2 + 10), topShrink: 1)
        case "photo":
            let s = 190 / 25.4
            let pw = ((W + 50) * s).rounded(), ph = ((H + 60) * s).rounded()
            return place(s, degrees: -5, center: (pw / 2 - 10, ph / 2 + 15), topShrink: 0.94)
        case "photo12mp":
            return place(2880 / 210, degrees: 4, center: (2040, 1470), topShrink: 0.95)
        default:
            return nil
        }
    }

    struct Rendered: CustomTestStringConvertible, Sendable {
        let slipClass: String
        let file: String
        let degradation: String
        var testDescription: String { "\(slipClass)/\(file)" }
    }

    /// Every rendered skew/photo image present (none in a fresh clone before `make fixtures-slips IMAGES=1`).
    static func rendered() -> [Rendered] {
        let fm = FileManager.default
        var out: [Rendered] = []
        for c in ((try? fm.contentsOfDirectory(atPath: SlipFixtures.folder.path)) ?? []).sorted() where c.contains(".") {
            let files = (try? fm.contentsOfDirectory(atPath: SlipFixtures.folder.appendingPathComponent(c).path)) ?? []
            for f in files.sorted() where f.hasSuffix(".png") || f.hasSuffix(".jpg") {
                let stem = f.dropLast(4)
                guard let dash = stem.lastIndex(of: "-") else { continue }
                let d = String(stem[stem.index(after: dash)...])
                if d != "scan" { out.append(Rendered(slipClass: c, file: f, degradation: d)) }
            }
        }
        return out
    }

    @Test(arguments: rendered())
    func sheetFoundAtTheGeneratorsCorners(_ r: Rendered) throws {
        let template = try #require(SlipReader.builtInTemplates.first { $0.id == r.slipClass })
        let expected = try #require(Self.generatorCorners(width: template.width, height: template.height, degradation: r.degradation))
        let bytes = try Data(contentsOf: SlipFixtures.folder.appendingPathComponent("\(r.slipClass)/\(r.file)"))
        let image = try ImageLoader().load([UInt8](bytes)).image
        let quads = QuadDetector().detect(image)
        try #require(quads.count == 1, "\(quads.count) sheets")
        // 3 px: 0.25 mm on a 300-dpi scan, 0.4 mm on the 190-dpi photo.
        for (got, want) in zip(quads[0].corners, expected) {
            #expect(abs(got.x - want.x) <= 3 && abs(got.y - want.y) <= 3, "corner \(got) vs \(want)")
        }
    }
}
