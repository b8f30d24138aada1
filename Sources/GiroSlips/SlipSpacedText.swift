import Foundation
import GiroImaging

/// Values printed one character per comb cell, read as a line once the comb's colour is dropped: the engine sets
/// word breaks by the gaps it sees, and a comb's wide, even spacing makes it break inside words (`STEF AN LE ITNER`)
/// and split an amount into single digits (`= = = 8 4 8. 0 0`). Both are repaired from the glyphs' own pitch.
package enum SlipSpacedText {
    /// An amount read as single digits, one per cell: the digits joined, fill marks (`=`, `*`, `-`, `#`) dropped, the
    /// separator read on a cell wall or in a cell of its own kept as the decimal comma (`848,00`, `6 4 . 2 0`). A
    /// thousands mark before it (`1 . 2 3 4 , 5 6`) must stand three digits before the next mark and be another
    /// character than the decimal one. Nil when the line is no such amount or holds no separator (which cells are
    /// cents is then unknown).
    package static func joinedAmount(_ line: String) -> String? {
        let fill: Set<Character> = ["=", "*", "-", "#"]
        let tokens = line.split(separator: " ").filter { !$0.allSatisfy { fill.contains($0) } }
        guard tokens.count >= 3 else { return nil }
        var digits = "", marks: [(at: Int, mark: Character)] = []
        for token in tokens {
            let chars = Array(token)
            let core = chars.filter { $0 != "." && $0 != "," }
            if core.isEmpty {
                // A separator in its own cell.
                guard chars.count == 1, let mark = chars.first else { return nil }
                marks.append((digits.count, mark))
                continue
            }
            // One digit per cell, a separator at most on one side of it.
            guard core.count == 1, let d = core.first, d.isASCII, d.isNumber, chars.count <= 2 else { return nil }
            if let mark = chars.first, mark == "." || mark == "," { marks.append((digits.count, mark)) }
            digits.append(d)
            if chars.count == 2, let mark = chars.last, mark == "." || mark == "," { marks.append((digits.count, mark)) }
        }
        guard let last = marks.last, last.at > 0, digits.count - last.at == 2 else { return nil }
        for (a, b) in zip(marks, marks.dropFirst()) {
            guard a.at > 0, b.at - a.at == 3, a.mark != last.mark else { return nil }
        }
        return String(digits.prefix(last.at)) + "," + String(digits.suffix(2))
    }

    /// `line` re-spaced by the glyphs of `crop` when they stand at an even pitch (comb cells, a monospaced fill):
    /// one glyph per character, a break wherever the gap between two glyphs' centres is at least 1.5 pitches. Nil
    /// when the glyphs do not match the characters one to one or stand at no even pitch (proportional print, where
    /// the engine's own word breaks are kept).
    package static func respaced(_ line: String, crop: GrayImage) -> String? {
        let chars = line.filter { !$0.isWhitespace }
        // Glyphs: specks and the stubs of a comb's ticks (short, or a line's width) are none.
        guard let band = mainBand(crop) else { return nil }
        let all = SlipFillMarks.glyphRuns(band).filter { $0.ink >= 3 }
        guard let tallest = all.map(\.height).max() else { return nil }
        let runs = all.filter { $0.height * 10 >= tallest * 4 || ($0.end - $0.start >= 3 && $0.ink >= 12) }
        guard chars.count >= 4, runs.count == chars.count else { return nil }
        let centres = runs.map { Double($0.start + $0.end) / 2 }
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }
        let sorted = gaps.sorted()
        let pitch = sorted[sorted.count / 2]
        guard pitch > 0 else { return nil }
        // Even: within a word every gap within 15 % of the pitch; a word break one or more empty cells wide.
        let inWord = gaps.filter { $0 < 1.5 * pitch }
        guard inWord.count * 10 >= gaps.count * 7, inWord.allSatisfy({ abs($0 - pitch) <= 0.15 * pitch }),
              gaps.allSatisfy({ $0 < 1.5 * pitch || $0 >= 1.7 * pitch }) else { return nil }
        var out = ""
        for (i, ch) in chars.enumerated() {
            if i > 0, gaps[i - 1] >= 1.5 * pitch { out.append(" ") }
            out.append(ch)
        }
        return out
    }

    /// The crop's lines when, stray marks dropped (lines with fewer than two letters or digits: a frame's dot), they
    /// spell the page pass's `page` letter for letter but for accents, case and punctuation, and carry more of the
    /// language's letters (`Mészáros Gábor` against `Mészaros Gabor`, `plinom, račun` against `plinom racun`, `Tjaša`
    /// against `TjaSa`). Nil otherwise.
    package static func accented(_ crop: [String], page: [String]) -> [String]? {
        let kept = crop.filter { $0.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.count >= 2 }
        guard !kept.isEmpty, !page.isEmpty, sameLetters(kept, page), marks(kept) > marks(page) else { return nil }
        return kept
    }

    /// Of two readings of one value, the one with the language's letters (`Brändli`, `Šmarje`) when both spell the
    /// same after folding accents, case and punctuation: `chosen` unless `other` carries more of them.
    package static func richer(_ chosen: [String], _ other: [String]) -> [String] {
        accented(other, page: chosen) ?? chosen
    }

    /// Letters and digits only, accents and case folded: `Opskrba plinom, račun` and `OPSKRBA PLINOM RACUN` agree.
    static func sameLetters(_ a: [String], _ b: [String]) -> Bool {
        func folded(_ lines: [String]) -> String {
            let s = lines.joined(separator: " ").prefix(1000)
                .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            return String(String.UnicodeScalarView(s.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
        }
        let x = folded(a)
        return !x.isEmpty && x == folded(b)
    }

    /// Letters outside ASCII: the accents and the language's own letters a reading kept.
    static func marks(_ lines: [String]) -> Int {
        lines.joined().unicodeScalars.filter { !$0.isASCII && CharacterSet.letters.contains($0) }.count
    }

    /// The rows of the crop's main line of print (the band of inked rows holding the most ink), so that a label's
    /// remains above the value or a frame line below do not join its glyphs.
    static func mainBand(_ crop: GrayImage) -> GrayImage? {
        guard let band = mainRows(crop) else { return nil }
        let w = crop.width
        return GrayImage(width: w, height: band.to - band.from, pixels: Array(crop.pixels[(band.from * w)..<(band.to * w)]))
    }

    /// The crop's inked pixels per row, and its main line's rows `from..<to` (at least 8): nil when it has none.
    static func mainRows(_ crop: GrayImage) -> (rowInk: [Int], from: Int, to: Int)? {
        let w = crop.width, h = crop.height
        guard crop.pixels.count == w * h, w > 0 else { return nil }
        var rowInk = [Int](repeating: 0, count: h)
        for y in 0..<h { for x in 0..<w where crop.pixels[y * w + x] < 128 { rowInk[y] += 1 } }
        var best: (from: Int, to: Int, ink: Int)? = nil
        var y = 0
        while y < h {
            guard rowInk[y] > 0 else { y += 1; continue }
            var e = y, ink = 0
            while e < h, rowInk[e] > 0 { ink += rowInk[e]; e += 1 }
            if ink > best?.ink ?? 0 { best = (y, e, ink) }
            y = e
        }
        guard let b = best, b.to - b.from >= 8 else { return nil }
        return (rowInk, b.from, b.to)
    }
}
