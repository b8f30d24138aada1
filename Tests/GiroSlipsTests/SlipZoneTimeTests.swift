import Foundation
import Giro
import GiroCore
import GiroImaging
@testable import GiroSlips
import Testing

/// The image path's time savings change no reading: a zone crop samples the same pixels as the per-pixel
/// transform and bilinear lookup it replaced, and only a value whose check digits passed skips its own looks.
@Suite struct SlipZoneTimeTests {
    static let reader = SlipReader(templates: SlipReader.builtInTemplates)

    /// The crop as it was made before (one `SlipTransform.apply` and one `GrayImage.bilinear` per pixel), before the
    /// contrast stretch.
    static func slowSample(_ image: GrayImage, _ box: SlipBox, _ t: SlipTransform, dpi: Double) -> (pixels: [UInt8], width: Int, height: Int) {
        let pad = -0.4, pxPerMM = dpi / 25.4, border = SlipReader.cropBorder
        let w = Int(((box.w + 2 * pad) * pxPerMM).rounded()) + 2 * border, h = Int(((box.h + 2 * pad) * pxPerMM).rounded()) + 2 * border
        var out = [UInt8](repeating: 255, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            for y in border..<(h - border) {
                for x in border..<(w - border) {
                    let p = t.apply(SlipPoint(x: box.x - pad + (Double(x - border) + 0.5) / pxPerMM, y: box.y - pad + (Double(y - border) + 0.5) / pxPerMM))
                    if let v = GrayImage.bilinear(src, width: image.width, height: image.height, p.x - 0.5, p.y - 0.5) { out[y * w + x] = v }
                }
            }
        }
        return (out, w, h)
    }

    @Test(arguments: [
        SlipTransform(a: 11.8, b: 0.3, c: 40, d: -0.2, e: 11.7, f: 25),                          // affine
        SlipTransform(a: 12.1, b: 0.9, c: 30, d: -0.7, e: 11.6, f: 60, g: 0.0011, h: -0.0007),   // a photo's perspective
    ])
    func cropSamplesTheSamePixels(_ t: SlipTransform) throws {
        var rng = SystemRandomNumberGenerator()
        let W = 900, H = 500
        let image = try #require(GrayImage(width: W, height: H, pixels: (0..<(W * H)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        // A box partly outside the image: those pixels stay white in both.
        for box in [SlipBox(x: 5, y: 4, w: 50, h: 6), SlipBox(x: 60, y: 30, w: 40, h: 12)] {
            let (expected, w, h) = Self.slowSample(image, box, t, dpi: 300)
            let border = SlipReader.cropBorder
            var out = [UInt8](repeating: 255, count: w * h), histogram = [Int](repeating: 0, count: 256)
            SlipReader.sample(image, t, left: box.x + 0.4, top: box.y + 0.4, pxPerMM: 300 / 25.4, into: &out, width: w, height: h,
                              border: border, histogram: &histogram)
            #expect(out == expected)
            #expect(histogram.reduce(0, +) == (w - 2 * border) * (h - 2 * border))
            #expect(Self.reader.rectify(image, box, t, dpi: 300) != nil)
        }
    }

    @Test func emptyBoxHasNoCrop() throws {
        let image = try #require(GrayImage(width: 10, height: 10, pixels: [UInt8](repeating: 200, count: 100)))
        #expect(Self.reader.rectify(image, SlipBox(x: 0, y: 0, w: 0.5, h: 5), SlipTransform(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0), dpi: 300) == nil)
    }

    static func zone(_ parser: SlipParserKind) throws -> SlipZone {
        let esr = try #require(SlipReader.builtInTemplates.first { $0.id == "ch.esr" })
        return try #require(esr.zones.first { $0.parser == parser } ?? esr.zones.first).with(parser: parser)
    }

    @Test func onlyACheckedPageReadingStands() throws {
        let reference = try Self.zone(.reference), amount = try Self.zone(.amount)
        let checked = FieldOutcome(value: .reference(Reference(type: .qrReference, value: "210000000003139471430009017", valid: true)))
        let unchecked = FieldOutcome(value: .reference(Reference(type: .other, value: "123456", valid: nil)))
        var corrected = checked
        corrected.corrections = ["O→0"]
        #expect(SlipReader.pageReadingStands(reference, outcome: checked, confidence: 80))
        #expect(!SlipReader.pageReadingStands(reference, outcome: checked, confidence: 79))
        #expect(!SlipReader.pageReadingStands(reference, outcome: checked, confidence: nil))
        #expect(!SlipReader.pageReadingStands(reference, outcome: unchecked, confidence: 95))
        #expect(!SlipReader.pageReadingStands(reference, outcome: corrected, confidence: 95))
        var faulted = checked
        faulted.diagnostics = [.warning(.slipFieldInvalid, field: "reference", uncertain: true, "check")]
        #expect(!SlipReader.pageReadingStands(reference, outcome: faulted, confidence: 95))
        let money = FieldOutcome(value: .amount(Amount(value: Decimal(string: "12.50") ?? 0, currency: "CHF")))
        #expect(!SlipReader.pageReadingStands(amount, outcome: money, confidence: 99))
    }
}

extension SlipZone {
    fileprivate func with(parser: SlipParserKind) -> SlipZone {
        var z = self
        z.parser = parser
        return z
    }
}
