/// Finds the module grid of a tiny, upright QR code (1–2 pixels per module, where zxing's finder-pattern run
/// checks fail) by fitting the patterns every QR code has at known modules — three finder patterns, their white
/// separators, the timing rows and the quiet zone — and re-renders the modules as a clean image a reader decodes.
///
/// The dark pixels' bounding box gives the symbol's edges to about a pixel; for each module count (versions 1…10)
/// the four edges are then refined by sub-pixel steps to the grid whose known modules agree best with the image.
/// Pure Swift on the gray pixels; every sample is clamped to the image (white beyond it), so any input is safe.
package struct QRGridFit: Sendable {
    /// Left and top edge of module (0, 0), and the module pitch, in image pixels (pixel i spans i…i+1).
    package var x0: Double, y0: Double, pitchX: Double, pitchY: Double
    /// Modules per side (21 for version 1, 4 more per version).
    package var modules: Int
    /// Mean contrast of the known modules against the threshold, signed (higher: a better fit).
    package var score: Double

    /// Images up to this side are searched (a bigger image shows its symbols with modules zxing can measure).
    static let maxSide = 128
    static let versions = 1...10
    /// Below this pitch two modules share a pixel and no grid can be read.
    static let minPitch = 0.9

    /// The best fits, best first, one per module count whose fit has a positive score (at most `limit`).
    package static func fits(_ image: GrayImage, limit: Int = 2) -> [QRGridFit] {
        guard max(image.width, image.height) <= maxSide, min(image.width, image.height) >= 15 else { return [] }
        let level = Double(image.otsuLevel())
        guard let box = darkBox(image, level: level) else { return [] }
        var found: [QRGridFit] = []
        for version in versions {
            let n = 17 + 4 * version
            let w = Double(box.x1 - box.x0 + 1), h = Double(box.y1 - box.y0 + 1)
            guard w / Double(n) >= minPitch, h / Double(n) >= minPitch, abs(w - h) <= max(w, h) / 4 else { continue }
            var fit = QRGridFit(x0: Double(box.x0), y0: Double(box.y0), pitchX: w / Double(n), pitchY: h / Double(n),
                                modules: n, score: 0)
            fit.refine(image, level: level)
            if fit.score > 0 { found.append(fit) }
        }
        return Array(found.sorted { $0.score > $1.score }.prefix(limit))
    }

    /// Rows and columns holding a pixel at or below `level` (nil when nothing is dark).
    static func darkBox(_ image: GrayImage, level: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = image.width, y0 = image.height, x1 = -1, y1 = -1
        for y in 0..<image.height {
            for x in 0..<image.width where Double(image.pixels[y * image.width + x]) <= level {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        return x1 >= x0 && y1 >= y0 ? (x0, y0, x1, y1) : nil
    }

    /// Moves the left/right and then the top/bottom edges by up to ±0.75 px in eighth-pixel steps, twice.
    mutating func refine(_ image: GrayImage, level: Double) {
        let known = Self.knownModules(modules)
        score = Self.score(self, image, known, level)
        let steps = (-6...6).map { Double($0) / 8 }
        for _ in 0..<2 {
            for horizontal in [true, false] {
                var best = self
                for a in steps {
                    for b in steps {
                        var t = self
                        if horizontal {
                            let right = x0 + pitchX * Double(modules) + b
                            t.x0 = x0 + a
                            t.pitchX = (right - t.x0) / Double(modules)
                        } else {
                            let bottom = y0 + pitchY * Double(modules) + b
                            t.y0 = y0 + a
                            t.pitchY = (bottom - t.y0) / Double(modules)
                        }
                        guard t.pitchX >= Self.minPitch, t.pitchY >= Self.minPitch else { continue }
                        t.score = Self.score(t, image, known, level)
                        if t.score > best.score { best = t }
                    }
                }
                self = best
            }
        }
    }

    /// Modules whose colour every QR code fixes (`true` dark): finder patterns, separators, timing patterns and
    /// the quiet-zone ring along the finders (row and column −1).
    static func knownModules(_ n: Int) -> [(x: Int, y: Int, dark: Bool)] {
        var out: [(x: Int, y: Int, dark: Bool)] = []
        for (fx, fy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for dy in -1...7 {
                for dx in -1...7 {
                    let x = fx + dx, y = fy + dy
                    guard x >= -1, y >= -1, x <= n, y <= n else { continue }
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    out.append((x, y, ring <= 1 || ring == 3))
                }
            }
        }
        for i in 8..<(n - 8) {
            out.append((i, 6, i % 2 == 0))
            out.append((6, i, i % 2 == 0))
        }
        return out
    }

    /// Mean over the known modules of how far each centre sample lies on its expected side of `level`.
    static func score(_ fit: QRGridFit, _ image: GrayImage, _ known: [(x: Int, y: Int, dark: Bool)], _ level: Double) -> Double {
        guard !known.isEmpty else { return 0 }
        var sum = 0.0
        for m in known {
            let v = fit.sample(image, column: m.x, row: m.y)
            sum += m.dark ? level - v : v - level
        }
        return sum / Double(known.count)
    }

    /// The gray value at a module's centre (bilinear, clamped inside the image; white beyond its edge).
    func sample(_ image: GrayImage, column: Int, row: Int) -> Double {
        let x = x0 + (Double(column) + 0.5) * pitchX - 0.5, y = y0 + (Double(row) + 0.5) * pitchY - 0.5
        let w = image.width, h = image.height
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(w), y < Double(h) else { return 255 }
        let cx = min(max(x, 0), Double(w - 1)), cy = min(max(y, 0), Double(h - 1))
        let ix = min(Int(cx), w - 1), iy = min(Int(cy), h - 1)
        let ix1 = min(ix + 1, w - 1), iy1 = min(iy + 1, h - 1)
        let ax = cx - Double(ix), ay = cy - Double(iy)
        let p = image.pixels
        let top = Double(p[iy * w + ix]) * (1 - ax) + Double(p[iy * w + ix1]) * ax
        let bottom = Double(p[iy1 * w + ix]) * (1 - ax) + Double(p[iy1 * w + ix1]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// The modules, dark `true`, row by row, split at the midpoint between the known dark and light modules' means.
    package func modulesMatrix(_ image: GrayImage) -> [[Bool]] {
        var dark = 0.0, light = 0.0, nd = 0, nl = 0
        for m in Self.knownModules(modules) {
            let v = sample(image, column: m.x, row: m.y)
            if m.dark { dark += v; nd += 1 } else { light += v; nl += 1 }
        }
        let cut = nd > 0 && nl > 0 ? (dark / Double(nd) + light / Double(nl)) / 2 : Double(image.otsuLevel())
        return (0..<modules).map { row in (0..<modules).map { column in sample(image, column: column, row: row) < cut } }
    }

    /// Pixels per module and quiet-zone modules of `rendered(_:)`.
    static let renderScale = 6, renderQuiet = 4

    /// A clean black-on-white image of the modules, and the map from its pixels back to the source image.
    func rendered(_ image: GrayImage) -> (GrayImage, PointMap) {
        let m = modulesMatrix(image)
        let s = Self.renderScale, q = Self.renderQuiet
        let side = (modules + 2 * q) * s
        var out = [UInt8](repeating: 255, count: side * side)
        for (r, row) in m.enumerated() {
            for (c, isDark) in row.enumerated() where isDark {
                for y in ((r + q) * s)..<((r + q + 1) * s) {
                    for x in ((c + q) * s)..<((c + q + 1) * s) { out[y * side + x] = 0 }
                }
            }
        }
        let map = PointMap(a: pitchX / Double(s), tx: x0 - Double(q) * pitchX, d: pitchY / Double(s), ty: y0 - Double(q) * pitchY)
        return (GrayImage(uncheckedWidth: side, height: side, pixels: out), map)
    }
}
