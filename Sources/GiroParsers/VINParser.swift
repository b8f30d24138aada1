/// Finds vehicle identification numbers (ISO 3779: 17 characters, no I, O or Q). The check digit (position 9,
/// the North American rule) confirms a VIN; European VINs often have none, so an unconfirmed VIN is
/// `uncertain`. I/O/Q are read as 1/0/0 only when the check digit then holds.
public struct VINParser: FieldParser {
    public var kind: ParserKind { .vin }
    public init() {}

    static let weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

    /// ISO 3779 transliteration of letters to numbers.
    static func value(_ b: UInt8) -> Int? {
        if ByteText.isDigit(b) { return Int(b - 48) }
        switch b {
        case UInt8(ascii: "A"), UInt8(ascii: "J"): return 1
        case UInt8(ascii: "B"), UInt8(ascii: "K"), UInt8(ascii: "S"): return 2
        case UInt8(ascii: "C"), UInt8(ascii: "L"), UInt8(ascii: "T"): return 3
        case UInt8(ascii: "D"), UInt8(ascii: "M"), UInt8(ascii: "U"): return 4
        case UInt8(ascii: "E"), UInt8(ascii: "N"), UInt8(ascii: "V"): return 5
        case UInt8(ascii: "F"), UInt8(ascii: "W"): return 6
        case UInt8(ascii: "G"), UInt8(ascii: "P"), UInt8(ascii: "X"): return 7
        case UInt8(ascii: "H"), UInt8(ascii: "Y"): return 8
        case UInt8(ascii: "R"), UInt8(ascii: "Z"): return 9
        default: return nil
        }
    }

    static func checkDigitHolds(_ u: [UInt8]) -> Bool {
        guard u.count == 17 else { return false }
        var sum = 0
        for (k, b) in u.enumerated() {
            guard let v = value(b) else { return false }
            sum += v * weights[k]
        }
        let r = sum % 11
        return u[8] == (r == 10 ? UInt8(ascii: "X") : UInt8(48 + r))
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var i = 0
        while i < t.count {
            guard ByteText.isAlnum(t[i]), ByteText.wordStart(t, i) else { i += 1; continue }
            var e = i
            while e < t.count, e - i <= 17, ByteText.isAlnum(t[e]) { e += 1 }
            if e - i == 17, ByteText.wordEnd(t, e), e >= t.count || t[e] < 0x80, let c = candidate(t, i, e) { out.append(c) }
            while e < t.count, ByteText.isAlnum(t[e]) { e += 1 }
            i = e
        }
        return out
    }

    func candidate(_ t: [UInt8], _ s: Int, _ e: Int) -> ParseCandidate? {
        var run = CharRun()
        for k in s..<e { run.append(ByteText.upper(t[k]), at: k); run.originals[run.originals.count - 1] = t[k] }
        let digits = run.chars.filter(ByteText.isDigit).count
        guard digits >= 5, run.chars.count - digits >= 2 else { return nil }
        for k in 0..<run.chars.count {
            switch run.chars[k] {
            case UInt8(ascii: "I"): run.replace(k, with: UInt8(ascii: "1"))
            case UInt8(ascii: "O"), UInt8(ascii: "Q"): run.replace(k, with: UInt8(ascii: "0"))
            default: break
            }
        }
        let holds = Self.checkDigitHolds(run.chars)
        let raw = ByteText.string(t, s..<e)
        if !run.corrections.isEmpty && !holds {
            return ParseCandidate(parser: .vin, type: "vin", value: ByteText.string(run.originals.map(ByteText.upper)),
                                  span: ByteSpan(s, e), rawText: raw, confidence: 0.1, status: .invalid,
                                  notes: ["check_failed"])
        }
        return ParseCandidate(parser: .vin, type: "vin", value: run.text, span: ByteSpan(s, e), rawText: raw,
                              corrections: run.corrections, confidence: holds ? 0.95 - 0.06 * Double(run.corrections.count) : 0.5,
                              status: holds ? .valid : .uncertain, fields: ["wmi": String(run.text.prefix(3))],
                              notes: holds ? [] : ["no_check_digit"])
    }
}
