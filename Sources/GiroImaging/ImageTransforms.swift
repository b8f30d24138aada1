import Foundation

/// An affine map from a variant image's coordinates back to the original image's.
struct PointMap: Sendable {
    var a = 1.0, b = 0.0, tx = 0.0
    var c = 0.0, d = 1.0, ty = 0.0

    static let identity = PointMap()

    static func translate(_ x: Int, _ y: Int) -> PointMap { PointMap(tx: Double(x), ty: Double(y)) }
    static func scale(_ s: Double) -> PointMap { PointMap(a: s, d: s) }

    func apply(_ p: ImagePoint) -> ImagePoint {
        let x = a * Double(p.x) + b * Double(p.y) + tx
        let y = c * Double(p.x) + d * Double(p.y) + ty
        return ImagePoint(x: Self.clampInt(x), y: Self.clampInt(y))
    }

    static func clampInt(_ v: Double) -> Int { v.isFinite ? Int(max(-1e7, min(1e7, v)).rounded()) : 0 }
}

extension GrayImage {
    /// Applies an EXIF orientation (1…8) so the image is upright.
    package func oriented(_ orientation: Int) -> GrayImage {
        guard (2...8).contains(orientation) else { return self }
        let w = width, h = height
        let swap = orientation >= 5
        let ow = swap ? h : w, oh = swap ? w : h
        var out = [UInt8](repeating: 255, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)  // 8
                        }
                        dst[y * ow + x] = src[sy * w + sx]
                    }
                }
            }
        }
        return GrayImage(uncheckedWidth: ow, height: oh, pixels: out)
    }

    /// The part of the image inside the rectangle (clipped to the image).
    func cropped(x: Int, y: Int, width cw: Int, height ch: Int) -> GrayImage {
        let x0 = max(0, min(x, width - 1)), y0 = max(0, min(y, height - 1))
        let w = max(1, min(cw, width - x0)), h = max(1, min(ch, height - y0))
        var out = [UInt8]()
        out.reserveCapacity(w * h)
        for row in y0..<(y0 + h) {
            out.append(contentsOf: pixels[(row * width + x0)..<(row * width + x0 + w)])
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// Shrinks by an integer factor, averaging each factor×factor block.
    func downscaled(by factor: Int) -> GrayImage {
        guard factor > 1, width / factor > 0, height / factor > 0 else { return self }
        let w = width / factor, h = height / factor, area = factor * factor
        var out = [UInt8](repeating: 255, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for dy in 0..<factor {
                        let row = (y * factor + dy) * width + x * factor
                        for dx in 0..<factor { sum += Int(src[row + dx]) }
                    }
                    out[y * w + x] = UInt8(sum / area)
                }
            }
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// Doubles the size with bilinear interpolation (small symbols with 1–2 px modules).
    func upscaled2x() -> GrayImage {
        let w = width * 2, h = height * 2
        guard w <= ImageLimits.maxSide, h <= ImageLimits.maxSide else { return self }
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let fy = max(0, Double(y) / 2 - 0.25), y0 = min(Int(fy), height - 1), y1 = min(y0 + 1, height - 1), wy = fy - Double(y0)
            for x in 0..<w {
                let fx = max(0, Double(x) / 2 - 0.25), x0 = min(Int(fx), width - 1), x1 = min(x0 + 1, width - 1), wx = fx - Double(x0)
                let top = Double(pixels[y0 * width + x0]) * (1 - wx) + Double(pixels[y0 * width + x1]) * wx
                let bottom = Double(pixels[y1 * width + x0]) * (1 - wx) + Double(pixels[y1 * width + x1]) * wx
                out[y * w + x] = UInt8(max(0, min(255, top * (1 - wy) + bottom * wy)))
            }
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// Rotated counter-clockwise by `degrees` about the centre onto a white canvas large enough to hold it,
    /// with the map from the rotated image back to this one.
    func rotated(degrees: Double) -> (GrayImage, PointMap) {
        let r = degrees * .pi / 180, cs = cos(r), sn = sin(r)
        let w = Double(width), h = Double(height)
        let ow = Int((abs(w * cs) + abs(h * sn)).rounded(.up)), oh = Int((abs(w * sn) + abs(h * cs)).rounded(.up))
        guard ow > 0, oh > 0, ow <= ImageLimits.maxSide, oh <= ImageLimits.maxSide else { return (self, .identity) }
        let cx = w / 2, cy = h / 2, ocx = Double(ow) / 2, ocy = Double(oh) / 2
        // Destination (x, y) samples source (x', y') = R⁻¹ · (p − c_out) + c_in; the same map returns corners.
        let back = PointMap(a: cs, b: -sn, tx: cx - cs * ocx + sn * ocy, c: sn, d: cs, ty: cy - sn * ocx - cs * ocy)
        var out = [UInt8](repeating: 255, count: ow * oh)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    let yy = Double(y)
                    var sx = back.a * 0 + back.b * yy + back.tx
                    var sy = back.c * 0 + back.d * yy + back.ty
                    for x in 0..<ow {
                        let ix = Int(sx.rounded(.down)), iy = Int(sy.rounded(.down))
                        if ix >= 0, iy >= 0, ix + 1 < width, iy + 1 < height {
                            let fx = sx - Double(ix), fy = sy - Double(iy)
                            let p = iy * width + ix
                            let top = Double(src[p]) * (1 - fx) + Double(src[p + 1]) * fx
                            let bottom = Double(src[p + width]) * (1 - fx) + Double(src[p + width + 1]) * fx
                            dst[y * ow + x] = UInt8(top * (1 - fy) + bottom * fy)
                        }
                        sx += back.a
                        sy += back.c
                    }
                }
            }
        }
        return (GrayImage(uncheckedWidth: ow, height: oh, pixels: out), back)
    }

    func inverted() -> GrayImage {
        GrayImage(uncheckedWidth: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// Stretches the 2nd…98th percentile of gray levels to the full range (faded prints, grey photos).
    func contrastStretched() -> GrayImage {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        let cut = pixels.count / 50
        var lo = 0, hi = 255, acc = 0
        while lo < 255, acc + histogram[lo] <= cut { acc += histogram[lo]; lo += 1 }
        acc = 0
        while hi > 0, acc + histogram[hi] <= cut { acc += histogram[hi]; hi -= 1 }
        guard hi - lo >= 8, hi - lo < 200 else { return self }
        var table = [UInt8](repeating: 0, count: 256)
        for v in 0..<256 { table[v] = UInt8(max(0, min(255, (v - lo) * 255 / (hi - lo)))) }
        return GrayImage(uncheckedWidth: width, height: height, pixels: pixels.map { table[Int($0)] })
    }

    /// Black and white at Otsu's global threshold (the level that best separates the two gray-level classes).
    /// zxing's local binarizer breaks up bars and modules on blurred, low-contrast or unevenly lit photos that
    /// one global cut separates cleanly.
    /// Black and white at Otsu's level (OCR of a zone whose gray reading failed).
    package func binarized() -> GrayImage { otsuThresholded() }

    func otsuThresholded() -> GrayImage {
        let level = otsuLevel()
        return GrayImage(uncheckedWidth: width, height: height, pixels: pixels.map { Int($0) <= level ? 0 : 255 })
    }

    /// The image on a white margin of `border` pixels: a symbol cropped to its edge gets the quiet zone
    /// the detectors need (and print at a rectified sheet's edge the margin Tesseract needs).
    package func padded(border: Int) -> GrayImage {
        let b = max(0, border), w = width + 2 * b, h = height + 2 * b
        guard b > 0, w <= ImageLimits.maxSide, h <= ImageLimits.maxSide else { return self }
        var out = [UInt8](repeating: 255, count: w * h)
        for row in 0..<height {
            out.replaceSubrange(((row + b) * w + b)..<((row + b) * w + b + width), with: pixels[(row * width)..<(row * width + width)])
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }
}
