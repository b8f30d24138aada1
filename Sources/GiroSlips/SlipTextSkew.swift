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

    /// Whether a fit's rotation agrees with the text's angle (true when that is unknown).
    static func agreesWithText(_ t: SlipTransform, skew: Double?) -> Bool {
        guard let skew else { return true }
        return abs(atan2(t.d, t.a) - skew) <= maxSkewDeviation
    }
}
