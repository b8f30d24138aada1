/// A module grid on paper that is not flat (a label on a bottle, a bent sheet): each side of the symbol a
/// quadratic curve through its two corners and its midpoint, the inside blended from the four sides (a Coons
/// patch). Its eight points start where a perspective fit puts them and move while the frame modules' contrast
/// grows, so the finder and timing sides follow the bend.
struct DataMatrixBentGrid {
    var size: DataMatrixSize
    /// Top-left, top-right, bottom-right, bottom-left corners, then the midpoints of the top, right, bottom and left sides.
    var points: [QuadPoint]

    init?(size: DataMatrixSize, from map: Homography) {
        let c = Double(size.columns), r = Double(size.rows)
        let grid = [(0, 0), (c, 0), (c, r), (0, r), (c / 2, 0), (c, r / 2), (c / 2, r), (0, r / 2)]
        let mapped = grid.compactMap { map.apply(QuadPoint(x: $0.0, y: $0.1)) }
        guard mapped.count == 8 else { return nil }
        self.size = size
        self.points = mapped
    }

    /// The image position of grid point (`column`, `row`) in module units.
    func apply(_ p: QuadPoint) -> QuadPoint? {
        let u = p.x / Double(size.columns), v = p.y / Double(size.rows)
        func curve(_ a: QuadPoint, _ m: QuadPoint, _ b: QuadPoint, _ t: Double) -> (Double, Double) {
            let wa = (1 - t) * (1 - 2 * t), wm = 4 * t * (1 - t), wb = t * (2 * t - 1)
            return (a.x * wa + m.x * wm + b.x * wb, a.y * wa + m.y * wm + b.y * wb)
        }
        let tl = points[0], tr = points[1], br = points[2], bl = points[3]
        let top = curve(tl, points[4], tr, u), bottom = curve(bl, points[6], br, u)
        let left = curve(tl, points[7], bl, v), right = curve(tr, points[5], br, v)
        let x = (1 - v) * top.0 + v * bottom.0 + (1 - u) * left.0 + u * right.0
            - ((1 - u) * (1 - v) * tl.x + u * (1 - v) * tr.x + (1 - u) * v * bl.x + u * v * br.x)
        let y = (1 - v) * top.1 + v * bottom.1 + (1 - u) * left.1 + u * right.1
            - ((1 - u) * (1 - v) * tl.y + u * (1 - v) * tr.y + (1 - u) * v * bl.y + u * v * br.y)
        return x.isFinite && y.isFinite ? QuadPoint(x: x, y: y) : nil
    }

    /// The eight points moved, a module fraction at a time, while the frame's contrast grows.
    func refined(_ image: GrayImage, level: Double) -> (grid: DataMatrixBentGrid, match: Double) {
        let fixed = size.fixedModules
        func evaluate(_ g: DataMatrixBentGrid) -> (contrast: Double, match: Double) {
            DataMatrixGridReader.frameContrast(image, fixed: fixed, level: level) { g.apply($0) }
        }
        let d = PointClimb.distance
        let module = (d(points[0], points[1]) / Double(size.columns) + d(points[0], points[3]) / Double(size.rows)) / 2
        var trialGrid = self
        guard let climbed = PointClimb.climb(points, steps: [0.5, 0.25, 0.125].map({ $0 * module }), score: { trial in
            trialGrid.points = trial
            let e = evaluate(trialGrid)
            return (e.contrast, e.match)
        }) else { return (self, evaluate(self).match) }
        var grid = self
        grid.points = climbed.points
        return (grid, climbed.extra)
    }
}
