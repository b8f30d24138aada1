import Foundation

/// Label text as anchors compare it: upper case, no diacritics, OCR look-alikes folded (0→O, 1/|→I, 5→S, 8→B),
/// split into runs of letters and digits. Both the template's label and the page's words go through it.
package enum SlipText {
    static func fold(_ s: String) -> String {
        var t = s.replacingOccurrences(of: "đ", with: "d").replacingOccurrences(of: "Đ", with: "D")
            .replacingOccurrences(of: "ß", with: "SS")
        t = t.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        var out = ""
        for u in t.unicodeScalars {
            switch u {
            case "0": out.append("O")
            case "1", "|", "!": out.append("I")
            case "5": out.append("S")
            case "8": out.append("B")
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func tokens(_ s: String) -> [String] {
        fold(s).split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { !$0.isEmpty }
    }

    /// Tolerant token equality: one edit for 3+ characters (`FÜR` read `flr`), two for 9+. Loose on its own;
    /// an anchor is only trusted when several agree on one geometry.
    static func matches(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let n = min(a.count, b.count)
        let allowed = n >= 9 ? 2 : n >= 3 ? 1 : 0
        guard allowed > 0, abs(a.count - b.count) <= allowed else { return false }
        return editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: allowed) <= allowed
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
