/// A zero read inside a word of letters (`d.0.0.`, `K0VAČ`): in a name the engine's digit for the letter o, which
/// some models prefer in short dotted abbreviations (Tesseract's `hrv` reads `d.o.o.` as `d.0.0.` in DejaVu Sans
/// Mono). Words with any other digit, or without a letter, are left as read (`Ulica 10`, `B2B`).
package enum SlipNameZeros {
    package static func lettered(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let chars = Array(word)
            guard chars.contains("0"), chars.contains(where: \.isLetter),
                  !chars.contains(where: { $0.isNumber && $0 != "0" }) else { return String(word) }
            // An upper-case word (`K0VAČ`) gets `O`, any other `o`.
            let upper = chars.contains { $0.isLetter && $0.isUppercase } && !chars.contains { $0.isLetter && $0.isLowercase }
            let fits: (Character?) -> Bool = { $0 == nil || $0?.isLetter == true || $0 == "." || $0 == "0" }
            var out = chars
            for (i, c) in chars.enumerated() where c == "0" {
                // Only between letters, dots or other such zeros (`d.0.0.`); a zero beside anything else (`0-1`)
                // leaves the word as read.
                let before = i > 0 ? chars[i - 1] : nil, after = i + 1 < chars.count ? chars[i + 1] : nil
                guard fits(before), fits(after) else { return String(word) }
                out[i] = upper ? "O" : "o"
            }
            return String(out)
        }.joined(separator: " ")
    }
}
