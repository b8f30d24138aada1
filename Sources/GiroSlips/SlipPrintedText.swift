import Foundation

/// What a form prints itself — its labels and its printed instructions and hints (`max. 2 Zeilen à 27 Stellen`,
/// `counterfoil`, `Správa pre adresáta`) — is never a value. A zone's crop on a photo often takes in a label line
/// or the instruction printed under a box, read with OCR noise (`noch V zweck {i max. 2 Zeilen a 27 Stellen`,
/// `countertoil`): words are compared fuzzily, one by one, not as exact phrases.
struct SlipPrintedText: Sendable {
    /// Folded tokens (`SlipText.tokens`) of every printed phrase.
    let tokens: Set<String>
    /// The same tokens of four or more characters, by length (the fuzzy comparison's candidates).
    private let byLength: [Int: [[Unicode.Scalar]]]

    init(phrases: [String]) {
        var set = Set<String>()
        for p in phrases.prefix(Self.maxPhrases) { set.formUnion(SlipText.tokens(p)) }
        tokens = set
        var by: [Int: [[Unicode.Scalar]]] = [:]
        for t in set where t.unicodeScalars.count >= 4 && !t.unicodeScalars.allSatisfy(Self.isDigit) {
            by[t.unicodeScalars.count, default: []].append(Array(t.unicodeScalars))
        }
        byLength = by
    }

    /// A template's labels (every wording) and printed text.
    init(template: SlipTemplate) {
        self.init(phrases: template.anchors.flatMap(\.wordings) + template.printed)
    }

    /// Phrases kept at most (a bound on the work per line).
    static let maxPhrases = 4000
    /// A label word at least this long names the form's text alone (`COUNTERFOIL`, `VERWENDUNGSZWECK`).
    static let longWord = 8

    static func isDigit(_ u: Unicode.Scalar) -> Bool { u.value >= 48 && u.value <= 57 }

    /// Whether a folded token is printed text: exactly, or — four letters or more — within one edit (two from
    /// seven letters: `ADRESELA` for `ADRESATA`, `STRABEN` for `STRASSEN`) and one letter longer or shorter at
    /// most. Digits only exactly (`27`, `35`).
    func isPrinted(_ token: String) -> Bool {
        if tokens.contains(token) { return true }
        let u = Array(token.unicodeScalars)
        guard u.count >= 4, !u.allSatisfy(Self.isDigit) else { return false }
        let allowed = u.count >= 7 ? 2 : 1
        // Lengths one apart at most: a longer value word that starts with a label word (`Kundennr`, `Kunden`) is not it.
        for n in (u.count - 1)...(u.count + 1) {
            for t in byLength[n] ?? [] where SlipText.editDistance(u, t, limit: allowed) <= allowed { return true }
        }
        return false
    }

    /// What one whitespace-separated chunk of a line is.
    enum Kind: Equatable {
        /// Printed text; `letters` counts its letters (a label word of four or more is evidence).
        case printed(letters: Int)
        /// One or two characters that are no printed word (`V`, `{i`, `a`), or punctuation only.
        case noise
        case value
    }

    func kind(_ chunk: Substring) -> Kind {
        let toks = SlipText.tokens(String(chunk))
        guard !toks.isEmpty else { return .noise }
        if toks.allSatisfy(isPrinted) {
            return .printed(letters: toks.reduce(0) { $0 + $1.unicodeScalars.filter { !Self.isDigit($0) }.count })
        }
        return toks.reduce(0) { $0 + $1.count } <= 2 ? .noise : .value
    }

    /// Evidence that a run of chunks is printed text, not a value that shares a word with a label: two label words
    /// of four letters or more, or one long one.
    static func evidence(_ kinds: ArraySlice<Kind>) -> Bool {
        let strong = kinds.compactMap { k -> Int? in if case .printed(let n) = k, n >= 4 { return n }; return nil }
        return strong.count >= 2 || strong.contains { $0 >= longWord }
    }

    /// Whether a text is printed text only (no value word in it).
    func isPrintedOnly(_ text: String) -> Bool {
        let kinds = text.split(whereSeparator: \.isWhitespace).map(kind)
        return kinds.contains { if case .printed = $0 { return true }; return false } && !kinds.contains(.value)
    }

    /// The line without the form's printed text: nil when the line is printed text (no value word, or a long
    /// instruction with a few words garbled beyond recognition); otherwise with a leading label (`Správa pre
    /// adresáta Poistné 628329`) and a trailing one (`… POVAŽIE (názov a`) cut off.
    func valuePart(of line: String) -> String? {
        let chunks = line.split(whereSeparator: \.isWhitespace)
        guard !chunks.isEmpty else { return line }
        let kinds = chunks.map(kind)
        let all = kinds[...]
        let values = chunks.indices.filter { kinds[$0] == .value }
        if values.isEmpty { return Self.evidence(all) ? nil : line }
        // A long instruction read badly: most of its letters still printed words.
        let letters = { (i: Int) in SlipText.tokens(String(chunks[i])).reduce(0) { $0 + $1.count } }
        let valueLetters = values.reduce(0) { $0 + letters($1) }
        let printedWords = kinds.filter { if case .printed(let n) = $0, n >= 4 { return true }; return false }.count
        if printedWords >= 4, valueLetters * 5 <= chunks.indices.reduce(0) { $0 + letters($1) } { return nil }
        guard let first = values.first, let last = values.last else { return line }
        var start = chunks.startIndex, end = chunks.endIndex
        if first > start, Self.evidence(all[..<first]) { start = first }
        // A trailing hint opens with its bracket (`(názov a adresa)`): one label word is then enough.
        if last + 1 < end, Self.evidence(all[(last + 1)...])
            || (chunks[last + 1].hasPrefix("(") && kinds[(last + 1)...].contains { if case .printed(let n) = $0, n >= 4 { return true }; return false }) {
            end = last + 1
        }
        guard start != chunks.startIndex || end != chunks.endIndex else { return line }
        return chunks[start..<end].joined(separator: " ")
    }

    /// The lines without the form's printed text (lines of it dropped, labels cut off the ends of value lines).
    func cleaned(_ lines: [String]) -> [String] {
        lines.compactMap(valuePart)
    }
}

extension SlipPrintedText {
    /// One per template, built on first use (zones are parsed many times per page).
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var byTemplate: [String: SlipPrintedText] = [:]
    }
    private static let cache = Cache()
    /// Templates cached at most (a user's template folder is bounded by the loader; this bounds the memory).
    static let maxCached = 512

    static func of(_ template: SlipTemplate) -> SlipPrintedText {
        var h = Hasher()
        h.combine(template.anchors)
        h.combine(template.printed)
        let key = template.id + "\u{0}" + template.file + "\u{0}\(h.finalize())"
        if let hit = cache.lock.withLock({ cache.byTemplate[key] }) { return hit }
        let built = SlipPrintedText(template: template)
        cache.lock.withLock {
            if cache.byTemplate.count >= maxCached { cache.byTemplate.removeAll() }
            cache.byTemplate[key] = built
        }
        return built
    }

    /// Parsers whose text may take in a label or an instruction as if it were the value (free text, and a
    /// reference kept as text when it is no structured one).
    static func applies(to parser: SlipParserKind) -> Bool {
        parser == .text || parser == .lines || parser == .reference
    }
}
