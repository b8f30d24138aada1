import GiroImaging

/// A zone crop levelled by its box's own lines. The fit that places a zone comes from labels, which another printer
/// sets a few millimetres off (and a scanned or photographed sheet lies a little turned): the crop then comes out
/// turned by up to a degree or two. Across a long comb that is a drift of 10–30 px — as much as a glyph's height —
/// so the box's top and bottom edges cross every cell (read as `T`, `E`, `B` under each character) and no pixel row
/// holds the edge to whiten. The slope of the longest straight line in the crop is found and the crop is sheared
/// back by it, columns kept upright (a comb's ticks stay vertical).
enum SlipCropLevel {
    /// Steepest slope looked for (about 2°) and the step between slopes tried.
    static let maxSlope = 0.035
    static let slopeStep = 0.001
    /// Most dark pixels sampled: a photo's textured paper is not worth more.
    static let maxSamples = 60_000

    /// `Int(v.rounded())` (half away from zero) for a pixel coordinate: truncation and the exact fractional part,
    /// without the C library's `round` the compiler calls for `rounded()` — the slope search rounds every sampled
    /// pixel for each of 71 slopes (2–7 % of a photo's CPU outside Tesseract).
    @inline(__always)
    static func nearest(_ v: Double) -> Int {
        // Beyond Int's range or not a number (no pixel either way): a level no histogram holds, not a trap.
        guard abs(v) < 1e15 else { return abs(v) < 1e18 ? Int(v.rounded()) : Int.max / 4 }
        let t = Int(v), f = v - Double(t)
        return f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
    }

    /// The slope (rows per column, positive when the line falls to the right) of the longest line across the crop;
    /// nil when no line crosses half the crop's inner width or the crop is level within 1.5 px end to end.
    /// Lines are print darker than the paper by 40 levels: a dropped-out form colour's light remains count.
    static func slope(_ crop: GrayImage, border: Int) -> Double? {
        let w = crop.width, h = crop.height
        let x0 = border, x1 = w - border, y0 = border, y1 = h - border
        guard x1 - x0 >= 200, y1 - y0 >= 12, let levels = SlipCropLevels(crop, border: border) else { return nil }
        let dark = levels.level(reaching: 1, of: 2) - 40
        guard dark > 0 else { return nil }
        var points: [(x: Double, y: Double)] = []
        let count = levels.count(below: dark)
        let stride = max(1, count / maxSamples + 1)
        var k = 0
        let cx = Double(x0 + x1) / 2
        for y in y0..<y1 {
            for x in x0..<x1 where Int(crop.pixels[y * w + x]) < dark {
                k += 1
                if k % stride == 0 { points.append((Double(x) - cx, Double(y))) }
            }
        }
        guard points.count >= (x1 - x0) / (2 * stride) else { return nil }
        let reach = Int((maxSlope * Double(x1 - x0) / 2).rounded(.up)) + 2
        let bins = y1 + 2 * reach + 2
        // The peak of rows (two adjacent, a line may straddle them) when the crop is sheared by `s`.
        func peak(_ s: Double) -> Int {
            var row = [Int](repeating: 0, count: bins)
            for p in points {
                let b = nearest(p.y - s * p.x) + reach
                if b >= 0 && b < bins { row[b] += 1 }
            }
            var best = 0
            for i in 0..<(bins - 1) { best = max(best, row[i] + row[i + 1]) }
            return best
        }
        var best = (slope: 0.0, peak: peak(0))
        let flat = best.peak
        let steps = Int((maxSlope / slopeStep).rounded())
        for i in -steps...steps where i != 0 {
            let s = Double(i) * slopeStep
            let p = peak(s)
            if p > best.peak { best = (s, p) }
        }
        // A line across half the crop (sampled), clearly more of it on one row than unsheared, and a real drift.
        guard best.peak * stride * 2 >= x1 - x0, best.peak * 10 >= flat * 12,
              abs(best.slope) * Double(x1 - x0) >= 1.5 else { return nil }
        // And unbroken: a row of text (dense strokes of a bold line) has gaps between its letters, a line has none.
        var row = [Int](repeating: 0, count: bins)
        for p in points {
            let b = nearest(p.y - best.slope * p.x) + reach
            if b >= 0 && b < bins { row[b] += 1 }
        }
        var top = 0, topInk = -1
        for i in 0..<(bins - 1) {
            let ink: Int = row[i] + row[i + 1]
            if ink > topInk { (top, topInk) = (i, ink) }
        }
        var covered = [Bool](repeating: false, count: w)
        for p in points {
            let b = nearest(p.y - best.slope * p.x) + reach
            let x = Int((p.x + cx).rounded())
            if (b == top || b == top + 1), x >= 0, x < w { covered[x] = true }
        }
        var longest = 0, run = 0, gap = 0
        for c in covered {
            if c { run += 1 + gap; gap = 0 } else if run > 0 && gap < 2 * stride { gap += 1 } else { run = 0; gap = 0 }
            longest = max(longest, run)
        }
        guard longest * 5 >= (x1 - x0) * 2 else { return nil }
        return best.slope
    }

    /// `crop` sheared so that a line of `slope` runs level (each column moved by whole pixels); the white border kept.
    static func sheared(_ crop: GrayImage, slope: Double, border: Int) -> GrayImage? {
        let w = crop.width, h = crop.height
        guard crop.pixels.count == w * h, border >= 0, w > 2 * border, h > 2 * border, slope.isFinite,
              abs(slope) <= maxSlope else { return nil }
        var out = [UInt8](repeating: 255, count: w * h)
        let cx = Double(w) / 2
        crop.pixels.withUnsafeBufferPointer { src in
            // Whole pixels: interpolating between rows would blur a thin stroke (an accent's háček) to gray.
            for x in border..<(w - border) {
                let dy = Int((slope * (Double(x) - cx)).rounded())
                for y in border..<(h - border) {
                    let sy = y + dy
                    guard sy >= border, sy < h - border else { continue }
                    out[y * w + x] = src[sy * w + x]
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// `crop` levelled, or as it is when it holds no tilted line.
    static func levelled(_ crop: GrayImage, border: Int) -> GrayImage {
        guard let s = slope(crop, border: border), let out = sheared(crop, slope: s, border: border) else { return crop }
        return out
    }
}
