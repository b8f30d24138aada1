import Foundation
import GiroImaging
@testable import GiroSlips
import Testing

/// A photographed block-layout zone (an address, a remittance) is read with its paper's shading divided out: one
/// threshold over a box shaded from one end made speckle of the dark end, which Tesseract's block layout read for
/// 0.4–0.8 s as invented words. Line zones, and boxes scanned at the crop's resolution, are read as cropped.
@Suite struct SlipBlockCropTests {
    /// A crop whose paper darkens from 240 on the right to 130 on the left (a shadow), with black glyph strokes
    /// (4 px wide, as a 10 pt glyph's at 300 dpi).
    static func shaded() throws -> GrayImage {
        let w = 600, h = 120
        var p = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { p[y * w + x] = UInt8(130 + 110 * x / (w - 1)) } }
        for k in 0..<40 {
            for y in 45..<75 { for x in (20 + 14 * k)..<(24 + 14 * k) { p[y * w + x] = 20 } }
        }
        return try #require(GrayImage(width: w, height: h, pixels: p))
    }

    static func zone(_ field: String) throws -> SlipZone {
        let template = try #require(SlipReader.builtIn.templates.first { $0.id == "at.zahlungsanweisung" })
        return try #require(template.zones.first { $0.field == field })
    }

    static let box = SlipBox(x: 62, y: 58.5, w: 140, h: 10)

    @Test func aPhotographedBlockCropHasItsShadingDividedOut() throws {
        let crop = try Self.shaded()
        let remittance = try Self.zone("remittanceInformation")
        #expect(remittance.ocr.layout == .block)
        let photo = SlipTransform(a: 150 / 25.4, b: 0, c: 0, d: 0, e: 150 / 25.4, f: 0)
        #expect(SlipReader.photographed(photo, Self.box))
        let ready = SlipReader.blockReady(crop, zone: remittance, t: photo, box: Self.box)
        // The shadowed paper at the left end comes out as light as the lit paper; the glyphs stay black.
        let paper = ready.pixels[10 * ready.width + 5], glyph = ready.pixels[60 * ready.width + 21]
        #expect(paper >= 230, "shadowed paper \(paper)")
        #expect(glyph <= 60, "glyph \(glyph)")
    }

    @Test func lineZonesAndScannedBlocksAreReadAsCropped() throws {
        let crop = try Self.shaded()
        let photo = SlipTransform(a: 150 / 25.4, b: 0, c: 0, d: 0, e: 150 / 25.4, f: 0)
        let scan = SlipTransform(a: 300 / 25.4, b: 0, c: 0, d: 0, e: 300 / 25.4, f: 0)
        #expect(SlipReader.blockReady(crop, zone: try Self.zone("creditor.name"), t: photo, box: Self.box) == crop)
        #expect(SlipReader.blockReady(crop, zone: try Self.zone("remittanceInformation"), t: scan, box: Self.box) == crop)
    }
}
