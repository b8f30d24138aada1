/// A point in millimetres (form) or pixels (image).
struct SlipPoint: Sendable, Hashable {
    var x: Double
    var y: Double
}

/// Form millimetres → image pixels: `px = a·x + b·y + c`, `py = d·x + e·y + f`. Fitted as a similarity
/// (scale, rotation, translation) from two or more anchors, as a full affine (adds shear, for mild perspective)
/// from four or more.
struct SlipTransform: Sendable, Hashable {
    var a, b, c, d, e, f: Double

    func apply(_ p: SlipPoint) -> SlipPoint { SlipPoint(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f) }

    var determinant: Double { a * e - b * d }

    /// Pixels per millimetre (geometric mean of the two axes).
    var scale: Double { abs(determinant).squareRoot() }

    func inverse() -> SlipTransform? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let ia = e / det, ib = -b / det, id = -d / det, ie = a / det
        return SlipTransform(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    /// Least-squares similarity (no reflection) mapping `from` onto `to`; nil for fewer than two distinct points.
    static func similarity(from: [SlipPoint], to: [SlipPoint]) -> SlipTransform? {
        let n = Double(from.count)
        guard from.count >= 2, from.count == to.count else { return nil }
        let mx = from.reduce(0) { $0 + $1.x } / n, my = from.reduce(0) { $0 + $1.y } / n
        let ux = to.reduce(0) { $0 + $1.x } / n, uy = to.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sab = 0.0, sba = 0.0
        for (p, q) in zip(from, to) {
            let px = p.x - mx, py = p.y - my, qx = q.x - ux, qy = q.y - uy
            sxx += px * px + py * py
            sab += px * qx + py * qy
            sba += px * qy - py * qx
        }
        guard sxx > 1e-9 else { return nil }
        let a = sab / sxx, d = sba / sxx
        // [a -d; d a] is scale·rotation.
        let t = SlipTransform(a: a, b: -d, c: ux - (a * mx - d * my), d: d, e: a, f: uy - (d * mx + a * my))
        return t.scale.isFinite && t.scale > 1e-6 ? t : nil
    }

    /// Least-squares affine; nil for fewer than three points or a degenerate (collinear) set.
    static func affine(from: [SlipPoint], to: [SlipPoint]) -> SlipTransform? {
        guard from.count >= 3, from.count == to.count else { return nil }
        // Normal equations for [x y 1]·[a b c]ᵀ = px (and the same for py).
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rx = [0.0, 0.0, 0.0], ry = [0.0, 0.0, 0.0]
        for (p, q) in zip(from, to) {
            let v = [p.x, p.y, 1.0]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += v[i] * v[j] }
                rx[i] += v[i] * q.x
                ry[i] += v[i] * q.y
            }
        }
        guard let sx = solve3(m, rx), let sy = solve3(m, ry) else { return nil }
        let t = SlipTransform(a: sx[0], b: sx[1], c: sx[2], d: sy[0], e: sy[1], f: sy[2])
        return t.determinant > 1e-9 ? t : nil
    }

    static func solve3(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        // Relative test: anchors on one line leave the system singular.
        let norm = m.flatMap { $0 }.reduce(0) { max($0, abs($1)) }
        guard det.isFinite, norm > 0, abs(det) > 1e-9 * norm * norm * norm else { return nil }
        var out = [0.0, 0.0, 0.0]
        for k in 0..<3 {
            var mk = m
            for i in 0..<3 { mk[i][k] = r[i] }
            out[k] = (mk[0][0] * (mk[1][1] * mk[2][2] - mk[1][2] * mk[2][1]) - mk[0][1] * (mk[1][0] * mk[2][2] - mk[1][2] * mk[2][0])
                + mk[0][2] * (mk[1][0] * mk[2][1] - mk[1][1] * mk[2][0])) / det
        }
        return out.allSatisfy(\.isFinite) ? out : nil
    }
}
