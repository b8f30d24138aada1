/// Where a DataMatrix symbol may be: the outline of a dark blob (a symbol's finder, timing and data modules merge
/// into one once each dark pixel is grown by about half a module), as a quadrilateral whose sides are refitted on
/// the blob's outermost pixels (the solid finder sides and the outer edge of the timing modules).
///
/// Binarisations: Otsu's global level, and a local mean (uneven light on photos). Growth radii from one pixel to a
/// fortieth of the short side, so modules of 2 to ~20 pixels merge without joining neighbouring print.
struct DataMatrixLocator {
    /// Candidates per image at most (largest blobs first).
    static let maxCandidates = 6
    /// Blobs per binarisation and radius that are looked at.
    static let blobsPerMask = 2
    /// Smallest blob side in pixels (a 10×10 symbol at ~1.5 px per module).
    static let minimumSide = 14

    static func candidates(_ image: GrayImage) -> [[QuadPoint]] {
        let w = image.width, h = image.height
        guard w >= minimumSide, h >= minimumSide else { return [] }
        let short = min(w, h)
        var radii = [1, max(1, short / 80), max(1, short / 40)]
        radii = radii.enumerated().filter { i, r in !radii[..<i].contains(r) }.map(\.1)
        var out: [[QuadPoint]] = []
        for mask in [globalMask(image), localMeanMask(image)] {
            for r in radii {
                let grown = dilated(mask, width: w, height: h, radius: r)
                for quad in blobQuads(original: mask, grown: grown, width: w, height: h) {
                    let duplicate = out.contains { old in zip(old, quad).allSatisfy { abs($0.x - $1.x) + abs($0.y - $1.y) < 4 } }
                    if !duplicate { out.append(quad) }
                    if out.count >= maxCandidates { return out }
                }
            }
        }
        return out
    }

    static func globalMask(_ image: GrayImage) -> [Bool] {
        let level = image.otsuLevel()
        return image.pixels.map { Int($0) <= level }
    }

    /// Dark where a pixel is below the mean of its surroundings (a window of a fifth of the short side) by a little.
    static func localMeanMask(_ image: GrayImage) -> [Bool] {
        let w = image.width, h = image.height
        let r = max(4, min(w, h) / 10)
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += Int(image.pixels[y * w + x])
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            }
        }
        var mask = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                let n = (y1 - y0) * (x1 - x0)
                mask[y * w + x] = Int(image.pixels[y * w + x]) * n < sum - 8 * n
            }
        }
        return mask
    }

    /// Each set pixel grown to a (2r+1)² square (separable: rows, then columns).
    static func dilated(_ mask: [Bool], width w: Int, height h: Int, radius r: Int) -> [Bool] {
        var rows = [Bool](repeating: false, count: w * h)
        for y in 0..<h { dilateLine(mask, into: &rows, start: y * w, stride: 1, count: w, radius: r) }
        var out = [Bool](repeating: false, count: w * h)
        for x in 0..<w { dilateLine(rows, into: &out, start: x, stride: w, count: h, radius: r) }
        return out
    }

    /// One row or column of `mask` grown by `r` pixels each way into `out`, in O(1) per pixel: the distance to the
    /// last set pixel seen, scanning forward and then backward.
    static func dilateLine(_ mask: [Bool], into out: inout [Bool], start: Int, stride step: Int, count n: Int, radius r: Int) {
        var last = -r - 1
        for i in 0..<n {
            if mask[start + i * step] { last = i }
            if i - last <= r { out[start + i * step] = true }
        }
        last = n + r
        for i in stride(from: n - 1, through: 0, by: -1) {
            if mask[start + i * step] { last = i }
            if last - i <= r { out[start + i * step] = true }
        }
    }

    /// The largest 4-connected blobs of `grown`, each as the quadrilateral around the `original` dark pixels in it.
    static func blobQuads(original: [Bool], grown: [Bool], width w: Int, height h: Int) -> [[QuadPoint]] {
        var label = [Int32](repeating: -1, count: w * h)
        var blobs: [(id: Int32, area: Int, minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where grown[start] && label[start] < 0 {
            let id = Int32(blobs.count)
            var area = 0, minX = w, minY = h, maxX = 0, maxY = 0
            label[start] = id
            stack.append(start)
            while let i = stack.popLast() {
                area += 1
                let x = i % w, y = i / w
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if x > 0, grown[i - 1], label[i - 1] < 0 { label[i - 1] = id; stack.append(i - 1) }
                if x < w - 1, grown[i + 1], label[i + 1] < 0 { label[i + 1] = id; stack.append(i + 1) }
                if y > 0, grown[i - w], label[i - w] < 0 { label[i - w] = id; stack.append(i - w) }
                if y < h - 1, grown[i + w], label[i + w] < 0 { label[i + w] = id; stack.append(i + w) }
            }
            blobs.append((id, area, minX, minY, maxX, maxY))
        }
        let big = blobs.filter { $0.maxX - $0.minX + 1 >= minimumSide && $0.maxY - $0.minY + 1 >= minimumSide }
            .sorted { $0.area > $1.area }.prefix(blobsPerMask)
        var out: [[QuadPoint]] = []
        for blob in big {
            // Outline pixels of the original dark pixels in the blob.
            var outline: [(Int, Int)] = []
            for y in blob.minY...blob.maxY {
                for x in blob.minX...blob.maxX {
                    let i = y * w + x
                    guard original[i], label[i] == blob.id else { continue }
                    let inner = x > 0 && x < w - 1 && y > 0 && y < h - 1 && original[i - 1] && original[i + 1] && original[i - w] && original[i + w]
                    if !inner { outline.append((x, y)) }
                }
            }
            guard outline.count >= 8 else { continue }
            var corners: [QuadPoint] = []
            corners.reserveCapacity(outline.count * 4)
            for (x, y) in outline {
                for (dx, dy) in [(0, 0), (1, 0), (1, 1), (0, 1)] { corners.append(QuadPoint(x: Double(x + dx), y: Double(y + dy))) }
            }
            let hull = QuadDetector.convexHull(corners)
            guard let coarse = QuadDetector.largestQuad(in: hull) else { continue }
            let quad = QuadDetector.ordered(coarse)
            guard QuadDetector.polygonArea(quad) >= Double(minimumSide * minimumSide) else { continue }
            out.append(refined(quad, outline: outline) ?? quad)
        }
        return out
    }

    /// Each side refitted as a line through the outermost outline pixels near it (the largest inscribed
    /// quadrilateral cuts the corner whose module is light, and perspective bends nothing but the corners).
    static func refined(_ quad: [QuadPoint], outline: [(Int, Int)]) -> [QuadPoint]? {
        guard let sides = QuadDetector.sides(quad, longerThan: 4) else { return nil }
        var lines: [QuadDetector.Line] = []
        for side in sides {
            let a = side.start, len = side.length
            let ux = side.ux, uy = side.uy, nx = side.nx, ny = side.ny
            let band = len * 0.08 + 2
            // Pixel centres moved half a pixel outward: the edge of the pixel, not its middle.
            var near: [(p: QuadPoint, out: Double)] = []
            for (x, y) in outline {
                let p = QuadPoint(x: Double(x) + 0.5 + nx * 0.5, y: Double(y) + 0.5 + ny * 0.5)
                let along = (p.x - a.x) * ux + (p.y - a.y) * uy
                let out = (p.x - a.x) * nx + (p.y - a.y) * ny
                guard along > len * 0.1, along < len * 0.9, out > -band, out < 3 else { continue }
                near.append((p, out))
            }
            guard near.count >= 6 else { return nil }
            near.sort { $0.out > $1.out }
            let top = Array(near.prefix(max(6, near.count / 4))).map(\.p)
            guard var line = QuadDetector.fitLine(top) else { return nil }
            // Refit on every nearby pixel within a pixel and a half of that line.
            let close = near.map(\.p).filter { p in abs((p.x - line.px) * -line.dy + (p.y - line.py) * line.dx) <= 1.5 }
            if close.count >= 6, let again = QuadDetector.fitLine(close) { line = again }
            lines.append(line)
        }
        return QuadDetector.corners(of: lines) { k, p in
            abs(p.x - quad[k].x) + abs(p.y - quad[k].y) <= max(4, sides[k].length * 0.2)
        }
    }
}
