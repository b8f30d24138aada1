import Foundation

// A scanned page lies turned by a degree or two on the glass. Tesseract reads turned lines worse (it loses labels
// and accents), so the page is measured and, when turned, read straightened.
extension GrayImage {
    /// Largest turn looked for (degrees): a page laid on a scanner's glass by hand; more is a photo's perspective,
    /// which the sheet finder rectifies.
    package static let maxSkewDegrees = 4.0
    /// Long side of the copy the angle is measured on (pixels): 1 px over it is ~0.07°.
    static let skewSampleSide = 1000
    /// A change of gray level between the rows above and below a pixel that counts as a horizontal edge.
    static let skewEdgeContrast = 40
    /// Edge pixels sampled at most (time).
    static let skewMaxPoints = 120_000

    /// The angle (degrees, y down: positive when the page's lines descend to the right) at which the horizontal
    /// edges of the print — the tops and bottoms of its letters, the form's frame lines — line up best: the row
    /// projection of the edge pixels is sharpest there. `sharpness` is its score over the unturned projection's
    /// (1 for a page that is not turned or has no lines); nil for a page without edges.
    package func skew() -> (degrees: Double, sharpness: Double)? {
        let factor = max(1, (max(width, height) + Self.skewSampleSide - 1) / Self.skewSampleSide)
        let small = downscaled(by: factor)
        let w = small.width, h = small.height
        guard w >= 16, h >= 16 else { return nil }
        var xs: [Int32] = [], ys: [Int32] = []
        small.pixels.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                for x in 0..<w where abs(Int(p[(y + 1) * w + x]) - Int(p[(y - 1) * w + x])) >= Self.skewEdgeContrast {
                    xs.append(Int32(x))
                    ys.append(Int32(y))
                }
            }
        }
        guard xs.count >= 64 else { return nil }
        let step = max(1, xs.count / Self.skewMaxPoints)
        let margin = Int((Double(w) * tan(Self.maxSkewDegrees * .pi / 180)).rounded(.up)) + 2
        var bins = [Int](repeating: 0, count: h + 2 * margin + 2)
        // Σ count² of the edge pixels' rows along lines turned by `degrees`.
        func score(_ degrees: Double) -> Double {
            let slope = tan(degrees * .pi / 180)
            for k in bins.indices { bins[k] = 0 }
            var total = 0.0
            bins.withUnsafeMutableBufferPointer { b in
                for k in stride(from: 0, to: xs.count, by: step) {
                    let row = Int((Double(ys[k]) - Double(xs[k]) * slope).rounded()) + margin
                    if row >= 0, row < b.count { b[row] += 1 }
                }
                for n in b { total += Double(n) * Double(n) }
            }
            return total
        }
        let flat = score(0)
        guard flat > 0 else { return nil }
        var best = (degrees: 0.0, score: flat)
        for k in -16...16 where k != 0 {
            let d = Double(k) * Self.maxSkewDegrees / 16
            let s = score(d)
            if s > best.score { best = (d, s) }
        }
        let coarse = best.degrees
        for k in -5...5 where k != 0 {
            let d = coarse + Double(k) * 0.05
            guard abs(d) <= Self.maxSkewDegrees else { continue }
            let s = score(d)
            if s > best.score { best = (d, s) }
        }
        return (best.degrees, best.score / flat)
    }

    /// Turned counter-clockwise by `degrees` about the centre (so `rotatedUpright(degrees: skew().degrees)` is
    /// upright) onto a canvas that holds all of it, the corners filled from the nearest edge (no white wedges that
    /// read as frame lines); with the map from the new image back onto this one. Fixed-point bilinear sampling:
    /// a 3000×2000 page in ~20 ms. Nil when the canvas would be too large.
    package func rotatedUpright(degrees: Double) -> (image: GrayImage, toImage: Homography)? {
        let r = degrees * .pi / 180, cs = cos(r), sn = sin(r)
        guard cs.isFinite, sn.isFinite, width >= 2, height >= 2 else { return nil }
        let w = Double(width), h = Double(height)
        let ow = Int((abs(w * cs) + abs(h * sn)).rounded(.up)), oh = Int((abs(w * sn) + abs(h * cs)).rounded(.up))
        guard ow > 0, oh > 0, ow <= ImageLimits.maxSide, oh <= ImageLimits.maxSide,
              ow.multipliedReportingOverflow(by: oh).partialValue <= ImageLimits.maxPixels else { return nil }
        let cx = w / 2, cy = h / 2, ocx = Double(ow) / 2, ocy = Double(oh) / 2
        // Source = R · (p − new centre) + old centre.
        let tx = cx - cs * ocx + sn * ocy, ty = cy - sn * ocx - cs * ocy
        let back = Homography(a: cs, b: -sn, c: tx, d: sn, e: cs, f: ty, g: 0, h: 0)
        let one = 1 << 16
        let da = Int((cs * Double(one)).rounded()), dc = Int((sn * Double(one)).rounded())
        var out = [UInt8](repeating: 255, count: ow * oh)
        let maxX = (width - 1) << 16, maxY = (height - 1) << 16
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    var sx = Int(((-sn * Double(y) + tx) * Double(one)).rounded())
                    var sy = Int(((cs * Double(y) + ty) * Double(one)).rounded())
                    let rowOut = y * ow
                    for x in 0..<ow {
                        let px = min(max(sx, 0), maxX - 1), py = min(max(sy, 0), maxY - 1)
                        let ix = px >> 16, iy = py >> 16
                        let fx = (px & 0xFFFF) >> 8, fy = (py & 0xFFFF) >> 8
                        let p = iy * width + ix
                        let top = Int(src[p]) * (256 - fx) + Int(src[p + 1]) * fx
                        let bottom = Int(src[p + width]) * (256 - fx) + Int(src[p + width + 1]) * fx
                        dst[rowOut + x] = UInt8(truncatingIfNeeded: (top * (256 - fy) + bottom * fy) >> 16)
                        sx += da
                        sy += dc
                    }
                }
            }
        }
        return (GrayImage(uncheckedWidth: ow, height: oh, pixels: out), back)
    }
}
