import Foundation
import GiroCore
import GiroImaging

// Pixel helpers of the image path: resampling a page for the page pass, cropping a zone upright for its own OCR.
extension SlipReader {
    /// Resampled by `1 / factor`: box filter when shrinking, bilinear when enlarging.
    static func resized(_ image: GrayImage, by factor: Double) -> GrayImage {
        if factor < 1 { return enlarged(image, by: 1 / factor) }
        let w = max(1, Int(Double(image.width) / factor)), h = max(1, Int(Double(image.height) / factor))
        var out = [UInt8](repeating: 255, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = min(image.height - 1, Int(Double(y) * factor)), y1 = min(image.height, max(y0 + 1, Int(Double(y + 1) * factor)))
                for x in 0..<w {
                    let x0 = min(image.width - 1, Int(Double(x) * factor)), x1 = min(image.width, max(x0 + 1, Int(Double(x + 1) * factor)))
                    var sum = 0, n = 0
                    for yy in y0..<y1 { for xx in x0..<x1 { sum += Int(src[yy * image.width + xx]); n += 1 } }
                    out[y * w + x] = UInt8(sum / max(n, 1))
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out) ?? image
    }

    static func enlarged(_ image: GrayImage, by scale: Double) -> GrayImage {
        let w = Int(Double(image.width) * scale), h = Int(Double(image.height) * scale)
        guard w > 0, h > 0, w * h <= ImageLimits.maxPixels else { return image }
        var out = [UInt8](repeating: 255, count: w * h)
        let W = image.width, H = image.height
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let fy = min(Double(H - 1), max(0, (Double(y) + 0.5) / scale - 0.5)), iy = min(Int(fy), H - 2 < 0 ? 0 : H - 2), ay = fy - Double(iy)
                for x in 0..<w {
                    let fx = min(Double(W - 1), max(0, (Double(x) + 0.5) / scale - 0.5)), ix = min(Int(fx), W - 2 < 0 ? 0 : W - 2), ax = fx - Double(ix)
                    let i = iy * W + ix
                    let right = W > 1 ? 1 : 0, down = H > 1 ? W : 0
                    let top = Double(src[i]) * (1 - ax) + Double(src[i + right]) * ax
                    let bottom = Double(src[i + down]) * (1 - ax) + Double(src[i + down + right]) * ax
                    out[y * w + x] = UInt8(max(0, min(255, top * (1 - ay) + bottom * ay)))
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out) ?? image
    }

    /// White pixels around a zone crop (Tesseract misreads glyphs that touch the image edge).
    static let cropBorder = 16

    /// Gray levels between a zone's paper and its darkest ink below which it holds no print.
    static let inkContrast = 64

    /// The zone resampled upright at `dpi` through the fitted transform (bilinear; white outside), and its contrast
    /// (90th minus 2nd percentile of gray: paper against ink).
    /// `sparseInk`: the ink may be under 2 % of the zone (a dropout crop, `SlipReader.inkLevel`).
    func rectify(_ image: GrayImage, _ box: SlipBox, _ t: SlipTransform, dpi: Double,
                 sparseInk: Bool = false) -> (GrayImage, contrast: Int)? {
        // A little inside the box: printed zone frames confuse the OCR more than a clipped pixel row does.
        // Then a white border: Tesseract misreads glyphs that touch the image edge.
        let pad = -0.4, pxPerMM = dpi / 25.4, border = Self.cropBorder
        let w = Int(((box.w + 2 * pad) * pxPerMM).rounded()) + 2 * border, h = Int(((box.h + 2 * pad) * pxPerMM).rounded()) + 2 * border
        // Not an empty box (a box under 0.8 mm leaves no inside: its ranges below would be empty or reversed).
        guard w > 2 * border, h > 2 * border, w * h <= 20_000_000 else { return nil }
        var out = [UInt8](repeating: 255, count: w * h)
        // Paper to white, ink to black (2nd and 90th percentiles of the zone), so the white border matches the paper;
        // the histogram is counted while sampling.
        var histogram = [Int](repeating: 0, count: 256)
        Self.sample(image, t, left: box.x - pad, top: box.y - pad, pxPerMM: pxPerMM, into: &out, width: w, height: h,
                    border: border, histogram: &histogram)
        let inside = (w - 2 * border) * (h - 2 * border)
        func percentile(_ q: Double) -> Int {
            var seen = 0
            for (v, n) in histogram.enumerated() { seen += n; if Double(seen) >= q * Double(inside) { return v } }
            return 255
        }
        let hi = percentile(0.90), lo = sparseInk ? Self.inkLevel(percentile(0.02), darkest: percentile(0.005), paper: hi) : percentile(0.02)
        if hi - lo >= 24 {
            // One entry per gray level: the same stretch as per pixel, without a division each.
            let stretch = (0...255).map { v in UInt8(max(0, min(255, (v - lo) * 255 / (hi - lo)))) }
            stretch.withUnsafeBufferPointer { lut in
                out.withUnsafeMutableBufferPointer { o in
                    for y in border..<(h - border) {
                        for x in border..<(w - border) { o[y * w + x] = lut[Int(o[y * w + x])] }
                    }
                }
            }
        }
        // The contrast that says whether the box holds ink at all: from the 1st percentile, as a short value in a
        // wide box (`77` in a 50 mm box) is under 2 % of its pixels.
        return GrayImage(width: w, height: h, pixels: out).map { ($0, hi - percentile(0.01)) }
    }

    /// Samples the inside of `out` (all but `border` pixels each side) through the form → image transform, bilinear,
    /// white outside the image, and counts the sampled gray levels. The same arithmetic as `SlipTransform.apply` and
    /// `GrayImage.bilinear` in the same order (so the same pixels), with the per-column and per-row products taken
    /// once and no call per pixel: zone crops are a tenth of a photo's time.
    /// Output pixel (x, y) samples form point (`left` + (x − border + ½) / pxPerMM, `top` + …) in millimetres.
    static func sample(_ image: GrayImage, _ t: SlipTransform, left: Double, top: Double, pxPerMM: Double,
                       into out: inout [UInt8], width w: Int, height h: Int, border: Int, histogram: inout [Int]) {
        let W = image.width, H = image.height
        guard w > 2 * border, h > 2 * border, out.count == w * h, histogram.count == 256 else { return }
        // Two interleaved counts, added at the end: neighbouring pixels of the same gray (paper) would otherwise
        // wait on each other's increment.
        var counts = [Int](repeating: 0, count: 512)
        let columns = (border..<(w - border)).map { left + (Double($0 - border) + 0.5) / pxPerMM }
        let maxX = Double(W - 1), maxY = Double(H - 1)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { o in
                counts.withUnsafeMutableBufferPointer { hist in
                    for y in border..<(h - border) {
                        let py = top + (Double(y - border) + 0.5) / pxPerMM
                        let hy = t.h * py, by = t.b * py, ey = t.e * py
                        for (k, px) in columns.enumerated() {
                            let i = y * w + border + k
                            let d = t.g * px + hy + 1
                            if abs(d) > 1e-9 {
                                let fx = (t.a * px + by + t.c) / d - 0.5, fy = (t.d * px + ey + t.f) / d - 0.5
                                if fx.isFinite, fy.isFinite, fx >= 0, fy >= 0, fx < maxX, fy < maxY {
                                    let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
                                    let j = iy * W + ix
                                    if j >= 0, j + W + 1 < src.count {
                                        let upper = Double(src[j]) * (1 - ax) + Double(src[j + 1]) * ax
                                        let lower = Double(src[j + W]) * (1 - ax) + Double(src[j + W + 1]) * ax
                                        o[i] = UInt8(max(0, min(255, upper * (1 - ay) + lower * ay)))
                                    }
                                }
                            }
                            hist[Int(o[i]) | (k & 1) << 8] &+= 1
                        }
                    }
                }
            }
        }
        for v in 0..<256 { histogram[v] += counts[v] + counts[v + 256] }
    }
}
