import Foundation

extension GrayImage {
    /// Unsharp masking: each pixel pushed away from its neighbourhood's mean by `amount` times the difference
    /// (`v + amount · (v − blur(v))`), the neighbourhood a Gaussian of about `sigma` pixels (three box blurs).
    /// A blurred photo's thin strokes (small labels in a light form colour) come back darker than the paper around
    /// them, so a global threshold keeps them. Linear in the pixels: six passes of running sums.
    package func sharpened(sigma: Double, amount: Double) -> GrayImage {
        guard sigma.isFinite, amount.isFinite, sigma > 0, sigma <= 64, amount > 0, amount <= 16, width >= 2, height >= 2 else { return self }
        // Three boxes of width w = 2r+1 have the variance 3·(w² − 1)/12 = σ²: w = √(4σ² + 1).
        let r = Swift.max(1, Int((((4 * sigma * sigma + 1).squareRoot()) - 1) / 2 + 0.5))
        var blur = pixels.map { Int32($0) }
        var scratch = [Int32](repeating: 0, count: pixelCount)
        for _ in 0..<3 {
            Self.boxPass(&blur, into: &scratch, count: height, length: width, stride: 1, step: width, radius: r)
            Self.boxPass(&scratch, into: &blur, count: width, length: height, stride: width, step: 1, radius: r)
        }
        var out = [UInt8](repeating: 0, count: pixelCount)
        let k = Int32((amount * 256).rounded())
        for i in 0..<pixelCount {
            let v = Int32(pixels[i])
            let s = v + (k * (v - blur[i])) / 256
            out[i] = UInt8(Swift.max(0, Swift.min(255, s)))
        }
        return GrayImage(uncheckedWidth: width, height: height, pixels: out)
    }

    /// One box blur along lines: `count` lines of `length` pixels, neighbours `stride` apart, lines `step` apart;
    /// edges repeat the end pixel. Running sums, so the cost does not depend on `radius`.
    private static func boxPass(_ src: inout [Int32], into dst: inout [Int32], count: Int, length: Int, stride: Int,
                                step: Int, radius r: Int) {
        let n = Int32(2 * r + 1)
        for line in 0..<count {
            let base = line * step
            func at(_ i: Int) -> Int32 { src[base + Swift.min(length - 1, Swift.max(0, i)) * stride] }
            var sum: Int32 = 0
            for i in -r...r { sum += at(i) }
            for i in 0..<length {
                dst[base + i * stride] = (sum + n / 2) / n
                sum += at(i + r + 1) - at(i - r)
            }
        }
    }
}
