/// A zero read inside a word of letters (`d.0.0.`, `K0VAČ`): in a name the engine's digit for the letter o, which
/// some models prefer in short dotted abbreviations (Tesseract's `hrv` reads `d.o.o.` as `d.0.0.` in DejaVu Sans
/// Mono). Words with any other digit, or without a letter, are left as read (`Ulica 10`, `B2B`).
package enum SlipNameZeros {
    package static func lettered(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let chars = Array(word)
            guard chars.contains("0"), chars.contains(where: \.isLetter),
                  !chars.contains(where: { $0.isNumber && $0 != "0" }) else { return String(word) }
            var out = chars
            for (i, c) in chars.enumerated() where c == "0" {
                // Only between letters or dots (`d.0.`), never beside another zero-only run's end of word alone.
                let before = i > 0 ? chars[i - 1] : nil, after = i + 1 < chars.count ? chars[i + 1] : nil
                let fits: (Character?) -> Bool = { $0 == nil || $0?.isLetter == true || $0 == "." || $0 == "0" }
                guard fits(before), fits(after) else { return String(word) }
                let upper = chars.contains { $0.isLetter && $0.isUppercase } && !chars.contains { $0.isLetter && $0.isLowercase }
                out[i] = upper ? "O" : "o"
            }
            return String(out)
        }.joined(separator: " ")
    }
}
