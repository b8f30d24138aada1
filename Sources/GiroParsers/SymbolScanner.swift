import GiroRegex

/// Czech/Slovak payment symbols — variable (VS, ≤ 10 digits), constant (KS, ≤ 4) and specific (SS, ≤ 10).
/// A bare run of digits could be anything, so a symbol is reported only right after its label
/// (`VS:`, `V.S.`, `var. symbol`, `variabilní symbol`, `konštantný symbol` …). Symbols carry no check digit.
/// The number ends at a word boundary (`\b`), not at a consumed byte, so `VS 1 KS 2 SS 3` on one line gives all three.
struct SymbolScanner: Sendable {
    let pattern: RegexPattern?

    static let source = #"(?:^|[^A-Za-z0-9])(?<label>v\.?\s?s\.?|var\.?\s*symb(?:ol)?\.?|variabiln[íiýy]\s+symbol|k\.?\s?s\.?|konst\.?\s*symb(?:ol)?\.?|kon(?:s|š)tantn[íiýy]\s+symbol|s\.?\s?s\.?|spec\.?\s*symb(?:ol)?\.?|(?:s|š)pecifick[ýy]\s+symbol)\s*[:.]?\s*(?<n>\d{1,11})\b"#

    /// Shared by every symbol candidate (no array allocated per candidate).
    static let notes = ["no_check_digit"]

    init() { pattern = try? RegexPattern(Self.source, options: [.caseInsensitive]) }

    func scan(_ t: [UInt8]) -> [ParseCandidate] {
        guard let p = pattern, !t.isEmpty else { return [] }
        var out: [ParseCandidate] = []
        let cache = p.makeCache()
        t.withUnsafeBufferPointer { buf in
            p.forEachMatch(in: buf, captures: true, cache: cache) { caps in
                guard let label = caps["label"], let n = caps["n"], label.lowerBound < t.count else { return true }
                let first = ByteText.lower(t[label.lowerBound])
                let type: String, maxDigits: Int
                switch first {
                case UInt8(ascii: "v"): (type, maxDigits) = ("cz.vs", 10)
                case UInt8(ascii: "k"): (type, maxDigits) = ("cz.ks", 4)
                default: (type, maxDigits) = ("cz.ss", 10)
                }
                guard n.count <= maxDigits else { return true }
                let digits = ByteText.string(t, n)
                out.append(ParseCandidate(parser: .reference, type: type, value: digits, span: ByteSpan(label.lowerBound, n.upperBound),
                                          rawText: ByteText.string(t, label.lowerBound..<n.upperBound), confidence: 0.8,
                                          status: .uncertain, fields: ["label": ByteText.string(t, label)],
                                          notes: Self.notes))
                return true
            }
        }
        return out
    }
}
