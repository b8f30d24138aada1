import Foundation
import Giro
import GiroTestSupport
import Testing

/// The barcode search when the print was read after the quick passes (`ImageDecoder` with slips): a slip fitted at
/// a tilt replaces the blind fallback passes with one pass on the slip turned straight.
@Suite struct ReadingStrategySlipTests {
    func rotatedPDF417() throws -> (image: GrayImage, payload: [UInt8], tilt: Double, corners: [ImagePoint]) {
        let c = try #require(ImageFixtures.named("epc-pdf417-rot8"), "no fixture epc-pdf417-rot8")
        let image = try ImageLoader().load(try c.bytes()).image
        let payload = [UInt8](try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent(c.payloads[0])))
        let symbol = try #require(ReadingStrategy.unlimited.read(image) { _ in true }.symbols.first)
        let dx = Double(symbol.corners[1].x - symbol.corners[0].x), dy = Double(symbol.corners[1].y - symbol.corners[0].y)
        return (image, payload, atan2(dy, dx) * 180 / .pi, symbol.corners)
    }

    @Test func aTiltedSlipIsSearchedTurnedStraightInsteadOfBlindly() throws {
        let (image, payload, tilt, corners) = try rotatedPDF417()
        #expect(abs(tilt) > 5, "the fixture is meant to defeat zxing's PDF417 detector upright")
        // The slip around the symbol (a fit is never exact): twice its size.
        let cx = corners.reduce(0) { $0 + $1.x } / 4, cy = corners.reduce(0) { $0 + $1.y } / 4
        let slip = corners.map { ImagePoint(x: cx + 2 * ($0.x - cx), y: cy + 2 * ($0.y - cy)) }
        var asked = 0
        let r = ReadingStrategy.unlimited.read(image, recognises: { _ in true }) { quick in
            asked += 1
            #expect(quick.symbols.isEmpty && quick.passes.contains("zxing"))
            return .slipTilted(tilt, corners: slip)
        }
        #expect(asked == 1)
        #expect(r.symbols.map(\.bytes) == [payload])
        #expect(r.symbols.first?.pass == "zxing-slip-deskew", "\(r.passes)")
        #expect(!r.passes.contains("zxing-tiles") && !r.passes.contains { $0.hasPrefix("zxing-rotate") }, "\(r.passes)")
        // Corners come back in the image's pixels, on the symbol the full search found.
        let found = try #require(r.symbols.first)
        for (a, b) in zip(found.corners, corners) { #expect(abs(a.x - b.x) <= 6 && abs(a.y - b.y) <= 6, "\(found.corners) vs \(corners)") }
    }

    @Test func anUprightSlipEndsTheSearchAndAllKeepsIt() throws {
        let (image, payload, _, corners) = try rotatedPDF417()
        // Upright (within zxing's tolerance): the quick passes saw what there was to see.
        let upright = ReadingStrategy.unlimited.read(image, recognises: { _ in true }) { _ in .slipTilted(0, corners: corners) }
        #expect(upright.symbols.isEmpty && !upright.passes.contains("zxing-tiles"), "\(upright.passes)")
        // No form fitted: the full search, as without the caller.
        let all = ReadingStrategy.unlimited.read(image, recognises: { _ in true }) { _ in .all }
        #expect(all.symbols.map(\.bytes) == [payload] && all.symbols.first?.pass.hasPrefix("zxing-rotate") == true, "\(all.passes)")
    }
}
