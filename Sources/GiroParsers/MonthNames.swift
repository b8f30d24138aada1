import Foundation

/// Month names of every Giro language, taken from the locale data Foundation ships (format and standalone,
/// full and abbreviated — so Croatian/Czech/Slovak genitive `siječnja`/`ledna`/`januára` and nominative
/// `siječanj`/`leden`/`január` both resolve). Built once into an immutable table keyed by lower-case UTF-8
/// (and a diacritic-free copy, since OCR often drops accents).
final class MonthNames: Sendable {
    /// Locale identifier → language reported in candidates.
    static let locales: [(id: String, language: String)] = [
        ("de", "de"), ("fr", "fr"), ("it", "it"), ("nl", "nl"), ("en", "en"), ("hr", "hr"), ("sr_Cyrl", "sr"),
        ("sr_Latn", "sr"), ("sl", "sl"), ("cs", "cs"), ("sk", "sk"), ("hu", "hu"), ("sq", "sq"),
    ]

    struct Entry: Sendable, Hashable { var language: String; var month: Int }

    let table: [[UInt8]: [Entry]]
    let longest: Int
    /// Lower-cased first two bytes of every key: rejects almost every other word before any allocation.
    let prefixes: [Bool]
    /// First three bytes of every key, hashed into a bit set: slip words share two-letter prefixes with month
    /// names (`pr`, `ko`, `de` …) far more often than three-letter ones.
    let prefixes3: [UInt64]
    /// Code points U+0000–U+07FF (two UTF-8 bytes at most) that Unicode lower-casing leaves as they are.
    let lowerStable: [Bool]

    static let shared = MonthNames()

    init() {
        var t: [[UInt8]: [Entry]] = [:]
        for (id, lang) in Self.locales {
            let f = DateFormatter()
            f.locale = Locale(identifier: id)
            for list in [f.monthSymbols, f.shortMonthSymbols, f.standaloneMonthSymbols, f.shortStandaloneMonthSymbols] {
                let names: [String]? = list  // optional on Darwin, not on Linux
                for (k, name) in (names ?? []).enumerated() where k < 12 {
                    var key = name.lowercased()
                    while key.hasSuffix(".") { key.removeLast() }
                    let folded = key.folding(options: .diacriticInsensitive, locale: nil)
                    for form in Set([key, folded]) where form.unicodeScalars.count >= 3 {
                        let e = Entry(language: lang, month: k + 1)
                        let u = Array(form.utf8)
                        if !(t[u]?.contains(e) ?? false) { t[u, default: []].append(e) }
                    }
                }
            }
        }
        table = t
        longest = t.keys.map(\.count).max() ?? 0
        var p = [Bool](repeating: false, count: 65536)
        for k in t.keys where k.count >= 2 { p[Int(k[0]) << 8 | Int(k[1])] = true }
        prefixes = p
        var p3 = [UInt64](repeating: 0, count: 1024)
        for k in t.keys where k.count >= 3 {
            let h = Self.prefixHash(k[0], k[1], k[2])
            p3[h >> 6] |= 1 << UInt64(h & 63)
        }
        prefixes3 = p3
        lowerStable = (0..<0x800).map { cp in
            guard let s = Unicode.Scalar(UInt32(cp)) else { return false }
            let one = String(Character(s))
            return one.lowercased().utf8.elementsEqual(one.utf8)
        }
    }

    /// True when Unicode lower-casing would not change `word` beyond what the ASCII fast path did: every
    /// non-ASCII character is a well-formed two-byte one that is its own lower case. Unsure → false.
    func lowerCaseIsASCIIOnly(_ word: ArraySlice<UInt8>) -> Bool {
        var k = word.startIndex
        while k < word.endIndex {
            let b = word[k]
            if b < 0x80 { k += 1; continue }
            guard b >= 0xC2, b <= 0xDF, k + 1 < word.endIndex, word[k + 1] & 0xC0 == 0x80 else { return false }
            guard lowerStable[Int(b & 0x1F) << 6 | Int(word[k + 1] & 0x3F)] else { return false }
            k += 2
        }
        return true
    }

    /// The months a word may name (letters only, without a trailing dot), any case.
    func lookup(_ word: ArraySlice<UInt8>) -> [Entry] {
        guard word.count >= 3, word.count <= longest + 2 else { return [] }
        let a = word[word.startIndex], b = word[word.startIndex + 1]
        if a < 0x80, prefixes[Int(ByteText.lower(a)) << 8 | Int(ByteText.lower(b))] == false { return [] }
        // Only an all-ASCII prefix is final: upper-case non-ASCII letters are lower-cased by Unicode below.
        let c = word[word.startIndex + 2]
        if a < 0x80, b < 0x80, c < 0x80 {
            let h = Self.prefixHash(ByteText.lower(a), ByteText.lower(b), ByteText.lower(c))
            if prefixes3[h >> 6] & (1 << UInt64(h & 63)) == 0 { return [] }
        }
        // Fast path: ASCII letters lower-cased, other bytes as they are (lower-case `siječnja`, `ledna`, `марта`).
        let folded = word.map(ByteText.lower)
        if let e = table[folded] { return e }
        guard word.contains(where: { $0 >= 0x80 }), !lowerCaseIsASCIIOnly(word) else { return [] }
        // Upper-case non-ASCII letters (`MÄRZ`, `ЈАНУАР`): Unicode lower-casing, only for such words.
        let s = String(decoding: word, as: UTF8.self).lowercased()
        return table[Array(s.utf8)] ?? []
    }

    /// A 16-bit hash of three bytes (bit index into `prefixes3`).
    static func prefixHash(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        let x = UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
        return Int((x &* 2_654_435_761) >> 16)
    }

    /// How many distinct names per language the table holds (for the README and tests).
    func languages() -> Set<String> { Set(table.values.flatMap { $0.map(\.language) }) }
}
