import GiroImaging

/// A point in millimetres (form) or pixels (image).
struct SlipPoint: Sendable, Hashable {
    var x: Double
    var y: Double

    /// A coordinate as whole pixels for output; 0 where a degenerate fit sends it to infinity or beyond any image
    /// (`Int(_:)` would trap there).
    static func pixel(_ v: Double) -> Int { v.isFinite && abs(v) < 1e9 ? Int(v.rounded()) : 0 }
}

/// Form millimetres → image pixels: `px = (a·x + b·y + c) / w`, `py = (d·x + e·y + f) / w`, `w = g·x + h·y + 1`.
/// Fitted as a similarity (scale, rotation, translation) from two or more anchors, as an affine (adds shear) from
/// four or more, as a perspective (g, h ≠ 0: a phone photo) from six or more when that fits clearly better.
struct SlipTransform: Sendable, Hashable {
    var a, b, c, d, e, f: Double
    var g = 0.0, h = 0.0

    func apply(_ p: SlipPoint) -> SlipPoint {
        let w = g * p.x + h * p.y + 1
        guard abs(w) > 1e-9 else { return SlipPoint(x: .infinity, y: .infinity) }
        return SlipPoint(x: (a * p.x + b * p.y + c) / w, y: (d * p.x + e * p.y + f) / w)
    }

    var determinant: Double { a * e - b * d }

    /// Pixels per millimetre (geometric mean of the two axes, near the form's origin).
    var scale: Double { abs(determinant).squareRoot() }

    func inverse() -> SlipTransform? {
        // Inverse of the 3×3 matrix [a b c; d e f; g h 1], renormalised so its last entry is 1.
        let m = [[a, b, c], [d, e, f], [g, h, 1.0]]
        let co00 = m[1][1] * m[2][2] - m[1][2] * m[2][1], co01 = -(m[1][0] * m[2][2] - m[1][2] * m[2][0]), co02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let det = m[0][0] * co00 + m[0][1] * co01 + m[0][2] * co02
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let inv = [
            [co00, -(m[0][1] * m[2][2] - m[0][2] * m[2][1]), m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [co01, m[0][0] * m[2][2] - m[0][2] * m[2][0], -(m[0][0] * m[1][2] - m[0][2] * m[1][0])],
            [co02, -(m[0][0] * m[2][1] - m[0][1] * m[2][0]), m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ].map { $0.map { $0 / det } }
        let k = inv[2][2]
        guard abs(k) > 1e-12 else { return nil }
        let t = SlipTransform(a: inv[0][0] / k, b: inv[0][1] / k, c: inv[0][2] / k, d: inv[1][0] / k, e: inv[1][1] / k,
                              f: inv[1][2] / k, g: inv[2][0] / k, h: inv[2][1] / k)
        return [t.a, t.b, t.c, t.d, t.e, t.f, t.g, t.h].allSatisfy(\.isFinite) ? t : nil
    }

    /// Least-squares perspective (direct linear transform with h₃₃ = 1); nil for fewer than six points or a
    /// degenerate set. Points are normalised first so millimetres and pixels weigh alike.
    static func perspective(from: [SlipPoint], to: [SlipPoint]) -> SlipTransform? {
        guard from.count >= 6, from.count == to.count else { return nil }
        func normaliser(_ ps: [SlipPoint]) -> (Double, Double, Double) {
            let n = Double(ps.count)
            let mx = ps.reduce(0) { $0 + $1.x } / n, my = ps.reduce(0) { $0 + $1.y } / n
            let spread = ps.reduce(0) { $0 + (($1.x - mx) * ($1.x - mx) + ($1.y - my) * ($1.y - my)).squareRoot() } / n
            return (mx, my, spread > 1e-9 ? 1 / spread : 1)
        }
        let (fx, fy, fs) = normaliser(from), (tx, ty, ts) = normaliser(to)
        var ata = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
        var atb = [Double](repeating: 0, count: 8)
        for (p, q) in zip(from, to) {
            let x = (p.x - fx) * fs, y = (p.y - fy) * fs, u = (q.x - tx) * ts, v = (q.y - ty) * ts
            for (row, rhs) in [([x, y, 1, 0, 0, 0, -u * x, -u * y], u), ([0, 0, 0, x, y, 1, -v * x, -v * y], v)] {
                for i in 0..<8 {
                    atb[i] += row[i] * rhs
                    for j in 0..<8 { ata[i][j] += row[i] * row[j] }
                }
            }
        }
        guard let s = Homography.solve(ata, atb) else { return nil }
        let n = SlipTransform(a: s[0], b: s[1], c: s[2], d: s[3], e: s[4], f: s[5], g: s[6], h: s[7])
        // Undo the normalisations: T_to⁻¹ · N · T_from.
        let fromT = SlipTransform(a: fs, b: 0, c: -fx * fs, d: 0, e: fs, f: -fy * fs)
        let toInv = SlipTransform(a: 1 / ts, b: 0, c: tx, d: 0, e: 1 / ts, f: ty)
        return compose(n, fromT).flatMap { compose(toInv, $0) }
    }

    /// `outer ∘ inner` as 3×3 matrices.
    static func compose(_ o: SlipTransform, _ i: SlipTransform) -> SlipTransform? {
        let A = [[o.a, o.b, o.c], [o.d, o.e, o.f], [o.g, o.h, 1.0]], B = [[i.a, i.b, i.c], [i.d, i.e, i.f], [i.g, i.h, 1.0]]
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        for r in 0..<3 { for c in 0..<3 { m[r][c] = (0..<3).reduce(0) { $0 + A[r][$1] * B[$1][c] } } }
        let k = m[2][2]
        guard abs(k) > 1e-12 else { return nil }
        let t = SlipTransform(a: m[0][0] / k, b: m[0][1] / k, c: m[0][2] / k, d: m[1][0] / k, e: m[1][1] / k, f: m[1][2] / k,
                              g: m[2][0] / k, h: m[2][1] / k)
        return [t.a, t.b, t.c, t.d, t.e, t.f, t.g, t.h].allSatisfy(\.isFinite) ? t : nil
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

    /// Least-squares scale and translation (upright, same scale on both axes); nil for fewer than two distinct points.
    static func scaleAndShift(from: [SlipPoint], to: [SlipPoint]) -> SlipTransform? {
        let n = Double(from.count)
        guard from.count >= 2, from.count == to.count else { return nil }
        let mx = from.reduce(0) { $0 + $1.x } / n, my = from.reduce(0) { $0 + $1.y } / n
        let ux = to.reduce(0) { $0 + $1.x } / n, uy = to.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0
        for (p, q) in zip(from, to) {
            sxx += (p.x - mx) * (p.x - mx) + (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (q.x - ux) + (p.y - my) * (q.y - uy)
        }
        guard sxx > 1e-9 else { return nil }
        let k = sxy / sxx
        guard k.isFinite, k > 1e-6 else { return nil }
        return SlipTransform(a: k, b: 0, c: ux - k * mx, d: 0, e: k, f: uy - k * my)
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

extension SlipTransform {
    /// The same map as an image-side homography (upright sheet → photo).
    init(homography m: Homography) {
        self.init(a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f, g: m.g, h: m.h)
    }
}
