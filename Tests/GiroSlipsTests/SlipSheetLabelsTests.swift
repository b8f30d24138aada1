import Foundation
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// A slip photographed away from the picture's top-left corner is read on its sheet rectified, and what was found
/// there is handed on in the picture's pixels: the fit, the words and the labels alike. (The labels once stayed in
/// the rectified sheet's pixels while the fit was the picture's, so label placement, form parts and the amount
/// search measured one against the other and missed by the sheet's offset.)
@Suite struct SlipSheetLabelsTests {
    /// generate.py's photo of the orange ESR (perspective, −5°, uneven light, blur, JPEG) laid on a dark table
    /// `left` × `top` pixels from the picture's corner.
    static func onTable(left: Int, top: Int) throws -> GrayImage {
        let url = SlipFixtures.folder.appendingPathComponent("samples/ch.esr-spec-example-photo.jpg")
        let photo = try ImageLoader().load([UInt8](Data(contentsOf: url))).image
        let width = left + photo.width + 120, height = top + photo.height + 120
        var pixels = [UInt8](repeating: 70, count: width * height)
        for y in 0..<photo.height {
            pixels.replaceSubrange(((top + y) * width + left)..<((top + y) * width + left + photo.width),
                                   with: photo.pixels[(y * photo.width)..<((y + 1) * photo.width)])
        }
        return try #require(GrayImage(width: width, height: height, pixels: pixels))
    }

    @Test func labelsFoundOnASheetAreInThePicturesPixels() throws {
        let image = try Self.onTable(left: 900, top: 700)
        let found = try SlipReader.builtIn.read(image: image, engine: TesseractEngine(), options: SlipImageOptions())
        try #require(found.count == 1)
        #expect(found[0].slipClass == "ch.esr")
        let fit = try #require(found[0].fit)
        try #require(fit.anchors.count >= fit.template.minAnchors)
        // Each label the fit rests on lies where the fit puts its anchor (the consensus's 6 mm), on the picture.
        let tolerance = SlipClassifier.toleranceMM * fit.transform.scale
        for hit in fit.anchors {
            let p = fit.transform.apply(SlipClassifier.reference(fit.template.anchors[hit.anchor]))
            let d = ((p.x - hit.center.x) * (p.x - hit.center.x) + (p.y - hit.center.y) * (p.y - hit.center.y)).squareRoot()
            #expect(d <= tolerance, "anchor \(fit.template.anchors[hit.anchor].text): \(hit.center) vs \(p)")
        }
        // Every label found (inlier or not) is on the slip, which lies right of and below the table's margin.
        for hit in fit.hits {
            #expect(hit.bounds.x0 >= 880 && hit.bounds.y0 >= 680, "\(fit.template.anchors[hit.anchor].text) at \(hit.bounds)")
        }
        // The label-placed boxes read the slip's values as on the photo alone.
        let e = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("ch.esr/spec-example.expect"))
        for field in ["amount", "reference", "creditor"] {
            #expect(SlipExpectation.observed(field, in: found[0].record) == e.expected(field), "\(field)")
        }
    }

    /// A label's box and reference point are taken again from its words mapped onto the picture.
    @Test func aLabelTakesItsWordsPlace() {
        let page = PageWords(width: 4000, height: 3000, words: [PageWord(text: "Konto", x: 1200, y: 800, w: 90, h: 20, confidence: 0.9),
                      PageWord(text: "Compte", x: 1300, y: 804, w: 100, h: 24, confidence: 0.9)])
        let onSheet = AnchorHit(anchor: 2, center: SlipPoint(x: 30, y: 40), words: [0, 1],
                                bounds: PixelRect(x0: 30, y0: 30, x1: 240, y1: 52))
        let onImage = SlipReader.mapped(onSheet, words: page)
        #expect(onImage.bounds == PixelRect(x0: 1200, y0: 800, x1: 1400, y1: 828))
        #expect(onImage.center.x == 1200 && onImage.center.y == 814)
        #expect(onImage.anchor == 2 && onImage.words == [0, 1])
    }

    /// The HUB-3A's labels found on a sheet of its proportions (2100 × 990 px, 10 px a millimetre): `on` maps
    /// each anchor's point to where it was found; the labels' own fit is `fit`, resting on the first four.
    static func sheetMatch(labelsAt on: SlipTransform, fit: SlipTransform) throws -> SlipMatch {
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "hr.hub-3a" })
        let hits = t.anchors.indices.map { i in
            let c = on.apply(SlipClassifier.reference(t.anchors[i]))
            return AnchorHit(anchor: i, center: c, words: [], bounds: PixelRect(x0: c.x, y0: c.y - 10, x1: c.x + 200, y1: c.y + 10))
        }
        return SlipMatch(template: t, transform: fit, anchors: Array(hits.prefix(4)), hits: hits)
    }

    /// Labels where the form filling the sheet puts them, and a fit of four of them at 0.6 of the size (a
    /// receipt's copy of a label paired with the main part's): the sheet's edges place the form.
    @Test func theSheetPlacesAFormOfItsProportions() throws {
        let frame = SlipTransform(a: 10, b: 0, c: 0, d: 0, e: 10, f: 0)
        let shrunk = SlipTransform(a: 6, b: 0, c: 40, d: 0, e: 6, f: 30)
        let m = try Self.sheetMatch(labelsAt: frame, fit: shrunk)
        let placed = SlipReader.framedBySheet(m, width: 2100, height: 990)
        let corner = placed.transform.apply(SlipPoint(x: m.template.width, y: m.template.height))
        #expect(abs(corner.x - 2100) < 1e-6 && abs(corner.y - 990) < 1e-6)
        #expect(placed.anchors.count == m.template.anchors.count)
        // A sheet of other proportions (the slip on a larger paper) is not the form: the labels' fit stays.
        let larger = SlipReader.framedBySheet(m, width: 2100, height: 1400)
        #expect(larger.transform.apply(SlipPoint(x: 100, y: 50)) == shrunk.apply(SlipPoint(x: 100, y: 50)))
        // Labels that agree with their own fit (the slip printed smaller on the sheet) keep it.
        let own = try Self.sheetMatch(labelsAt: shrunk, fit: shrunk)
        let kept = SlipReader.framedBySheet(own, width: 2100, height: 990)
        #expect(kept.transform.apply(SlipPoint(x: 100, y: 50)) == shrunk.apply(SlipPoint(x: 100, y: 50)))
    }
}
