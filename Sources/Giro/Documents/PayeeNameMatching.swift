import Foundation

/// How two payee names are compared across a document's sources (`docs/decoding-policy.md`, Documents): folded
/// (compatibility decomposition, diacritics and case dropped), punctuation and spacing made one space, and
/// legal-form words at the end dropped ("Müller GmbH" = "MULLER"). Anything else that differs is a mismatch.
public enum PayeeNameMatching {
    /// Legal forms dropped from the end of a name, folded and without dots (`d.o.o.` → `D O O` is matched as
    /// the token run `D O O` and as `DOO`). Kept short: only forms a bill commonly prints.
    public static let legalForms: [String] = [
        "AG", "GMBH", "MBH", "KG", "OHG", "UG", "EV", "SE", "SA", "SAS", "SARL", "SRL", "SPA", "BV", "NV", "VOF",
        "LTD", "LIMITED", "PLC", "LLC", "LLP", "INC", "CORP", "CO", "OY", "AB", "AS", "APS", "SPZOO", "SP ZOO",
        "DOO", "DD", "AD", "SRO", "AS", "KFT", "ZRT", "NYRT", "BT", "SPOL SRO", "OU", "UAB", "SIA", "SCE", "EG",
    ]

    /// Whether two names name the same payee under these rules.
    public static func agree(_ a: String, _ b: String) -> Bool {
        normalized(a) == normalized(b)
    }

    /// The compared form: folded words joined by one space, trailing legal forms removed (a name that is only a
    /// legal form keeps it). Reads at most 400 characters.
    public static func normalized(_ name: String) -> String {
        var words = folded(String(name.prefix(400)))
        while let cut = trailingLegalForm(words), cut < words.count { words.removeLast(cut) }
        return words.joined(separator: " ")
    }

    /// Upper-case ASCII-folded words: letters and digits, everything else a separator.
    static func folded(_ s: String) -> [String] {
        let plain = s.decomposedStringWithCompatibilityMapping.unicodeScalars
            .filter { !CharacterSet.nonBaseCharacters.contains($0) }
        var words: [String] = [], current = String.UnicodeScalarView()
        for scalar in plain {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current).uppercased())
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current).uppercased()) }
        return words
    }

    static let forms: Set<String> = Set(legalForms.map { $0.replacingOccurrences(of: " ", with: "") })

    /// How many trailing words spell a legal form (`D O O`, `S R O`, `GMBH`); nil when none does.
    static func trailingLegalForm(_ words: [String]) -> Int? {
        // Longest first, so `SPOL S R O` goes whole.
        for n in stride(from: min(5, words.count), through: 1, by: -1) {
            if forms.contains(words.suffix(n).joined()) { return n }
        }
        return nil
    }
}
