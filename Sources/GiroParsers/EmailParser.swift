/// Finds e-mail addresses (`local@domain.tld`); the domain is lower-cased. No OCR repair: nothing checks it.
public struct EmailParser: FieldParser {
    public var kind: ParserKind { .email }
    public init() {}

    static func isLocal(_ b: UInt8) -> Bool {
        ByteText.isAlnum(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "%")
            || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
    }
    static func isDomain(_ b: UInt8) -> Bool { ByteText.isAlnum(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var i = 0
        var lastEnd = 0
        while i < t.count {
            guard t[i] == UInt8(ascii: "@") else { i += 1; continue }
            var s = i
            while s > lastEnd, i - s < 64, Self.isLocal(t[s - 1]) { s -= 1 }
            while s < i, t[s] == UInt8(ascii: ".") || t[s] == UInt8(ascii: "-") { s += 1 }
            var e = i + 1
            while e < t.count, e - i < 255, Self.isDomain(t[e]) { e += 1 }
            while e > i + 1, t[e - 1] == UInt8(ascii: ".") || t[e - 1] == UInt8(ascii: "-") { e -= 1 }
            guard s < i, e > i + 1, let c = candidate(t, s, i, e) else { i += 1; continue }
            out.append(c)
            lastEnd = e
            i = e
        }
        return out
    }

    func candidate(_ t: [UInt8], _ s: Int, _ at: Int, _ e: Int) -> ParseCandidate? {
        let domain = t[(at + 1)..<e].map(ByteText.lower)
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.first != 45 && $0.last != 45 }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy(ByteText.isLetter),
              !ByteText.string(t, s..<at).contains("..") else { return nil }
        let value = ByteText.string(t, s..<at) + "@" + ByteText.string(domain)
        return ParseCandidate(parser: .email, type: "email", value: value, span: ByteSpan(s, e),
                              rawText: ByteText.string(t, s..<e), confidence: 0.9, status: .valid,
                              fields: ["domain": ByteText.string(domain)])
    }
}
