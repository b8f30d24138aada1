import GiroCore

/// Giro's own DataMatrix finder and grid sampler, for symbols that zxing-cpp 1.4's detector and libdmtx's region
/// finder do not lock on to (four-region symbols filling the frame, perspective, blur at two pixels per module).
///
/// `DataMatrixLocator` proposes quadrilaterals; for each, every orientation (four turns, mirrored or not) and every
/// ECC 200 size whose aspect fits is scored by how many frame modules (finder, timing and alignment lines) sampled
/// through the quadrilateral's perspective map have the colour the standard prescribes. The best fits are sampled
/// module by module, drawn clean (`DataMatrixRendering`) and handed to zxing-cpp and libdmtx, whose Reed–Solomon
/// decoding corrects the remaining sampling errors or rejects the symbol — the check against false reads.
package struct DataMatrixGridReader: Sendable {
    /// The locator works on at most this many pixels (bigger images are averaged down for it); sampling uses all.
    static let locatePixels = 500_000
    /// Share of frame modules that must have their prescribed colour for a fit to be sampled.
    static let minimumFrameMatch = 0.8
    /// Share a located fit must reach before its corners are refined.
    static let minimumRoughMatch = 0.6
    /// Share of modules that must look uniform (one colour across their middle half) for a fit to be decoded.
    static let minimumUniformShare = 0.6
    /// Share of frame modules on their colour for a grid to be sampled and decoded. Reed–Solomon alone is a weak
    /// guard for the small sizes (a 10×10 symbol has five check codewords) over the many grids a textured photo
    /// offers; symbols read so far have 99–100 % of their frame right after refinement.
    static let decodedFrameMatch = 0.95
    /// Fits refined per candidate quadrilateral (best rough match first), and of those sampled (best refined first).
    static let fitsRefined = 6
    static let fitsPerCandidate = 4
    /// Fits refined per orientation of the outline (of those above the rough minimum) beyond the best overall.
    static let fitsPerOrientation = 7
    /// Where a module is sampled, in module units from its top-left corner: its centre and a quarter module
    /// towards each side (one speck or a blurred edge does not decide its colour).
    static let moduleSamplePoints: [(Double, Double)] = [(0.5, 0.5), (0.25, 0.5), (0.75, 0.5), (0.5, 0.25), (0.5, 0.75)]
    /// libdmtx's slot on a clean rendering (it scans on until the slot ends when the symbol does not decode).
    static let dmtxSlotMilliseconds = 40

    package init() {}

    /// Symbols decoded from the image, corners in its coordinates. `shouldStop` is asked between candidates.
    package func read(_ image: GrayImage, shouldStop: () -> Bool = { false }) -> [DetectedSymbol] {
        var factor = 1
        while (image.width / factor) * (image.height / factor) > Self.locatePixels { factor += 1 }
        let small = factor > 1 ? image.downscaled(by: factor) : image
        var out: [DetectedSymbol] = []
        for quad in DataMatrixLocator.candidates(small) where !shouldStop() {
            let corners = quad.map { QuadPoint(x: $0.x * Double(factor), y: $0.y * Double(factor)) }
            // Pixel arithmetic below converts coordinates to Int: only quadrilaterals near the image get there.
            let limit = Double(max(image.width, image.height)) * 2
            guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < limit && abs($0.y) < limit }) else { continue }
            if let symbol = decode(image, quad: corners, shouldStop: shouldStop),
               !out.contains(where: { $0.bytes == symbol.bytes }) {
                out.append(symbol)
            }
        }
        return out
    }

    struct Fit {
        var size: DataMatrixSize
        /// Symbol corners in the image: top-left, top-right, bottom-right, bottom-left of the module grid.
        var corners: [QuadPoint]
        var map: Homography
        var score: Double
        /// Which of the quadrilateral's eight corner orders the fit uses (turn, plus four when mirrored).
        var orientation = 0
    }

    func decode(_ image: GrayImage, quad: [QuadPoint], shouldStop: () -> Bool) -> DetectedSymbol? {
        let level = Double(Self.otsuLevel(image, around: quad))
        // Every size and orientation once: the timing pattern is sought through all of them (below), the
        // frame-refined grids only through those with a good rough match.
        let everyFit = Self.fits(image, quad: quad, level: level)
        let fits = everyFit.filter { $0.score >= Self.minimumRoughMatch }
        // A corner off by a module (the light top-right corner module) ranks the right size low until refined.
        var refinedFits: [Fit] = []
        for rough in Self.fitsToRefine(fits) where !shouldStop() {
            let fit = Self.refined(image, fit: rough, level: level)
            if fit.score >= Self.minimumFrameMatch { refinedFits.append(fit) }
        }
        refinedFits.sort { $0.score > $1.score }
        for fit in refinedFits.prefix(Self.fitsPerCandidate) where !shouldStop() {
            let values = Self.moduleValues(image, fit: fit)
            // A grid coarser than the symbol's (a 10×10 fit over a big symbol) sees several modules in each of its
            // cells; decoding such a rendering could only give a chance read.
            let uniform = Self.uniformShare(image, size: fit.size, level: level) { fit.map.apply($0) }
            guard uniform >= Self.minimumUniformShare else { continue }
            var readings: [[Bool]] = []
            if fit.score >= Self.decodedFrameMatch {
                readings += [values.map { $0 < level }, Self.locallyThresholded(values, size: fit.size)]
                if let regional = Self.regionalValues(image, fit: fit, level: level) {
                    readings += [regional.map { $0 < level }, Self.locallyThresholded(regional, size: fit.size)]
                }
            }
            if let start = DataMatrixBentGrid(size: fit.size, from: fit.map) {
                let bent = start.refined(image, level: level)
                if bent.match >= Self.decodedFrameMatch {
                    let values = Self.moduleValues(image, size: fit.size) { bent.grid.apply($0) }
                    readings += [values.map { $0 < level }, Self.locallyThresholded(values, size: fit.size)]
                }
            }
            if let symbol = Self.firstDecoded(readings, fit: fit, shouldStop: shouldStop) { return symbol }
        }
        // Uneven module widths: the located outline is right, but an even grid drifts off the columns inside it
        // (and refinement twists the corners trying to make it fit), so the timing pattern is read through the
        // rough fits.
        for rough in everyFit where !shouldStop() {
            let readings = Self.timingWarpedReadings(image, fit: rough, level: level)
            if let symbol = Self.firstDecoded(readings, fit: rough, shouldStop: shouldStop) { return symbol }
        }
        return Self.decodeEdgeGrid(image, fits: fits, level: level, shouldStop: shouldStop)
    }

    /// The first of the sampled module matrices (and, for squares, their mirror images) that zxing-cpp, or for the
    /// first matrix libdmtx, decodes as the whole rendered symbol, with the fit's corners.
    static func firstDecoded(_ sampled: [[Bool]], fit: Fit, shouldStop: () -> Bool) -> DetectedSymbol? {
        var readings = sampled
        if fit.size.rows == fit.size.columns {
            readings += readings.map { mirroredSquare($0, side: fit.size.rows) }
        }
        for (n, dark) in readings.enumerated() where !shouldStop() {
            guard let rendering = DataMatrixRendering.image(size: fit.size, dark: dark) else { continue }
            guard var symbol = readClean(rendering, withDmtx: n == 0),
                  coversRendering(symbol, size: fit.size) else { continue }
            symbol.corners = fit.corners.map { ImagePoint(x: PointMap.clampInt($0.x), y: PointMap.clampInt($0.y)) }
            return symbol
        }
        return nil
    }

    /// Readings sampled through the module boundaries the fit's timing pattern shows, when those are uneven (see
    /// `DataMatrixTimingWarp`) and put the frame modules on their colours.
    static func timingWarpedReadings(_ image: GrayImage, fit: Fit, level: Double) -> [[Bool]] {
        guard let warp = DataMatrixTimingWarp(image: image, size: fit.size, level: level, map: { fit.map.apply($0) }) else { return [] }
        guard warp.isUneven(minimum: 0.25) else { return [] }
        let map: (QuadPoint) -> QuadPoint? = { fit.map.apply(warp.apply($0)) }
        guard frameContrast(image, fixed: fit.size.fixedModules, level: level, map: map).match >= decodedFrameMatch,
              uniformShare(image, size: fit.size, level: level, map: map) >= minimumUniformShare else { return [] }
        let values = moduleValues(image, size: fit.size, map: map)
        return [values.map { $0 < level }, locallyThresholded(values, size: fit.size)]
    }

    /// The best rough fits overall, then the best few of each orientation not yet among them: a located outline a
    /// module too big puts the right orientation's rough match below wrong orientations of other sizes, and only
    /// refinement tells them apart.
    static func fitsToRefine(_ fits: [Fit]) -> [Fit] {
        var out = Array(fits.prefix(fitsRefined))
        var perOrientation: [Int: Int] = [:]
        for fit in out { perOrientation[fit.orientation, default: 0] += 1 }
        for fit in fits.dropFirst(fitsRefined) where perOrientation[fit.orientation, default: 0] < fitsPerOrientation {
            perOrientation[fit.orientation, default: 0] += 1
            out.append(fit)
        }
        return out
    }

    /// Every orientation and size whose aspect fits the quadrilateral, best rough frame match first.
    static func fits(_ image: GrayImage, quad: [QuadPoint], level: Double) -> [Fit] {
        guard quad.count == 4 else { return [] }
        func d(_ a: QuadPoint, _ b: QuadPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        var out: [Fit] = []
        for mirrored in [false, true] {
            for turn in 0..<4 {
                let c = (0..<4).map { quad[(turn + (mirrored ? 4 - $0 : $0)) % 4] }
                let width = (d(c[0], c[1]) + d(c[3], c[2])) / 2, height = (d(c[0], c[3]) + d(c[1], c[2])) / 2
                guard width > 0, height > 0 else { continue }
                // A square frame is symmetric about its anti-diagonal: a mirrored square fit is the plain one read
                // mirrored (`mirroredSquare`), so only rectangles need mirrored fits.
                for size in DataMatrixSize.all where !mirrored || size.rows != size.columns {
                    let cols = Double(size.columns), rows = Double(size.rows)
                    let aspect = (width / height) / (cols / rows)
                    guard aspect > 0.7, aspect < 1.43, width / cols >= 1.2, height / rows >= 1.2 else { continue }
                    guard let map = Homography.mapping(size.moduleCorners, to: c) else { continue }
                    let fixed = size.fixedModules
                    var match = 0
                    for m in fixed {
                        guard let p = map.apply(QuadPoint(x: Double(m.column) + 0.5, y: Double(m.row) + 0.5)),
                              let v = image.bilinear(p.x, p.y) else { continue }
                        if (v < level) == m.dark { match += 1 }
                    }
                    let score = Double(match) / Double(max(1, fixed.count))
                    out.append(Fit(size: size, corners: c, map: map, score: score, orientation: turn + (mirrored ? 4 : 0)))
                }
            }
        }
        return out.sorted { $0.score > $1.score }
    }

    /// The fit's corners moved, a module fraction at a time, while the frame modules' contrast in the expected
    /// direction grows (the located outline is off by up to a module where the corner module is light, and by
    /// blur and ink spread elsewhere).
    static func refined(_ image: GrayImage, fit: Fit, level: Double) -> Fit {
        let fixed = fit.size.fixedModules
        let cols = Double(fit.size.columns), rows = Double(fit.size.rows)
        let unit = fit.size.moduleCorners
        func evaluate(_ corners: [QuadPoint]) -> (contrast: Double, match: Double, map: Homography)? {
            guard let map = Homography.mapping(unit, to: corners) else { return nil }
            let e = frameContrast(image, fixed: fixed, level: level) { map.apply($0) }
            return (e.contrast, e.match, map)
        }
        let d = PointClimb.distance
        let module = (d(fit.corners[0], fit.corners[1]) / cols + d(fit.corners[0], fit.corners[3]) / rows) / 2
        guard let best = PointClimb.climb(fit.corners, steps: [1, 0.5, 0.25, 0.125].map({ $0 * module }), score: { trial in
            evaluate(trial).map { ($0.contrast, (match: $0.match, map: $0.map)) }
        }) else { return fit }
        return Fit(size: fit.size, corners: best.points, map: best.extra.map, score: best.extra.match)
    }

    /// How well a grid map puts the frame modules on their colours: the summed contrast towards the prescribed
    /// colour (clipped, so a few blotches do not decide) and the share of frame modules on the right side of `level`.
    static func frameContrast(_ image: GrayImage, fixed: [(row: Int, column: Int, dark: Bool)], level: Double,
                              map: (QuadPoint) -> QuadPoint?) -> (contrast: Double, match: Double) {
        var contrast = 0.0, match = 0
        for m in fixed {
            guard let p = map(QuadPoint(x: Double(m.column) + 0.5, y: Double(m.row) + 0.5)),
                  let v = image.bilinear(p.x, p.y) else { contrast -= 64; continue }
            let signed = m.dark ? level - v : v - level
            contrast += max(-64, min(64, signed))
            if signed > 0 { match += 1 }
        }
        return (contrast, Double(match) / Double(max(1, fixed.count)))
    }

    /// Symbols of several data regions sampled region by region, each through its own refined perspective map
    /// (paper that is not flat bends the grid between the alignment lines); nil for one-region symbols.
    static func regionalValues(_ image: GrayImage, fit: Fit, level: Double) -> [Double]? {
        let size = fit.size
        let rh = size.regionRows + 2, rw = size.regionColumns + 2
        let down = size.rows / rh, across = size.columns / rw
        guard down * across > 1 else { return nil }
        let region = DataMatrixSize(rh, rw, size.regionRows, size.regionColumns)
        let unit = region.moduleCorners
        var values = [Double](repeating: 255, count: size.rows * size.columns)
        for i in 0..<down {
            for j in 0..<across {
                let c0 = Double(j * rw), r0 = Double(i * rh)
                let corners = unit.compactMap { fit.map.apply(QuadPoint(x: c0 + $0.x, y: r0 + $0.y)) }
                guard corners.count == 4, let map = Homography.mapping(unit, to: corners) else { return nil }
                let own = refined(image, fit: Fit(size: region, corners: corners, map: map, score: 0), level: level)
                let part = moduleValues(image, fit: own)
                for r in 0..<rh {
                    for c in 0..<rw { values[(i * rh + r) * size.columns + j * rw + c] = part[r * rw + c] }
                }
            }
        }
        return values
    }

    /// Share of modules whose centre and the four points a quarter module from it fall on the same side of `level`.
    static func uniformShare(_ image: GrayImage, size: DataMatrixSize, level: Double, map: (QuadPoint) -> QuadPoint?) -> Double {
        var uniform = 0
        for r in 0..<size.rows {
            for c in 0..<size.columns {
                var dark = 0, n = 0
                for (du, dv) in moduleSamplePoints {
                    if let p = map(QuadPoint(x: Double(c) + du, y: Double(r) + dv)), let v = image.bilinear(p.x, p.y) {
                        n += 1
                        if v < level { dark += 1 }
                    }
                }
                if n == 5, dark == 0 || dark == 5 { uniform += 1 }
            }
        }
        return Double(uniform) / Double(max(1, size.rows * size.columns))
    }

    /// Each module's gray value: the mean of five samples (its centre and a quarter module towards each side).
    static func moduleValues(_ image: GrayImage, fit: Fit) -> [Double] {
        moduleValues(image, size: fit.size) { fit.map.apply($0) }
    }

    static func moduleValues(_ image: GrayImage, size: DataMatrixSize, map: (QuadPoint) -> QuadPoint?) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(size.rows * size.columns)
        for r in 0..<size.rows {
            for c in 0..<size.columns {
                var sum = 0.0, n = 0.0
                for (du, dv) in moduleSamplePoints {
                    if let p = map(QuadPoint(x: Double(c) + du, y: Double(r) + dv)), let v = image.bilinear(p.x, p.y) {
                        sum += v; n += 1
                    }
                }
                values.append(n > 0 ? sum / n : 255)
            }
        }
        return values
    }

    /// Dark where a module is below the mean of the modules within two of it (light that changes across the symbol).
    static func locallyThresholded(_ values: [Double], size: DataMatrixSize) -> [Bool] {
        let rows = size.rows, cols = size.columns
        var out = [Bool](repeating: false, count: values.count)
        guard values.count == rows * cols else { return out }
        for r in 0..<rows {
            for c in 0..<cols {
                var sum = 0.0, n = 0.0
                for rr in max(0, r - 2)...min(rows - 1, r + 2) {
                    for cc in max(0, c - 2)...min(cols - 1, c + 2) { sum += values[rr * cols + cc]; n += 1 }
                }
                out[r * cols + c] = values[r * cols + c] < sum / n
            }
        }
        return out
    }

    /// The gray level between dark and light by Otsu's method, on the pixels in the quadrilateral's bounding box (at most about 40 000 of them).
    static func otsuLevel(_ image: GrayImage, around quad: [QuadPoint]) -> Int {
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let x0 = max(0, PointMap.clampInt(xs.min() ?? 0)), x1 = min(image.width - 1, PointMap.clampInt(xs.max() ?? 0))
        let y0 = max(0, PointMap.clampInt(ys.min() ?? 0)), y1 = min(image.height - 1, PointMap.clampInt(ys.max() ?? 0))
        guard x1 > x0, y1 > y0 else { return 128 }
        let step = max(1, Int((Double((x1 - x0) * (y1 - y0)) / 40_000).squareRoot()))
        var pixels: [UInt8] = []
        for y in stride(from: y0, through: y1, by: step) {
            for x in stride(from: x0, through: x1, by: step) { pixels.append(image.pixels[y * image.width + x]) }
        }
        guard let level = GrayImage(width: pixels.count, height: 1, pixels: pixels)?.otsuLevel() else { return 128 }
        // The middle between the two classes' means: Otsu's level is the top of the dark class (on a two-valued
        // image, the dark value itself).
        var dark = 0, darkN = 0, light = 0, lightN = 0
        for p in pixels {
            if Int(p) <= level { dark += Int(p); darkN += 1 } else { light += Int(p); lightN += 1 }
        }
        guard darkN > 0, lightN > 0 else { return level }
        return (dark / darkN + light / lightN + 1) / 2
    }

    /// A square module matrix reflected about its anti-diagonal (the finder and timing sides stay in place).
    static func mirroredSquare(_ dark: [Bool], side n: Int) -> [Bool] {
        guard dark.count == n * n else { return dark }
        var out = dark
        for r in 0..<n {
            for c in 0..<n { out[r * n + c] = dark[(n - 1 - c) * n + (n - 1 - r)] }
        }
        return out
    }

    /// Whether a symbol read from a rendering is the rendered symbol, not a small one that a reader's region search
    /// happened to decode inside the module pattern (its corners span the whole module grid, within two modules).
    static func coversRendering(_ symbol: DetectedSymbol, size: DataMatrixSize) -> Bool {
        let s = DataMatrixRendering.scale, q = DataMatrixRendering.quiet
        let xs = symbol.corners.map(\.x), ys = symbol.corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return false }
        let tolerance = 2 * s
        return abs(x0 - q * s) <= tolerance && abs(x1 - (q + size.columns) * s) <= tolerance
            && abs(y0 - q * s) <= tolerance && abs(y1 - (q + size.rows) * s) <= tolerance
    }

    /// The rendered symbol read by zxing-cpp (fails fast), then libdmtx in a short slot.
    static func readClean(_ rendering: GrayImage, withDmtx: Bool) -> DetectedSymbol? {
        let options = ReadOptions(symbologies: [.datamatrix], tryHarder: false, timeBudgetMilliseconds: dmtxSlotMilliseconds, maxSymbols: 1)
        if let s = (try? ZXingReader().read(rendering, options: options))?.first { return s }
        return withDmtx ? (try? DmtxReader().read(rendering, options: options))?.first : nil
    }
}

