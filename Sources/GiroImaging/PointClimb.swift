/// Pattern search over a few image points: each point in turn tries a step in eight directions and keeps a move
/// that raises the score; the step shrinks after at most 12 rounds or when no move helps. Used to settle a symbol's
/// grid on its fixed modules (DataMatrix corners, bent-grid side points).
enum PointClimb {
    static let directions: [(Double, Double)] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]

    /// `score` returns the value to raise and what goes with it, or nil where the points make no grid.
    static func climb<T>(_ start: [QuadPoint], steps: [Double],
                         score: ([QuadPoint]) -> (value: Double, extra: T)?) -> (points: [QuadPoint], value: Double, extra: T)? {
        guard var best = score(start) else { return nil }
        var points = start
        for step in steps {
            var rounds = 0, improved = true
            while improved, rounds < 12 {
                improved = false
                rounds += 1
                for k in points.indices {
                    for (dx, dy) in directions {
                        var trial = points
                        trial[k] = QuadPoint(x: points[k].x + dx * step, y: points[k].y + dy * step)
                        if let e = score(trial), e.value > best.value {
                            best = e
                            points = trial
                            improved = true
                        }
                    }
                }
            }
        }
        return (points, best.value, best.extra)
    }

    static func distance(_ a: QuadPoint, _ b: QuadPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
