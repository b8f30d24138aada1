import Foundation

/// Label text as anchors compare it: upper case, no diacritics, OCR look-alikes folded (0→O, 1/|→I, 5→S, 8→B),
/// split into runs of letters and digits. Both the template's label and the page's words go through it.
package enum SlipText {
    static func fold(_ s: String) -> String {
        if let ascii = asciiFolded(s) { return String(decoding: ascii, as: UTF8.self) }
        return foundationFolded(s)
    }

    /// `fold` through Foundation's folding: any script (`Ž` → `Z`, `ß` → `SS`). Remembered (`FoldMemo`): the
    /// templates' labels are folded again on every page and every template match.
    static func foundationFolded(_ s: String) -> String {
        if let known = FoldMemo.shared.folded(s) { return known }
        let folded = foldedByFoundation(s)
        FoldMemo.shared.remember(s, folded)
        return folded
    }

    static func foldedByFoundation(_ s: String) -> String {
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
        if let ascii = asciiFolded(s) {
            // ASCII letters and digits are the only ASCII characters that are letters or numbers.
            return ascii.split { !(($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39)) }
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return foundationFolded(s).split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { !$0.isEmpty }
    }

    /// `fold` of an all-ASCII string byte by byte (nil for any other): Foundation's folding has nothing to take off
    /// ASCII but its case, and costs far more — anchors fold every page word once per template (a photo's page
    /// passes spent 0.1–0.3 s of CPU there). The same bytes as `foundationFolded` (`SlipTextFoldTests`).
    static func asciiFolded(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            guard b < 0x80 else { return nil }
            switch b {
            case UInt8(ascii: "0"): out.append(UInt8(ascii: "O"))
            case UInt8(ascii: "1"), UInt8(ascii: "|"), UInt8(ascii: "!"): out.append(UInt8(ascii: "I"))
            case UInt8(ascii: "5"): out.append(UInt8(ascii: "S"))
            case UInt8(ascii: "8"): out.append(UInt8(ascii: "B"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): out.append(b - 0x20)
            default: out.append(b)
            }
        }
        return out
    }

    /// Tolerant token equality: one edit for 3+ characters (`FÜR` read `flr`), two for 9+. Loose on its own;
    /// an anchor is only trusted when several agree on one geometry.
    static func matches(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (ca, cb) = (characters(a), characters(b))
        let n = min(ca, cb)
        let allowed = n >= 9 ? 2 : n >= 3 ? 1 : 0
        guard allowed > 0, abs(ca - cb) <= allowed else { return false }
        return editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: allowed) <= allowed
    }

    /// `s.count` without breaking graphemes where every byte is a character of its own (ASCII, no CR-LF pair):
    /// anchors compare every page token with every label's first token.
    static func characters(_ s: String) -> Int {
        s.utf8.contains { $0 >= 0x80 || $0 == 0x0D } ? s.count : s.utf8.count
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

/// Foundation foldings already made, shared by every reader of the process (at most `capacity`; emptied when full, so
/// a server's memory stays bounded).
final class FoldMemo: @unchecked Sendable {
    static let shared = FoldMemo()
    let capacity = 8_192
    // Guarded by `lock`.
    private var folded: [String: String] = [:]
    private let lock = NSLock()

    func folded(_ s: String) -> String? {
        lock.withLock { folded[s] }
    }

    /// Longer strings are not kept (a label is short; a page's junk word may not be): at most `capacity` ×
    /// `maxBytes` held.
    let maxBytes = 128

    func remember(_ s: String, _ f: String) {
        guard s.utf8.count <= maxBytes else { return }
        lock.withLock {
            if folded.count >= capacity { folded.removeAll(keepingCapacity: true) }
            folded[s] = f
        }
    }
}
