import Foundation

/// A payee's or payer's name as read from its box, judged before it is returned: a name is the value line of its
/// own box, never the address line under it, another field's digits or the fragments a comb or a blurred line
/// leaves. A wrong name at a name's usual confidence is worse than none (Verification of Payee compares it), so a
/// look that is no name is dropped and the field stays empty.
enum SlipNameValue {
    /// Word confidence (0…100) under which a reading is fragments when its longest word is short (`K IN`, `LE`,
    /// `b zum Zé`), and under which any reading is (`NORODL EM` at 49): measured on the development sample, where
    /// every name read below 70 was wrong and the right ones came at 76 and more.
    static let fragmentConfidence = 70
    static let doubtfulConfidence = 50
    /// Letters of the longest word under which a doubtful look is fragments.
    static let fragmentLetters = 5

    enum Verdict: Equatable {
        case name(String)
        /// Not a name; why, for the diagnostic.
        case rejected(String)
    }

    /// `confidence`: the zone's lowest word confidence (nil: the caller's OCR gave none, as a words file).
    static func judged(_ s: String, confidence: Int?) -> Verdict {
        let value = trimmed(s)
        let tokens = value.split(separator: " ").map(String.init)
        guard !tokens.isEmpty, SlipFormDuplicates.namelike(value) else { return .rejected("no name") }
        if let q = confidence {
            let longest = tokens.map { $0.unicodeScalars.filter { $0.properties.isAlphabetic }.count }.max() ?? 0
            if q < doubtfulConfidence || (q < fragmentConfidence && longest < fragmentLetters) {
                return .rejected("fragments read at confidence \(q)")
            }
        }
        // The address line under the name: a street and its house number (`OBCHODNÁ 5`, `Grünaustrasse 126`,
        // `Slovenska cesta 36`). A house number after a name is the next line's (`Tjaša Novak 26`): dropped.
        if let last = tokens.last, houseNumber(last) {
            let words = Array(tokens.dropLast())
            // The name and its street read as one line (`Energie Noord BV Dorpsstraat 8`): a street named in one
            // word (`…straat`, `…strasse`) after two words or more leaves the name before it.
            if let j = words.firstIndex(where: streetWord) {
                let street = words[j].lowercased()
                return j >= 2 && !streetEndings.contains(street) ? .name(words[..<j].joined(separator: " ")) : .rejected("an address line")
            }
            if words.count <= 1 { return .rejected("an address line") }
            return .name(words.joined(separator: " "))
        }
        return .name(value)
    }

    /// Fill marks and stray punctuation around the name (`= Ljiljana Perić`, `VERSAND HAUS, GMBH,`); a closing
    /// `.` or `)` is the name's (`A.S.`, `Zrt.`).
    static func trimmed(_ s: String) -> String {
        let flat = s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let lead: (Character) -> Bool = { !($0.isLetter || $0.isNumber || $0 == "(" || $0 == "\"" || $0 == "„") }
        let trail: (Character) -> Bool = { !($0.isLetter || $0.isNumber || $0 == "." || $0 == ")" || $0 == "\"" || $0 == "“") }
        let head = flat.drop(while: lead)
        return String(head.reversed().drop(while: trail).reversed()).trimmingCharacters(in: .whitespaces)
    }

    /// `5`, `126`, `122A`, `36/2`: one to four digits, a letter or a part after a slash at most.
    static func houseNumber(_ t: String) -> Bool {
        let u = Array(t.utf8)
        var i = 0
        while i < u.count, u[i] >= 48, u[i] <= 57 { i += 1 }
        guard (1...4).contains(i) else { return false }
        let rest = u[i...]
        if rest.isEmpty { return true }
        if rest.count == 1, let b = rest.first, (b | 0x20) >= 97, (b | 0x20) <= 122 { return true }
        return rest.first == UInt8(ascii: "/") && rest.count <= 4 && rest.dropFirst().allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// Words that name a street in the slips' languages (as a word or a word's ending: `Grünaustrasse`).
    static let streetEndings = ["strasse", "straße", "str.", "gasse", "weg", "platz", "allee", "ulica", "ul.",
                                "cesta", "utca", "út", "ulice", "námestie", "namesti", "trg", "street", "road",
                                "lane", "avenue", "rue", "straat", "laan", "plein", "gatan", "vägen", "bulevar"]

    static func streetWord(_ w: String) -> Bool {
        let l = w.lowercased()
        return streetEndings.contains { l == $0 || (l.count > $0.count + 2 && l.hasSuffix($0)) }
    }
}
