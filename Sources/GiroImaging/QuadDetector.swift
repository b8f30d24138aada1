import Foundation

/// A point in continuous image coordinates (pixel `i` covers `[i, i + 1)`).
package struct QuadPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A sheet of paper found in an image: four corners clockwise from the top-left, in pixels of that image.
package struct PaperQuad: Sendable, Hashable {
    package var corners: [QuadPoint]
    /// The paper is brighter than what surrounds it (white or coloured paper on a table) or darker.
    package var brighterThanBackground: Bool

    /// Mean length of the top and bottom sides, of the left and right sides.
    package var size: (width: Double, height: Double) {
        func d(_ a: QuadPoint, _ b: QuadPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        guard corners.count == 4 else { return (0, 0) }
        return ((d(corners[0], corners[1]) + d(corners[3], corners[2])) / 2, (d(corners[0], corners[3]) + d(corners[1], corners[2])) / 2)
    }
}

/// Finds sheets of paper (slips) lying on a background: the outline of each bright (or dark) region that is
/// close to a convex quadrilateral, with corners refined on the full-resolution edges.
///
/// Pure pixel work, no OCR: a copy about `workingSide` long is closed (max then min filter, so printed text
/// merges into its paper), split at Otsu's level (and at Otsu's level within each class), and every large connected region whose convex hull is nearly a
/// quadrilateral gives one. Each side is then located again on the original pixels (strongest step across the
/// coarse side, sampled along it) and fitted as a line; corners are where neighbouring lines meet.
/// Limitations: a sheet must differ in brightness from its background, be wholly inside the image (a bright sheet
/// may touch one image edge, a dark one none), and lie within 45° of upright (corners are named by position).
package struct QuadDetector: Sendable {
    /// Long side of the coarse copy the regions are found on.
    package var workingSide = 480
    /// A sheet covers at least this share of the image.
    package var minAreaFraction = 0.03
    package var maxQuads = 8

    package init() {}

    package func detect(_ image: GrayImage) -> [PaperQuad] {
        let longest = max(image.width, image.height)
        guard longest >= 64, image.pixelCount <= ImageLimits.maxPixels else { return [] }
        let factor = max(1, Int((Double(longest) / Double(workingSide)).rounded(.up)))
        let small = image.downscaled(by: factor)
        guard small.width >= 16, small.height >= 16 else { return [] }
        let closed = small.maxFiltered(radius: 2).minFiltered(radius: 2)
        // Otsu's level, and Otsu's level within each of its two classes: sheets of different papers (white and
        // orange) on one table need different cuts.
        let level = closed.otsuLevel()
        let levels = [level, closed.otsuLevel(in: 0...level), closed.otsuLevel(in: min(255, level + 1)...255)]
        var candidates: [(corners: [QuadPoint], bright: Bool, area: Double)] = []
        for cut in Set(levels).sorted() {
            for bright in [true, false] {
                let mask = closed.pixels.map { (Int($0) > cut) == bright }
                // A dark region at the image's edge is far more often background (a table's shadowed band beside
                // the slip) than a dark slip partly out of the frame.
                for region in Self.regions(mask, width: small.width, height: small.height, maxEdges: bright ? 1 : 0) {
                    guard Double(region.area) >= minAreaFraction * Double(small.pixelCount),
                          let coarse = Self.quadrilateral(region, width: small.width, height: small.height) else { continue }
                    candidates.append((coarse, bright, Self.polygonArea(coarse)))
                }
            }
        }
        // One sheet per place: where quadrilaterals overlap (the same sheet at several levels, or part of a sheet
        // under uneven light at a higher one) the largest stays.
        var kept: [(corners: [QuadPoint], bright: Bool, area: Double)] = []
        for c in candidates.sorted(by: { $0.area > $1.area })
        where !kept.contains(where: { Self.contains($0.corners, Self.centroid(c.corners)) || Self.contains(c.corners, Self.centroid($0.corners)) }) {
            kept.append(c)
        }
        var found: [PaperQuad] = []
        for c in kept {
            let scaled = c.corners.map { QuadPoint(x: $0.x * Double(factor), y: $0.y * Double(factor)) }
            let refined = refine(scaled, in: image, bright: c.bright, searchRadius: 1.5 * Double(factor) + 3) ?? scaled
            found.append(PaperQuad(corners: refined, brighterThanBackground: c.bright))
        }
        // Reading order: by rows (tops within a third of the smaller height count as one row), then left to right.
        found.sort { a, b in
            let ta = a.corners.map(\.y).min() ?? 0, tb = b.corners.map(\.y).min() ?? 0
            let row = min(a.size.height, b.size.height) / 3
            if abs(ta - tb) > row { return ta < tb }
            return (a.corners.map(\.x).min() ?? 0) < (b.corners.map(\.x).min() ?? 0)
        }
        return Array(found.prefix(maxQuads))
    }

    static func centroid(_ q: [QuadPoint]) -> QuadPoint {
        QuadPoint(x: q.reduce(0) { $0 + $1.x } / Double(max(q.count, 1)), y: q.reduce(0) { $0 + $1.y } / Double(max(q.count, 1)))
    }

    /// Whether a convex polygon holds the point (on the same side of every edge).
    static func contains(_ polygon: [QuadPoint], _ p: QuadPoint) -> Bool {
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign != 0, (cross > 0) != (sign > 0) { return false }
                sign = cross
            }
        }
        return true
    }

    // MARK: - Regions

    struct Region {
        var area = 0
        /// Pixels on the region's outline (a 4-neighbour outside it).
        var outline: [(Int, Int)] = []
        var touchesEdges = 0
    }

    /// 4-connected regions of `mask`, largest first; the ones touching more than `maxEdges` image edges (the
    /// background, a page filling the frame) are left out.
    static func regions(_ mask: [Bool], width w: Int, height h: Int, maxEdges: Int = 1) -> [Region] {
        var label = [Int32](repeating: -1, count: w * h)
        var out: [Region] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where mask[start] && label[start] < 0 {
            let id = Int32(out.count)
            var r = Region()
            var left = false, right = false, top = false, bottom = false
            label[start] = id
            stack.append(start)
            while let i = stack.popLast() {
                r.area += 1
                let x = i % w, y = i / w
                if x == 0 { left = true }
                if x == w - 1 { right = true }
                if y == 0 { top = true }
                if y == h - 1 { bottom = true }
                var edge = x == 0 || y == 0 || x == w - 1 || y == h - 1
                for n in [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1] where n >= 0 {
                    if mask[n] {
                        if label[n] < 0 { label[n] = id; stack.append(n) }
                    } else {
                        edge = true
                    }
                }
                if edge { r.outline.append((x, y)) }
            }
            r.touchesEdges = [left, right, top, bottom].count(where: { $0 })
            out.append(r)
        }
        return out.filter { $0.touchesEdges <= maxEdges }.sorted { $0.area > $1.area }
    }

    /// The region's outline as a quadrilateral (largest one inscribed in its convex hull), or nil when the region
    /// is not close to one: it must fill the quadrilateral, the hull must not stick out of it much, and every
    /// corner must be between 40° and 140°.
    static func quadrilateral(_ region: Region, width: Int, height: Int) -> [QuadPoint]? {
        // Pixel outlines as corner points of the pixels, so a region's hull encloses all its area.
        var points: [QuadPoint] = []
        points.reserveCapacity(region.outline.count * 4)
        for (x, y) in region.outline {
            for (dx, dy) in [(0, 0), (1, 0), (1, 1), (0, 1)] { points.append(QuadPoint(x: Double(x + dx), y: Double(y + dy))) }
        }
        let hull = convexHull(points)
        guard hull.count >= 4 else { return nil }
        guard let quad = largestQuad(in: hull) else { return nil }
        let quadArea = polygonArea(quad), hullArea = polygonArea(hull)
        guard quadArea > 0, Double(region.area) / quadArea > 0.9, hullArea / quadArea < 1.08 else { return nil }
        for k in 0..<4 {
            let p = quad[(k + 3) % 4], c = quad[k], n = quad[(k + 1) % 4]
            let ax = p.x - c.x, ay = p.y - c.y, bx = n.x - c.x, by = n.y - c.y
            let cosine = (ax * bx + ay * by) / max(1e-9, (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot())
            guard abs(cosine) < cos(40 * Double.pi / 180) else { return nil }
        }
        return ordered(quad)
    }

    /// Andrew's monotone chain; counter-clockwise in a y-up frame (clockwise as seen in an image).
    static func convexHull(_ points: [QuadPoint]) -> [QuadPoint] {
        let p = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard p.count >= 3 else { return p }
        func cross(_ o: QuadPoint, _ a: QuadPoint, _ b: QuadPoint) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [QuadPoint] = [], upper: [QuadPoint] = []
        for q in p {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    static func polygonArea(_ p: [QuadPoint]) -> Double {
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// The largest-area quadrilateral with vertices on a convex polygon. For each diagonal (i, k) the best third
    /// and fourth vertices are the farthest from the diagonal on either side; both move forward as k does.
    static func largestQuad(in hull: [QuadPoint]) -> [QuadPoint]? {
        let n = hull.count
        guard n >= 4 else { return nil }
        func tri(_ a: Int, _ b: Int, _ c: Int) -> Double {
            let p = hull[a % n], q = hull[b % n], r = hull[c % n]
            return abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) / 2
        }
        var best = 0.0
        var bestIdx = [0, 1, 2, 3]
        // Hulls of pixel outlines have at most a few hundred vertices; O(n²) with the two moving pointers.
        for i in 0..<n {
            var j = i + 1, l = i + 3
            for k in (i + 2)..<(i + n - 1) {
                while j + 1 < k, tri(i, j + 1, k) >= tri(i, j, k) { j += 1 }
                if l <= k { l = k + 1 }
                while l + 1 < i + n, tri(i, k, l + 1) >= tri(i, k, l) { l += 1 }
                let area = tri(i, j, k) + tri(i, k, l)
                if area > best { best = area; bestIdx = [i % n, j % n, k % n, l % n] }
            }
        }
        return best > 0 ? bestIdx.map { hull[$0] } : nil
    }

    /// Clockwise as seen in the image, starting at the corner nearest the top-left.
    static func ordered(_ quad: [QuadPoint]) -> [QuadPoint] {
        let cx = quad.reduce(0) { $0 + $1.x } / 4, cy = quad.reduce(0) { $0 + $1.y } / 4
        let sorted = quad.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }   // clockwise (y down)
        let start = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y } ?? 0
        return (0..<4).map { sorted[(start + $0) % 4] }
    }

    // MARK: - Refinement on the full image

    /// Each side located on the original pixels: along the coarse side, the strongest brightness step of the right
    /// direction across it (paper to background), fitted as a line (total least squares, far points dropped once).
    func refine(_ quad: [QuadPoint], in image: GrayImage, bright: Bool, searchRadius: Double) -> [QuadPoint]? {
        guard let sides = Self.sides(quad, longerThan: 8) else { return nil }
        var lines: [Line] = []
        for side in sides {
            let a = side.start, b = side.end, len = side.length
            let dx = side.ux, dy = side.uy, nx = side.nx, ny = side.ny
            let samples = min(120, max(8, Int(len / 6)))
            var pts: [QuadPoint] = []
            for s in 0..<samples {
                let t = 0.08 + 0.84 * Double(s) / Double(samples - 1)
                let ox = a.x + (b.x - a.x) * t, oy = a.y + (b.y - a.y) * t
                if let e = step(image, x: ox, y: oy, nx: nx, ny: ny, dx: dx, dy: dy, radius: searchRadius, bright: bright) {
                    pts.append(QuadPoint(x: ox + nx * e, y: oy + ny * e))
                }
            }
            guard pts.count >= max(6, samples / 3), let line = Self.fitLine(pts) else { return nil }
            lines.append(line)
        }
        // A refined corner far from the coarse one means an edge was taken for something else.
        return Self.corners(of: lines) { k, p in
            abs(p.x - quad[k].x) <= 2 * searchRadius && abs(p.y - quad[k].y) <= 2 * searchRadius
        }
    }

    typealias Line = (px: Double, py: Double, dx: Double, dy: Double)

    /// A quadrilateral's side from corner k to corner k + 1: its unit direction and the normal pointing away from
    /// the quadrilateral's centre.
    struct Side {
        var start: QuadPoint, end: QuadPoint, length: Double
        var ux: Double, uy: Double, nx: Double, ny: Double
    }

    /// The four sides of `quad`, nil when it has not four corners or a side is not longer than `minimum` pixels.
    static func sides(_ quad: [QuadPoint], longerThan minimum: Double) -> [Side]? {
        guard quad.count == 4 else { return nil }
        let cx = quad.reduce(0) { $0 + $1.x } / 4, cy = quad.reduce(0) { $0 + $1.y } / 4
        var out: [Side] = []
        for k in 0..<4 {
            let a = quad[k], b = quad[(k + 1) % 4]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > minimum else { return nil }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var nx = -uy, ny = ux
            if nx * ((a.x + b.x) / 2 - cx) + ny * ((a.y + b.y) / 2 - cy) < 0 { nx = -nx; ny = -ny }
            out.append(Side(start: a, end: b, length: length, ux: ux, uy: uy, nx: nx, ny: ny))
        }
        return out
    }

    /// Corner k where side lines k − 1 and k meet, for the four lines of refined sides; nil when two are nearly
    /// parallel or `accept` rejects a corner (refinement that moved it too far).
    static func corners(of lines: [Line], accept: (Int, QuadPoint) -> Bool) -> [QuadPoint]? {
        guard lines.count == 4 else { return nil }
        var out: [QuadPoint] = []
        for k in 0..<4 {
            guard let p = intersect(lines[(k + 3) % 4], lines[k]), accept(k, p) else { return nil }
            out.append(p)
        }
        return out
    }

    /// Offset along the outward normal of the strongest paper-to-background step near (x, y), sub-pixel; nil when
    /// there is none of the expected direction.
    func step(_ image: GrayImage, x: Double, y: Double, nx: Double, ny: Double, dx: Double, dy: Double,
              radius: Double, bright: Bool) -> Double? {
        let stepSize = 0.5
        let n = Int(radius / stepSize)
        guard n >= 2 else { return nil }
        // Profile across the edge, each sample averaged over 5 points along it (text and noise).
        var profile = [Double](repeating: 0, count: 2 * n + 1)
        for i in 0...(2 * n) {
            let o = Double(i - n) * stepSize
            var sum = 0.0
            for t in -2...2 {
                let px = x + nx * o + dx * Double(t) * 1.5, py = y + ny * o + dy * Double(t) * 1.5
                guard let v = image.bilinear(px, py) else { return nil }
                sum += v
            }
            profile[i] = sum / 5
        }
        var bestI = -1, best = 0.0
        for i in 2...(2 * n - 2) {
            // Going outward the value falls for bright paper, rises for dark paper.
            let d = (profile[i - 2] - profile[i + 2]) * (bright ? 1 : -1)
            if d > best { best = d; bestI = i }
        }
        guard bestI > 2, bestI < 2 * n - 2, best >= 6 else { return nil }
        let dm = (profile[bestI - 3] - profile[bestI + 1]) * (bright ? 1 : -1)
        let dp = (profile[bestI - 1] - profile[bestI + 3]) * (bright ? 1 : -1)
        let denom = dm - 2 * best + dp
        let shift = abs(denom) > 1e-9 ? max(-0.5, min(0.5, 0.5 * (dm - dp) / denom)) : 0
        return (Double(bestI - n) + shift) * stepSize
    }

    /// Total least squares line through the points, refitted once without those over 1.5 px away.
    static func fitLine(_ points: [QuadPoint]) -> (px: Double, py: Double, dx: Double, dy: Double)? {
        func fit(_ p: [QuadPoint]) -> (px: Double, py: Double, dx: Double, dy: Double)? {
            guard p.count >= 2 else { return nil }
            let n = Double(p.count)
            let mx = p.reduce(0) { $0 + $1.x } / n, my = p.reduce(0) { $0 + $1.y } / n
            var sxx = 0.0, sxy = 0.0, syy = 0.0
            for q in p {
                sxx += (q.x - mx) * (q.x - mx); sxy += (q.x - mx) * (q.y - my); syy += (q.y - my) * (q.y - my)
            }
            let angle = 0.5 * atan2(2 * sxy, sxx - syy)
            let line = (px: mx, py: my, dx: cos(angle), dy: sin(angle))
            return [line.px, line.py, line.dx, line.dy].allSatisfy(\.isFinite) ? line : nil
        }
        guard let first = fit(points) else { return nil }
        let kept = points.filter { abs(($0.x - first.px) * -first.dy + ($0.y - first.py) * first.dx) <= 1.5 }
        return kept.count >= max(4, points.count / 2) ? fit(kept) : first
    }

    static func intersect(_ a: (px: Double, py: Double, dx: Double, dy: Double), _ b: (px: Double, py: Double, dx: Double, dy: Double)) -> QuadPoint? {
        let det = a.dx * b.dy - a.dy * b.dx
        guard abs(det) > 0.2 else { return nil }   // nearly parallel sides: not a corner
        let t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det
        let p = QuadPoint(x: a.px + a.dx * t, y: a.py + a.dy * t)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }
}

extension GrayImage {
    /// Bilinear sample at a continuous position (pixel centres at +0.5); nil outside the image.
    package func bilinear(_ x: Double, _ y: Double) -> Double? {
        let fx = x - 0.5, fy = y - 0.5
        guard fx.isFinite, fy.isFinite, fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else { return nil }
        let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
        let i = iy * width + ix
        let top = Double(pixels[i]) * (1 - ax) + Double(pixels[i + 1]) * ax
        let bottom = Double(pixels[i + width]) * (1 - ax) + Double(pixels[i + width + 1]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// Each pixel the maximum of the (2r+1)² square around it (separable).
    func maxFiltered(radius r: Int) -> GrayImage { rankFiltered(radius: r, max: true) }
    /// Each pixel the minimum of the (2r+1)² square around it (separable).
    func minFiltered(radius r: Int) -> GrayImage { rankFiltered(radius: r, max: false) }

    private func rankFiltered(radius r: Int, max takeMax: Bool) -> GrayImage {
        guard r > 0 else { return self }
        let w = width, h = height
        var tmp = [UInt8](repeating: 0, count: w * h), out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    var v = src[y * w + x]
                    for xx in Swift.max(0, x - r)...Swift.min(w - 1, x + r) {
                        let s = src[y * w + xx]
                        v = takeMax ? Swift.max(v, s) : Swift.min(v, s)
                    }
                    tmp[y * w + x] = v
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var v = tmp[y * w + x]
                for yy in Swift.max(0, y - r)...Swift.min(h - 1, y + r) {
                    let s = tmp[yy * w + x]
                    v = takeMax ? Swift.max(v, s) : Swift.min(v, s)
                }
                out[y * w + x] = v
            }
        }
        return GrayImage(uncheckedWidth: w, height: h, pixels: out)
    }

    /// Otsu's level: the gray value that best separates the two classes of the histogram (of the values in `range`).
    func otsuLevel(in range: ClosedRange<Int> = 0...255) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels where range.contains(Int(p)) { histogram[Int(p)] += 1 }
        let total = histogram.reduce(0, +)
        var sumAll = 0.0
        for v in 0..<256 { sumAll += Double(v * histogram[v]) }
        var below = 0, sumBelow = 0.0, best = -1.0, level = (range.lowerBound + range.upperBound) / 2
        for v in range {
            below += histogram[v]
            guard below > 0 else { continue }
            let above = total - below
            guard above > 0 else { break }
            sumBelow += Double(v * histogram[v])
            let meanBelow = sumBelow / Double(below), meanAbove = (sumAll - sumBelow) / Double(above)
            let spread = Double(below) * Double(above) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if spread > best { (best, level) = (spread, v) }
        }
        return level
    }
}
