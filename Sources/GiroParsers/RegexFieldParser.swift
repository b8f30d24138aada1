import GiroCore
import GiroRegex

/// A user pattern on GiroRegex: every match is a candidate, named captures become `fields`.
/// With `ocrSubstitutions` > 0, up to that many OCR confusions (O/0, I/l/1, S/5, B/8, Z/2, G/6) are corrected
/// per match — the pattern's grammar is what confirms them, so keep the pattern tight.
public struct RegexFieldParser: FieldParser {
    public var kind: ParserKind { .regex }
    public let pattern: RegexPattern
    public let ocrSubstitutions: Int
    /// Candidate `type` (defaults to `regex`).
    public let type: String

    /// Throws `input_invalid` (field `regex`) for a pattern GiroRegex rejects; the message names the problem.
    public init(_ pattern: String, caseInsensitive: Bool = false, ocrSubstitutions: Int = 0, type: String = "regex") throws(GiroError) {
        do {
            self.pattern = try RegexPattern(pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            throw GiroError(.inputInvalid, field: "regex", offset: error.span.start, "\(error.kind.rawValue): \(error.message)")
        }
        self.ocrSubstitutions = min(max(ocrSubstitutions, 0), 16)
        self.type = type
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        let names = pattern.captureNames.enumerated().compactMap { i, n in n.map { ($0, i) } }
        let cache = pattern.makeCache()
        var out: [ParseCandidate] = []
        if ocrSubstitutions == 0 {
            for caps in pattern.allCaptures(in: t, cache: cache) where !caps.range.isEmpty {
                var fields: [String: String] = [:]
                for (name, i) in names { if let r = caps[i] { fields[name] = ByteText.string(t, r) } }
                let text = ByteText.string(t, caps.range)
                out.append(ParseCandidate(parser: .regex, type: type, value: text, span: ByteSpan(caps.range), rawText: text,
                                          confidence: 0.9, status: .valid, fields: fields))
            }
            return out
        }
        let options = OCRMatchOptions(maxSubstitutions: ocrSubstitutions)
        for m in pattern.ocrMatches(in: t, options: options, cache: cache) where !m.range.isEmpty {
            var fields: [String: String] = [:]
            for (name, i) in names { if let v = m.correctedText(ofGroup: i) { fields[name] = v } }
            let corrections = m.substitutions.map { Correction(offset: $0.offset, from: String($0.original), to: String($0.replacement)) }
            out.append(ParseCandidate(parser: .regex, type: type, value: m.correctedText, span: ByteSpan(m.range),
                                      rawText: ByteText.string(t, m.range), corrections: corrections,
                                      confidence: 0.9 - 0.1 * Double(corrections.count), status: .valid, fields: fields,
                                      notes: corrections.isEmpty ? [] : ["repaired"]))
        }
        return out
    }
}
