/// Legal-form abbreviations in names (`d.o.o.`, `s.r.o.`, `a.s.`): single letters, each followed by a dot. Set
/// apart by dots, an `o` has no word around it and Tesseract reads it `0` (`Vodoopskrba d.0.0.` from a clean
/// 300-dpi HUB-3A scan). No such abbreviation holds a digit, so there the `0` is the letter.
extension SlipText {
    /// `text` with every `0` in such a word (two or more `x.` parts, at least one a letter) read as `o` (`O` when
    /// the word's letters are capitals), and the corrections as `offset: 0→o` (UTF-8 byte offset into `text`, the zone's lines joined by single spaces).
    package static func mendingAbbreviations(_ text: String) -> (text: String, corrections: [String]) {
        var out = ""
        var corrections: [String] = []
        var offset = 0
        for (i, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out.append(" "); offset += 1 }
            let chars = Array(word)
            let parts = chars.count / 2
            let dotted = chars.count >= 4 && chars.count % 2 == 0
                && (0..<parts).allSatisfy { chars[2 * $0 + 1] == "." && (chars[2 * $0].isLetter || chars[2 * $0] == "0") }
            let letters = chars.filter(\.isLetter)
            guard dotted, chars.contains("0"), !letters.isEmpty else {
                out += word
                offset += word.utf8.count
                continue
            }
            let capital = letters.allSatisfy(\.isUppercase)
            for c in chars {
                if c == "0" {
                    let letter: Character = capital ? "O" : "o"
                    corrections.append("\(offset): 0→\(letter)")
                    out.append(letter)
                } else {
                    out.append(c)
                }
                offset += c.utf8.count
            }
        }
        return (out, corrections)
    }
}
