/// Colour dropout: payment forms print their frames, combs and labels in one colour (red, orange, pink, green,
/// yellow) so that a reader can remove them and keep the filled-in values. From a colour image, the gray image
/// (what every reader sees) and, when the image has one dominant form colour, a second gray image with that colour
/// turned to paper (what the slip reader crops its values from).
package enum FormColorDropout {
    /// Hue bins of 10°.
    static let bins = 36
    /// Chroma (max − min of R, G, B) from which a sampled pixel counts as coloured print.
    static let printChroma = 48
    /// Coloured pixels needed (per mille of the sampled ones) before a form colour is assumed.
    static let minColouredPerMille = 1
    /// Share (%) of the coloured pixels the dominant hue (±1 bin) must hold.
    static let minDominantPercent = 55
    /// Hue distance (degrees) within which a pixel is taken for the form colour.
    static let hueTolerance = 32

    /// Gray (luma) and the dropout of `rgb` (3 bytes a pixel, rows without padding); nil dropout when the image
    /// holds no dominant colour (a gray form, a black-and-white scan, a photo of several colours).
    /// `decodedGray`: the decoder's own gray of the same file (libjpeg's luma, libpng's conversion), kept as the
    /// gray image so that colour decoding changes nothing for the barcode readers; computed from `rgb` without it.
    package static func split(rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                              decodedGray: [UInt8]? = nil) -> (gray: GrayImage, dropout: GrayImage?) {
        let n = width * height
        var gray = decodedGray?.count == n ? decodedGray ?? [] : [UInt8](repeating: 255, count: n)
        guard rgb.count >= 3 * n else { return (GrayImage(uncheckedWidth: width, height: height, pixels: gray), nil) }
        let hue = dominantHue(rgb: rgb, width: width, height: height)
        var dropped = hue == nil ? [] : [UInt8](repeating: 255, count: n)
        if decodedGray?.count != n {
            gray.withUnsafeMutableBufferPointer { g in
                for i in 0..<n {
                    let r = Int(rgb[3 * i]), gr = Int(rgb[3 * i + 1]), b = Int(rgb[3 * i + 2])
                    g[i] = UInt8((r * 77 + gr * 150 + b * 29) >> 8)
                }
            }
        }
        if let hue {
            dropped.withUnsafeMutableBufferPointer { d in
                for i in 0..<n {
                    let r = Int(rgb[3 * i]), gr = Int(rgb[3 * i + 1]), b = Int(rgb[3 * i + 2])
                    d[i] = paper(r, gr, b, luma: Int(gray[i]), formHue: hue)
                }
            }
        }
        return (GrayImage(uncheckedWidth: width, height: height, pixels: gray),
                hue == nil ? nil : GrayImage(uncheckedWidth: width, height: height, pixels: dropped))
    }

    /// A pixel of the form's hue takes its brightest channel (red print on white reads nearly white, as through
    /// a filter of the form's colour), faded in from chroma 10 to 40 so a photo's faintly tinted paper does not
    /// turn into patches; not whiter: black ink blurred into coloured paper (an i's dot) has the paper's hue but a
    /// dark brightest channel, and must stay. Every other pixel keeps its luma.
    @inline(__always)
    static func paper(_ r: Int, _ g: Int, _ b: Int, luma: Int, formHue: Int) -> UInt8 {
        let hi = max(r, g, b), lo = min(r, g, b), chroma = hi - lo
        guard chroma > 10, let h = hueDegrees(r, g, b, hi: hi, chroma: chroma) else { return UInt8(luma) }
        let distance = abs(h - formHue), wrapped = min(distance, 360 - distance)
        guard wrapped <= hueTolerance else { return UInt8(luma) }
        let target = max(luma, hi), weight = min(30, chroma - 10)
        return UInt8(luma + (target - luma) * weight / 30)
    }

    /// Hue in degrees 0..<360 (nil for a gray pixel).
    @inline(__always)
    static func hueDegrees(_ r: Int, _ g: Int, _ b: Int, hi: Int, chroma: Int) -> Int? {
        guard chroma > 0 else { return nil }
        let h: Int
        if hi == r { h = 60 * (g - b) / chroma }
        else if hi == g { h = 120 + 60 * (b - r) / chroma }
        else { h = 240 + 60 * (r - g) / chroma }
        return (h + 360) % 360
    }

    /// The hue (degrees) most coloured pixels share, from every 3rd pixel of every 3rd row; nil when too few
    /// pixels are coloured or no hue dominates.
    static func dominantHue(rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Int? {
        var histogram = [Int](repeating: 0, count: bins)
        var sampled = 0, coloured = 0
        var y = 1
        while y < height {
            var x = 1
            while x < width {
                let i = 3 * (y * width + x)
                let r = Int(rgb[i]), g = Int(rgb[i + 1]), b = Int(rgb[i + 2])
                let hi = max(r, g, b), chroma = hi - min(r, g, b)
                sampled += 1
                if chroma >= printChroma, let h = hueDegrees(r, g, b, hi: hi, chroma: chroma) {
                    histogram[h / 10 % bins] += 1
                    coloured += 1
                }
                x += 3
            }
            y += 3
        }
        guard sampled > 0, coloured * 1000 >= sampled * minColouredPerMille else { return nil }
        var best = 0, bestCount = -1
        for k in 0..<bins {
            let c = histogram[(k + bins - 1) % bins] + histogram[k] + histogram[(k + 1) % bins]
            if c > bestCount { (best, bestCount) = (k, c) }
        }
        guard bestCount * 100 >= coloured * minDominantPercent else { return nil }
        // The weighted mean hue of the three bins, around the peak.
        var sum = 0
        for d in -1...1 { sum += histogram[(best + d + bins) % bins] * (best * 10 + 5 + 10 * d) }
        return ((sum / max(bestCount, 1)) + 360) % 360
    }
}
