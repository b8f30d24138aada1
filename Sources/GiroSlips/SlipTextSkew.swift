import Foundation
import GiroImaging

extension SlipClassifier {
    /// Words sampled for the text angle at most (each looks for its neighbour among all the page's words).
    static let skewSample = 80
    /// A fit may turn the form this far from the text's angle at most (radians, ~3.4°): a form is printed with
    /// its text, so labels that agree only on a tilted fit are another layout's, not a tilted form.
    static let maxSkewDeviation = 0.06

    /// The angle of the page's lines of text (radians, y down): the median direction from a word to the next one
    /// on its line; nil with fewer than 8 such pairs.
    static func textSkew(_ index: PageIndex) -> Double? {
        let candidates = index.words.indices.filter { !index.tokens[$0].isEmpty }
        guard candidates.count >= 8 else { return nil }
        let step = max(1, candidates.count / skewSample)
        var angles: [Double] = []
        for k in stride(from: 0, to: candidates.count, by: step) {
            let w = candidates[k]
            guard let n = index.adjacent(after: w) else { continue }
            let a = index.words[w], b = index.words[n]
            let dx = (Double(b.x) + Double(b.w) / 2) - (Double(a.x) + Double(a.w) / 2)
            let dy = (Double(b.y) + Double(b.h) / 2) - (Double(a.y) + Double(a.h) / 2)
            guard dx > 0 else { continue }
            let angle = (dy / dx)
            if angle.isFinite { angles.append(angle) }
        }
        guard angles.count >= 8 else { return nil }
        let slope = angles.sorted()[angles.count / 2]
        return slope.isFinite ? atan2(slope, 1) : nil
    }

    /// A fit turned further than this from the text's angle (radians, ~0.5°) is fitted again along the text: over
    /// a 120 mm box half a degree moves its far end by a millimetre.
    static let maxTextTurn = 0.009

    /// Whether a fit's rotation agrees with the text's angle (true when that is unknown).
    static func agreesWithText(_ t: SlipTransform, skew: Double?) -> Bool {
        guard let skew else { return true }
        return abs(atan2(t.d, t.a) - skew) <= maxSkewDeviation
    }
}

extension SlipTransform {
    /// The least-squares fit of `from` onto `to` turned by `angle` (radians) and otherwise only scaled — each axis
    /// on its own where the points spread along it (another printer's form is stretched unevenly), both alike
    /// where not — and moved: no turn or shear of its own. Nil for fewer than two points or no spread.
    static func alongText(_ angle: Double, from: [SlipPoint], to: [SlipPoint]) -> SlipTransform? {
        guard from.count >= 2, from.count == to.count, angle.isFinite else { return nil }
        let cs = cos(angle), sn = sin(angle)
        // The page's points turned back by the angle: there the fit is a scale and a shift per axis.
        let back = to.map { SlipPoint(x: cs * $0.x + sn * $0.y, y: -sn * $0.x + cs * $0.y) }
        guard let iso = scaleAndShift(from: from, to: back) else { return nil }
        let n = Double(from.count)
        let mx = from.reduce(0) { $0 + $1.x } / n, my = from.reduce(0) { $0 + $1.y } / n
        let ux = back.reduce(0) { $0 + $1.x } / n, uy = back.reduce(0) { $0 + $1.y } / n
        var vx = 0.0, vy = 0.0, cx = 0.0, cy = 0.0
        for (p, q) in zip(from, back) {
            vx += (p.x - mx) * (p.x - mx); vy += (p.y - my) * (p.y - my)
            cx += (p.x - mx) * (q.x - ux); cy += (p.y - my) * (q.y - uy)
        }
        // An axis the points spread along by 10 mm (standard deviation) has its own scale, within 15 % of the
        // common one (as `SlipClassifier.tame` allows an affine fit).
        func own(_ v: Double, _ c: Double) -> Double {
            guard v / n >= 100, case let k = c / v, k.isFinite, abs(k / iso.a - 1) < 0.15 else { return iso.a }
            return k
        }
        let sx = own(vx, cx), sy = own(vy, cy)
        let ox = ux - sx * mx, oy = uy - sy * my
        let t = SlipTransform(a: cs * sx, b: -sn * sy, c: cs * ox - sn * oy, d: sn * sx, e: cs * sy, f: sn * ox + cs * oy)
        return [t.a, t.b, t.c, t.d, t.e, t.f].allSatisfy(\.isFinite) ? t : nil
    }
}
