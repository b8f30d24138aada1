extension GrayImage {
    /// Black and white by each pixel's neighbourhood (Sauvola: a pixel is ink when darker than the local mean
    /// lowered by `k` where the neighbourhood is flat). A form printed on a coloured ground (the orange ESR, the
    /// pink poukázka) defeats one global threshold: the ground falls on the ink's side with the labels printed on
    /// it. `radius`: half the window in pixels (nil: a 55th of the longer side, about 4 mm of a slip).
    package func adaptiveBinarized(radius: Int? = nil, k: Double = 0.34) -> GrayImage {
        let w = width, h = height
        let r = max(4, radius ?? max(w, h) / 55)
        var out = [UInt8](repeating: 255, count: w * h)
        // Column sums over the window's rows, updated row by row; a prefix over them gives each window's sum.
        var col = [Int](repeating: 0, count: w), colSq = [Int](repeating: 0, count: w)
        var prefix = [Int](repeating: 0, count: w + 1), prefixSq = [Int](repeating: 0, count: w + 1)
        pixels.withUnsafeBufferPointer { p in
            func add(row y: Int, sign: Int) {
                let base = y * w
                for x in 0..<w {
                    let v = Int(p[base + x])
                    col[x] += sign * v
                    colSq[x] += sign * v * v
                }
            }
            for y in 0..<min(r, h) { add(row: y, sign: 1) }
            for y in 0..<h {
                if y + r < h { add(row: y + r, sign: 1) }
                if y - r - 1 >= 0 { add(row: y - r - 1, sign: -1) }
                let rows = min(h - 1, y + r) - max(0, y - r) + 1
                for x in 0..<w {
                    prefix[x + 1] = prefix[x] + col[x]
                    prefixSq[x + 1] = prefixSq[x] + colSq[x]
                }
                let base = y * w
                for x in 0..<w {
                    let x0 = max(0, x - r), x1 = min(w - 1, x + r)
                    let n = Double((x1 - x0 + 1) * rows)
                    let mean = Double(prefix[x1 + 1] - prefix[x0]) / n
                    let variance = max(0, Double(prefixSq[x1 + 1] - prefixSq[x0]) / n - mean * mean)
                    let threshold = mean * (1 + k * (variance.squareRoot() / 128 - 1))
                    out[base + x] = Double(p[base + x]) <= threshold ? 0 : 255
                }
            }
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }
}
