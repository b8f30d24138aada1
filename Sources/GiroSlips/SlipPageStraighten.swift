import Foundation
import GiroCore
import GiroImaging
import GiroOCR

/// A page whose print lies turned (a slip laid by hand on a scanner's glass, 1–3°), straightened for the page
/// pass: Tesseract's sparse pass reads turned lines worse — it drops or garbles labels, so a form is not found or
/// fitted on a receipt's repeated labels. The page pass and the fit run on the upright copy; every fit is then
/// composed with the turn, so zones are cropped from the original image as for a rectified sheet.
struct SlipPageStraighten {
    /// Turns smaller than this (degrees) are read as they are: a line of 60 characters drifts less than a third of
    /// its height, which Tesseract follows.
    static let minDegrees = 0.5
    /// How much sharper the turned edge projection must be than the unturned one: a page that is not turned scores
    /// ~1.0 at every small angle; a 1° turn of a form's lines scores 1.5–4.
    static let minSharpness = 1.15

    let upright: GrayImage
    let toImage: Homography
    let degrees: Double

    /// The page straightened, or nil when it is not turned enough to matter (or has no lines to measure).
    init?(_ image: GrayImage) {
        guard let skew = image.skew(), abs(skew.degrees) >= Self.minDegrees, skew.sharpness >= Self.minSharpness,
              let (upright, toImage) = image.rotatedUpright(degrees: skew.degrees) else { return nil }
        self.upright = upright
        self.toImage = toImage
        self.degrees = skew.degrees
    }
}

extension SlipPageStraighten {
    /// A label hit on the upright page, on the original image: its point mapped, its bounds moved with their centre.
    func turnedBack(_ hit: AnchorHit) -> AnchorHit {
        var out = hit
        if let c = toImage.apply(QuadPoint(x: hit.center.x, y: hit.center.y)) { out.center = SlipPoint(x: c.x, y: c.y) }
        let b = hit.bounds
        if let c = toImage.apply(QuadPoint(x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2)) {
            let hw = (b.x1 - b.x0) / 2, hh = (b.y1 - b.y0) / 2
            out.bounds = PixelRect(x0: c.x - hw, y0: c.y - hh, x1: c.x + hw, y1: c.y + hh)
        }
        return out
    }
}

extension SlipReader {
    /// `locateOnPage` on the page straightened (`SlipPageStraighten`) when it is turned; the fits and words mapped
    /// back onto `image`. `straight` is measured once per image and shared by its page passes.
    func locateOnStraightPage(_ image: GrayImage, straight: SlipPageStraighten?, engine: some OCREngine,
                              options: SlipImageOptions, deadline: ContinuousClock.Instant, afterSheet: Bool = false,
                              binarized: Bool = false,
                              timings: inout SlipImageTimings) throws(GiroError) -> (located: [Located], unknown: [SlipReading]) {
        guard let straight else {
            return try locateOnPage(binarized ? image.adaptiveBinarized() : image, engine: engine, options: options,
                                    deadline: deadline, afterSheet: afterSheet, timings: &timings)
        }
        let page = binarized ? straight.upright.adaptiveBinarized() : straight.upright
        let found = try locateOnPage(page, engine: engine, options: options, deadline: deadline, afterSheet: afterSheet,
                                     timings: &timings)
        // A form found only unturned is taken (another page pass, only where the upright page gave no known form):
        // labels on a coloured ground read through the locally thresholded page are fragile, and resampling may
        // lose them (the orange ESR turned 0.5°).
        if !found.located.contains(where: { $0.match.template.id != Self.genericClass }), ContinuousClock.now < deadline {
            let plain = try locateOnPage(binarized ? image.adaptiveBinarized() : image, engine: engine, options: options,
                                         deadline: deadline, afterSheet: afterSheet, timings: &timings)
            if plain.located.contains(where: { $0.match.template.id != Self.genericClass }) { return plain }
        }
        let turn = SlipTransform(homography: straight.toImage)
        let located: [Located] = found.located.compactMap { m, words in
            guard let t = SlipTransform.compose(turn, m.transform) else { return nil }
            var match = m
            match.transform = t
            // The labels found, where the placement looks for them with the fit: on the original image too.
            match.anchors = m.anchors.map { straight.turnedBack($0) }
            match.hits = m.hits.map { straight.turnedBack($0) }
            return (match, Self.turnedBack(words, straight, onto: image))
        }
        let unknown = found.unknown.map { r in
            var out = r
            out.corners = r.corners.map { c in
                guard c.count >= 2, let p = straight.toImage.apply(QuadPoint(x: Double(c[0]), y: Double(c[1]))) else { return c }
                return [SlipPoint.pixel(p.x), SlipPoint.pixel(p.y)]
            }
            return out
        }
        return (located, unknown)
    }

    /// Words read on the upright page, on the original image: each box moved to where its centre lands, its size
    /// kept (the box of the turned word's corners would be taller by its width × the turn, and join lines).
    static func turnedBack(_ page: PageWords, _ straight: SlipPageStraighten, onto image: GrayImage) -> PageWords {
        var out = page
        out.width = image.width
        out.height = image.height
        out.words = page.words.map { w in
            let centre = QuadPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2)
            guard let c = straight.toImage.apply(centre) else { return w }
            return PageWord(text: w.text, x: SlipPoint.pixel(c.x - Double(w.w) / 2), y: SlipPoint.pixel(c.y - Double(w.h) / 2),
                            w: w.w, h: w.h, confidence: w.confidence)
        }
        return out
    }
}
