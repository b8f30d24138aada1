/// A DataMatrix module grid for prints whose columns (or rows) are not evenly wide and whose ink has spread: a
/// thermal head with a weak dot line draws some columns a pixel wider, and spread ink closes the light modules of
/// the timing pattern. There the frame modules mislead the corner fit (a grid a row off can match them better than
/// the true one), and one perspective map puts half the columns a module off.
///
/// Instead the whole symbol is used. The corners first settle where every module looks most uniform (the least
/// variance across its middle half), then the column and row boundaries are placed, all at once, where the image has
/// its strongest edges across the full height and width of the symbol (dynamic programming over the boundary
/// positions, each module between half and 1.7 times the mean width). Modules are sampled midway between their
/// boundaries. Reed–Solomon decides: the grid is only used for sizes with at least 18 check codewords.
struct DataMatrixEdgeGrid {
    /// Smallest symbol (in modules) the grid is tried on: 20×20 and up carry 18 or more check codewords, so a grid
    /// that is not the symbol's cannot pass Reed–Solomon by chance.
    static let minimumModules = 400
    /// Largest symbol (in modules) it is tried on (48×48): the settling pass costs time in proportion to the modules.
    static let maximumModules = 2304
    /// Boundary positions are searched at this fraction of a module.
    static let step = 0.05
    static let minimumWidth = 0.5, maximumWidth = 1.7
    /// Half the distance, in modules, across which an edge is measured.
    static let edgeReach = 0.2

    /// Each module's gray value (row by row) from the boundaries found, and the symbol's corners in the image; nil
    /// when the fit is too small or off the image.
    static func sample(_ image: GrayImage, fit: DataMatrixGridReader.Fit, level: Double) -> (values: [Double], corners: [QuadPoint])? {
        let size = fit.size
        guard (minimumModules...maximumModules).contains(size.rows * size.columns), let map = settled(image, fit: fit, level: level) else { return nil }
        let across = boundaries(profile(image, map: map, count: size.columns, lines: size.rows, columns: true), count: size.columns)
        let down = boundaries(profile(image, map: map, count: size.rows, lines: size.columns, columns: false), count: size.rows)
        guard across.count == size.columns + 1, down.count == size.rows + 1 else { return nil }
        var values: [Double] = []
        values.reserveCapacity(size.rows * size.columns)
        for r in 0..<size.rows {
            let v = (down[r] + down[r + 1]) / 2
            for c in 0..<size.columns {
                let u = (across[c] + across[c + 1]) / 2
                guard let p = map.apply(QuadPoint(x: u, y: v)), let g = image.bilinear(p.x, p.y) else { return nil }
                values.append(g)
            }
        }
        let corners = size.moduleCorners.compactMap { map.apply($0) }
        guard corners.count == 4 else { return nil }
        return (values, corners)
    }

    /// The fit's perspective map with its corners moved, a module fraction at a time (at most half a module: a whole
    /// module lands on the same lattice one module off), while the summed variance inside the modules (five samples
    /// each: centre and a quarter module towards each side) falls, the ring of modules around the symbol stays light
    /// and the solid finder sides dark (the quiet zone and the finder anchor the outline where spread ink closes the
    /// timing pattern).
    static func settled(_ image: GrayImage, fit: DataMatrixGridReader.Fit, level: Double) -> Homography? {
        let size = fit.size
        guard fit.corners.count == 4 else { return nil }
        let cols = Double(size.columns), rows = Double(size.rows)
        let unit = size.moduleCorners
        let offsets = DataMatrixGridReader.moduleSamplePoints
        var ring: [(Int, Int)] = []
        for c in -1...size.columns { ring += [(-1, c), (size.rows, c)] }
        for r in 0..<size.rows { ring += [(r, -1), (r, size.columns)] }
        func score(_ corners: [QuadPoint]) -> (value: Double, extra: Homography)? {
            guard let map = Homography.mapping(unit, to: corners) else { return nil }
            // Off the image counts as paper.
            func gray(_ c: Int, _ r: Int, _ du: Double, _ dv: Double) -> Double {
                map.apply(QuadPoint(x: Double(c) + du, y: Double(r) + dv)).flatMap { image.bilinear($0.x, $0.y) } ?? 255
            }
            var total = 0.0
            for r in 0..<size.rows {
                for c in 0..<size.columns {
                    var sum = 0.0, squares = 0.0, light = 0.0
                    for (du, dv) in offsets {
                        let g = gray(c, r, du, dv)
                        sum += g; squares += g * g
                        light += max(0, g - level) * max(0, g - level)
                    }
                    total += squares - sum * sum / Double(offsets.count)
                    // The solid finder sides stay dark (spread ink only darkens them).
                    if c == 0 || r == size.rows - 1 { total += 4 * light }
                }
            }
            for (r, c) in ring {
                for (du, dv) in offsets {
                    let dark = max(0, level - gray(c, r, du, dv))
                    total += 4 * dark * dark
                }
            }
            return (-total, map)
        }
        let d = PointClimb.distance
        let module = (d(fit.corners[0], fit.corners[1]) / cols + d(fit.corners[0], fit.corners[3]) / rows) / 2
        guard module.isFinite, module > 0 else { return nil }
        return PointClimb.climb(fit.corners, steps: [0.5, 0.25, 0.125].map({ $0 * module }), score: score)?.extra
    }

    /// Edge strength at each searched position across the grid (from 1.5 modules before it to 1.5 after): the summed
    /// gray difference between the two sides of the line, over three points in each module it crosses.
    static func profile(_ image: GrayImage, map: Homography, count: Int, lines: Int, columns: Bool) -> [Double] {
        let positions = Int((Double(count) + 3) / step) + 1
        var out = [Double](repeating: 0, count: positions)
        func gray(_ along: Double, _ across: Double) -> Double {
            let p = columns ? QuadPoint(x: along, y: across) : QuadPoint(x: across, y: along)
            return map.apply(p).flatMap { image.bilinear($0.x, $0.y) } ?? 255
        }
        for i in 0..<positions {
            let at = -1.5 + Double(i) * step
            var sum = 0.0
            for line in 0..<lines {
                for t in [0.3, 0.5, 0.7] {
                    let across = Double(line) + t
                    sum += abs(gray(at - edgeReach, across) - gray(at + edgeReach, across))
                }
            }
            out[i] = sum
        }
        return out
    }

    /// The `count + 1` boundary positions (in modules) with the largest summed edge strength: the first within a
    /// module of 0, the last within a module of `count`, neighbours between the minimum and maximum width apart.
    static func boundaries(_ profile: [Double], count: Int) -> [Double] {
        let n = profile.count
        guard count > 0, n > 0 else { return [] }
        func position(_ i: Int) -> Double { -1.5 + Double(i) * step }
        let low = Int((minimumWidth / step).rounded()), high = Int((maximumWidth / step).rounded())
        var score = [Double](repeating: -.infinity, count: n)
        for i in 0..<n where abs(position(i)) <= 1 { score[i] = profile[i] }
        var back: [[Int32]] = []
        back.reserveCapacity(count)
        for _ in 1...count {
            var next = [Double](repeating: -.infinity, count: n), from = [Int32](repeating: -1, count: n)
            for i in 0..<n where i >= low {
                var best = -Double.infinity, bestJ = -1
                for j in max(0, i - high)...(i - low) where score[j] > best {
                    best = score[j]; bestJ = j
                }
                if bestJ >= 0 { next[i] = best + profile[i]; from[i] = Int32(bestJ) }
            }
            score = next
            back.append(from)
        }
        var end = -1
        for i in 0..<n where abs(position(i) - Double(count)) <= 1 && score[i] > -.infinity && (end < 0 || score[i] > score[end]) { end = i }
        guard end >= 0 else { return [] }
        var out = [position(end)]
        var i = end
        for k in stride(from: count - 1, through: 0, by: -1) {
            i = Int(back[k][i])
            guard i >= 0 else { return [] }
            out.append(position(i))
        }
        return out.reversed()
    }
}
