import Foundation
import GiroCore

/// Runs several parsers over one text (converted to bytes once) and resolves overlapping claims: where two
/// parsers claim the same bytes, the better candidate wins — valid before uncertain before invalid, then
/// IBAN > reference > VIN > date > amount > email, then confidence. So a date is not also an amount and an
/// IBAN's digits are not a reference. `raw` and `regex` candidates are never suppressed and suppress nothing.
public struct ParserGroup: Sendable {
    public let parsers: [any FieldParser]
    public var limits: ParseLimits
    /// National candidate types → their country: candidates of these types name it in `fields.country`.
    public var nationalCountries: [String: String] = [:]
    /// When set, candidates of a national type (a key of ``nationalCountries``) outside this set are dropped.
    public var allowedNationalTypes: Set<String>? = nil
    /// Country → the national types it declares (which country a shared type names in the context).
    var nationalTypesByCountry: [String: Set<String>] = [:]

    public init(_ parsers: [any FieldParser], limits: ParseLimits = ParseLimits()) {
        self.parsers = parsers
        self.limits = limits
    }

    /// IBAN + amount + date + reference (the fields of a payment slip).
    public static func standard() -> ParserGroup {
        ParserGroup([IBANParser(), AmountParser(), DateParser(), ReferenceParser()])
    }

    /// Parsers by name: `iban`, `amount`, `date`, `reference`, `email`, `raw`, `vin`. Unknown names throw `input_invalid`.
    public static func named(_ names: [String]) throws(GiroError) -> ParserGroup {
        var list: [any FieldParser] = []
        for n in names {
            switch n.trimmingCharacters(in: .whitespaces).lowercased() {
            case "iban": list.append(IBANParser())
            case "amount": list.append(AmountParser())
            case "date": list.append(DateParser())
            case "reference": list.append(ReferenceParser())
            case "email": list.append(EmailParser())
            case "raw": list.append(RawParser())
            case "vin": list.append(VINParser())
            case "": continue
            default: throw GiroError(.inputInvalid, field: "parsers", "unknown parser \(n) (iban, amount, date, reference, email, raw, vin)")
            }
        }
        return ParserGroup(list)
    }

    static func priority(_ k: ParserKind) -> Int {
        switch k {
        case .iban: return 0
        case .reference: return 1
        case .vin: return 2
        case .date: return 3
        case .amount: return 4
        case .email: return 5
        case .raw, .regex: return 9
        }
    }

    /// Candidates best first, overlaps resolved.
    public func parse(_ text: String, context: ParseContext = ParseContext()) throws(GiroError) -> [ParseCandidate] {
        try parse(bytes: Array(text.utf8), context: context)
    }

    public func parse(bytes: [UInt8], context: ParseContext = ParseContext()) throws(GiroError) -> [ParseCandidate] {
        try ParseLimitCheck.check(bytes.count, limits)
        var lists: [[ParseCandidate]] = []
        for p in parsers {
            var found = p.scan(bytes, context: context)
            if !nationalCountries.isEmpty { nationalize(&found, country: context.country) }
            if found.count > limits.maxCandidates { found.removeSubrange(limits.maxCandidates...) }
            lists.append(found)
        }
        return Self.resolve(&lists)
    }

    /// Keeps, greedily from the strongest, every claiming candidate that does not overlap a kept one of another
    /// parser; returns them with the free ones, best first. Works on indices: candidates are large to copy.
    /// The kept candidates are moved out of `lists` (left as placeholders), not copied.
    static func resolve(_ lists: inout [[ParseCandidate]]) -> [ParseCandidate] {
        struct Key { var list: Int; var index: Int; var rank: Int; var priority: Int; var confidence: Double; var start: Int; var end: Int }
        var keys: [Key] = []
        keys.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for (l, list) in lists.enumerated() {
            // Fields read in place through the index: binding each candidate would copy it.
            for i in list.indices where keys.count < (1 << 22) - 1 {  // the packed sort keys' index width
                keys.append(Key(list: l, index: i, rank: ParseCandidate.rank(list[i].status), priority: priority(list[i].parser),
                                confidence: list[i].confidence, start: list[i].span.start, end: list[i].span.end))
            }
        }
        // Sort packed integer keys (fast, no closures): rank | priority | confidence | start | index.
        // Inputs are at most 64 MiB (start < 2^26) and candidates fewer than 2^22.
        func confidenceBits(_ c: Double) -> UInt64 { UInt64(max(0, min(1023, ((1 - c) * 1000).rounded()))) }
        var claimKeys = keys.indices.map { i -> UInt64 in
            let k = keys[i]
            return UInt64(k.rank) << 62 | UInt64(k.priority) << 58 | confidenceBits(k.confidence) << 48
                | UInt64(min(k.start, (1 << 26) - 1)) << 22 | UInt64(i & ((1 << 22) - 1))
        }
        claimKeys.sort()
        let claimOrder = claimKeys.map { Int($0 & ((1 << 22) - 1)) }
        // Which parser owns each byte (0 = nobody): linear in the claimed bytes, whatever the candidate count.
        let size = keys.reduce(0) { max($0, $1.end) }
        var owner = [UInt8](repeating: 0, count: size)
        var keep: [Int] = []
        keep.reserveCapacity(keys.count)
        for i in claimOrder {
            let k = keys[i]
            if k.priority == 9 { keep.append(i); continue }
            let me = UInt8(k.priority + 1)
            let r = (k.start..<max(k.start, k.end)).clamped(to: 0..<size)
            var conflict = false
            for x in r where owner[x] != 0 && owner[x] != me { conflict = true; break }
            if conflict { continue }
            for x in r { owner[x] = me }
            keep.append(i)
        }
        // Best first: status, confidence, position (as `ParseCandidate.bestFirst`), again by packed keys.
        var outKeys = keep.map { i -> UInt64 in
            let k = keys[i]
            return UInt64(k.rank) << 62 | confidenceBits(k.confidence) << 52 | UInt64(min(k.start, (1 << 26) - 1)) << 26
                | UInt64(i & ((1 << 26) - 1))
        }
        outKeys.sort()
        var out = [ParseCandidate](repeating: placeholder, count: outKeys.count)
        for (slot, key) in outKeys.enumerated() {
            let k = keys[Int(key & ((1 << 26) - 1))]
            swap(&out[slot], &lists[k.list][k.index])
        }
        return out
    }

    /// What a moved-out candidate leaves behind: no heap storage, so filling and dropping it is cheap.
    static let placeholder = ParseCandidate(parser: .raw, type: "", value: "", span: ByteSpan(0, 0), rawText: "",
                                            confidence: 0, status: .invalid)
}
