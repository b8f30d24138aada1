import Foundation

/// A plane projective map: `(x, y) → ((a·x + b·y + c) / w, (d·x + e·y + f) / w)`, `w = g·x + h·y + 1`.
package struct Homography: Sendable, Hashable {
    package var a, b, c, d, e, f, g, h: Double

    package func apply(_ p: QuadPoint) -> QuadPoint? {
        let w = g * p.x + h * p.y + 1
        guard abs(w) > 1e-9 else { return nil }
        let q = QuadPoint(x: (a * p.x + b * p.y + c) / w, y: (d * p.x + e * p.y + f) / w)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    /// The map taking four points onto four others (exact); nil when three of either are collinear.
    package static func mapping(_ from: [QuadPoint], to: [QuadPoint]) -> Homography? {
        guard from.count == 4, to.count == 4 else { return nil }
        var m = [[Double]](), r = [Double]()
        for (p, q) in zip(from, to) {
            m.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y]); r.append(q.x)
            m.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y]); r.append(q.y)
        }
        guard let s = solve(m, r) else { return nil }
        return Homography(a: s[0], b: s[1], c: s[2], d: s[3], e: s[4], f: s[5], g: s[6], h: s[7])
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system (also GiroSlips' fits).
    package static func solve(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        let n = r.count
        var a = m, b = r
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-10 else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}

extension GrayImage {
    /// The quadrilateral resampled upright onto `width × height` pixels (bilinear; white outside the image), and the
    /// map from the upright image's coordinates back to this image's.
    package func rectified(_ corners: [QuadPoint], width w: Int, height h: Int) -> (image: GrayImage, toSource: Homography)? {
        guard corners.count == 4, w >= 8, h >= 8, w <= ImageLimits.maxSide, h <= ImageLimits.maxSide, w * h <= 16_000_000,
              let map = Homography.mapping([QuadPoint(x: 0, y: 0), QuadPoint(x: Double(w), y: 0),
                                            QuadPoint(x: Double(w), y: Double(h)), QuadPoint(x: 0, y: Double(h))], to: corners)
        else { return nil }
        var out = [UInt8](repeating: 255, count: w * h)
        let W = width, H = height
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let v = Double(y) + 0.5
                for x in 0..<w {
                    let u = Double(x) + 0.5
                    let den = map.g * u + map.h * v + 1
                    let fx = (map.a * u + map.b * v + map.c) / den - 0.5, fy = (map.d * u + map.e * v + map.f) / den - 0.5
                    if let v = GrayImage.bilinear(src, width: W, height: H, fx, fy) { out[y * w + x] = v }
                }
            }
        }
        return (GrayImage(uncheckedWidth: w, height: h, pixels: out), map)
    }

    /// Uneven light and paper colour removed: each pixel divided by the paper's local brightness, so paper comes
    /// out white and ink keeps its contrast. The paper is estimated on a coarse copy whose max filter drops the
    /// ink (a window of about a sixtieth of the image), smoothed, and read back bilinearly.
    package func flattened() -> GrayImage {
        let k = max(1, max(width, height) / 300)
        let coarse = downscaled(by: k).maxFiltered(radius: 2).boxBlurred()
        guard coarse.width >= 2, coarse.height >= 2 else { return self }
        var out = [UInt8](repeating: 255, count: pixelCount)
        let cw = coarse.width, ch = coarse.height
        coarse.pixels.withUnsafeBufferPointer { bg in
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let fy = min(Double(ch - 1), max(0, (Double(y) + 0.5) / Double(k) - 0.5))
                    let iy = min(Int(fy), ch - 2), ay = fy - Double(iy)
                    for x in 0..<width {
                        let fx = min(Double(cw - 1), max(0, (Double(x) + 0.5) / Double(k) - 0.5))
                        let ix = min(Int(fx), cw - 2), ax = fx - Double(ix)
                        let i = iy * cw + ix
                        let top = Double(bg[i]) * (1 - ax) + Double(bg[i + 1]) * ax
                        let bottom = Double(bg[i + cw]) * (1 - ax) + Double(bg[i + cw + 1]) * ax
                        let paper = max(16, top * (1 - ay) + bottom * ay)
                        out[y * width + x] = UInt8(min(255, Double(src[y * width + x]) * 255 / paper))
                    }
                }
            }
        }
        return GrayImage(uncheckedWidth: width, height: height, pixels: out)
    }

    /// 3×3 mean (edges use the pixels that exist).
    func boxBlurred() -> GrayImage {
        var out = [UInt8](repeating: 0, count: pixelCount)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0, n = 0
                for yy in max(0, y - 1)...min(height - 1, y + 1) {
                    for xx in max(0, x - 1)...min(width - 1, x + 1) { sum += Int(pixels[yy * width + xx]); n += 1 }
                }
                out[y * width + x] = UInt8(sum / n)
            }
        }
        return GrayImage(uncheckedWidth: width, height: height, pixels: out)
    }
}

extension GrayImage {
    /// The bilinear sample at (`fx`, `fy`) (pixel centres on integers); nil outside the image. Shared by the sheet
    /// rectifier and GiroSlips' zone crops.
    package static func bilinear(_ src: UnsafeBufferPointer<UInt8>, width W: Int, height H: Int, _ fx: Double, _ fy: Double) -> UInt8? {
        guard fx.isFinite, fy.isFinite, fx >= 0, fy >= 0, fx < Double(W - 1), fy < Double(H - 1) else { return nil }
        let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
        let i = iy * W + ix
        guard i >= 0, i + W + 1 < src.count else { return nil }
        let top = Double(src[i]) * (1 - ax) + Double(src[i + 1]) * ax
        let bottom = Double(src[i + W]) * (1 - ax) + Double(src[i + W + 1]) * ax
        return UInt8(max(0, min(255, top * (1 - ay) + bottom * ay)))
    }
}
