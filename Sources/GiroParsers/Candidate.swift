import Foundation
import GiroCore

/// What the caller knows about the text: it steers ambiguity (separators, month names, national forms).
public struct ParseContext: Sendable, Hashable, Codable {
    /// ISO 3166-1 alpha-2, upper case (`HR`, `CZ`, `GB` …).
    public var country: String?
    /// ISO 639-1 language (`de`, `hr`, `sr` …); `sr-Latn`/`sr-Cyrl` are both `sr`.
    public var language: String?
    /// ISO 4217 currency expected on the slip.
    public var currency: String?
    /// Order of numeric dates; `.mdy` only when asked for explicitly.
    public var dateOrder: DateOrder?

    public init(country: String? = nil, language: String? = nil, currency: String? = nil, dateOrder: DateOrder? = nil) {
        self.country = country?.uppercased()
        self.language = language.map { String($0.lowercased().prefix(2)) }
        self.currency = currency?.uppercased()
        self.dateOrder = dateOrder
    }

    /// The currency the context implies: the explicit one, else the country's.
    var impliedCurrency: String? { currency ?? country.flatMap { CountryDefaults.currency[$0] } }
    /// The language the context implies: the explicit one, else the country's main one.
    var impliedLanguage: String? { language ?? country.flatMap { CountryDefaults.language[$0] } }
    /// The date order the context implies: the explicit one, else the country's when it has one.
    var impliedDateOrder: DateOrder? { dateOrder ?? country.flatMap { CountryDefaults.dateOrder[$0] } }
}

public enum DateOrder: String, Sendable, Hashable, Codable { case dmy, mdy, ymd }

/// Country → default currency and language, for the countries Giro reads slips of.
enum CountryDefaults {
    static let currency: [String: String] = [
        "HR": "EUR", "SI": "EUR", "AT": "EUR", "DE": "EUR", "FR": "EUR", "IT": "EUR", "NL": "EUR", "BE": "EUR",
        "SK": "EUR", "LU": "EUR", "ME": "EUR", "XK": "EUR", "FI": "EUR", "ES": "EUR", "PT": "EUR", "IE": "EUR",
        "CH": "CHF", "LI": "CHF", "CZ": "CZK", "HU": "HUF", "RS": "RSD", "GB": "GBP", "PL": "PLN", "BA": "BAM",
        "MK": "MKD", "AL": "ALL", "RO": "RON", "BG": "BGN", "AU": "AUD",
        "SE": "SEK",
    ]
    static let language: [String: String] = [
        "HR": "hr", "SI": "sl", "AT": "de", "DE": "de", "CH": "de", "LI": "de", "FR": "fr", "IT": "it", "NL": "nl",
        "BE": "nl", "LU": "fr", "CZ": "cs", "SK": "sk", "HU": "hu", "RS": "sr", "ME": "sr", "BA": "hr", "XK": "sq",
        "AL": "sq", "MK": "sq", "GB": "en", "IE": "en", "AU": "en",
        "SE": "sv",
    ]
    /// Countries whose numeric dates are day-first without exception: `05/03/2025` there is 5 March, not ambiguous.
    static let dateOrder: [String: DateOrder] = ["AU": .dmy]
}

/// A UTF-8 byte range of the input text (`start` inclusive, `end` exclusive).
public struct ByteSpan: Sendable, Hashable, Codable, Comparable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = end }
    public init(_ r: Range<Int>) { start = r.lowerBound; end = r.upperBound }
    public var range: Range<Int> { start..<max(start, end) }
    public func overlaps(_ o: ByteSpan) -> Bool { start < o.end && o.start < end }
    public static func < (a: ByteSpan, b: ByteSpan) -> Bool { (a.start, a.end) < (b.start, b.end) }
}

/// One character the parser changed: at byte `offset` the text says `from`, the value uses `to`.
public struct Correction: Sendable, Hashable, Codable, CustomStringConvertible {
    public var offset: Int
    public var from: String
    public var to: String
    public init(offset: Int, from: String, to: String) { self.offset = offset; self.from = from; self.to = to }
    public var description: String { "\(offset): \(from)→\(to)" }
}

public enum ParserKind: String, Sendable, Hashable, Codable, CaseIterable {
    case iban, amount, date, reference, email, raw, vin, regex
}

/// How far a candidate can be trusted.
public enum CandidateStatus: String, Sendable, Hashable, Codable {
    /// Grammar and every applicable check digit hold (after the listed corrections, if any).
    case valid
    /// Plausible but not confirmed: no check exists, or several readings fit (see `notes`, `alternatives`).
    case uncertain
    /// Shaped like the field but a check fails and no unique repair exists.
    case invalid
}

/// A typed value found in OCR text, with where it was, what was corrected and how sure the parser is.
///
/// JSON (schema 1): amounts are strings; `span` is in UTF-8 bytes of the input.
public struct ParseCandidate: Sendable, Hashable, Codable {
    public static let schemaVersion = 1

    public var parser: ParserKind
    /// Finer type: `iban`, `cz.account`, `rs.account`, `gb.account`, `amount`, `date`, `rf`, `qrr`, `be.ogm`,
    /// `nl.betalingskenmerk`, `hr.model`, `si.model`, `rs.model`, `cz.vs`, `cz.ks`, `cz.ss`, `email`, `raw`, `vin`, `regex`,
    /// and the plug-ins' national types (`de.bzue` …; `fields.country` names their country).
    public var type: String
    /// Canonical value: compact IBAN, `1234.50`, `2025-01-31`, compact reference, normalized text …
    public var value: String
    public var amount: Decimal?
    public var currency: String?
    /// Type-specific details (named captures, model, bank code, IBAN of a national account, month-name language …).
    public var fields: [String: String]
    /// Other readings when the value is ambiguous (best first); empty otherwise.
    public var alternatives: [String]
    public var span: ByteSpan
    /// The text as it appears in the input.
    public var rawText: String
    public var corrections: [Correction]
    /// 0…1; ranks candidates (not a probability).
    public var confidence: Double
    public var status: CandidateStatus
    /// Stable snake_case remarks: `ambiguous_repair`, `ambiguous_separator`, `no_check_digit`, `check_failed` …
    public var notes: [String]

    enum CodingKeys: String, CodingKey {
        case schema, parser, type, value, amount, currency, fields, alternatives, span, rawText, corrections,
             confidence, status, notes
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.schemaVersion, forKey: .schema)
        try c.encode(parser, forKey: .parser)
        try c.encode(type, forKey: .type)
        try c.encode(value, forKey: .value)
        let units = currency.flatMap { Currency.minorUnits(of: $0) } ?? 0
        try c.encode(amount.map { DecimalText.format($0, minimumFractionDigits: units) }, forKey: .amount)
        try c.encode(currency, forKey: .currency)
        try c.encode(fields, forKey: .fields)
        try c.encode(alternatives, forKey: .alternatives)
        try c.encode(span, forKey: .span)
        try c.encode(rawText, forKey: .rawText)
        try c.encode(corrections, forKey: .corrections)
        try c.encode((confidence * 100).rounded() / 100, forKey: .confidence)
        try c.encode(status, forKey: .status)
        try c.encode(notes, forKey: .notes)
    }
}

// The initializers live in an extension so that the struct keeps its memberwise initializer.
extension ParseCandidate {
    public init(parser: ParserKind, type: String, value: String, span: ByteSpan, rawText: String,
                corrections: [Correction] = [], confidence: Double, status: CandidateStatus,
                amount: Decimal? = nil, currency: String? = nil, fields: [String: String] = [:],
                alternatives: [String] = [], notes: [String] = []) {
        // Through the memberwise initializer: assigning the properties one by one made the optimizer build the
        // candidate on the stack and then copy it out (a copy and a destroy per candidate, in every scanner).
        self.init(parser: parser, type: type, value: value, amount: amount, currency: currency, fields: fields,
                  alternatives: alternatives, span: span, rawText: rawText, corrections: corrections,
                  confidence: min(max(confidence, 0), 1), status: status, notes: notes)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        parser = try c.decode(ParserKind.self, forKey: .parser)
        type = try c.decode(String.self, forKey: .type)
        value = try c.decode(String.self, forKey: .value)
        if let text = try c.decodeIfPresent(String.self, forKey: .amount) {
            guard let d = DecimalText.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: .amount, in: c, debugDescription: "not a decimal: \(text)")
            }
            amount = d
        } else { amount = nil }
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        fields = try c.decode([String: String].self, forKey: .fields)
        alternatives = try c.decode([String].self, forKey: .alternatives)
        span = try c.decode(ByteSpan.self, forKey: .span)
        rawText = try c.decode(String.self, forKey: .rawText)
        corrections = try c.decode([Correction].self, forKey: .corrections)
        confidence = try c.decode(Double.self, forKey: .confidence)
        status = try c.decode(CandidateStatus.self, forKey: .status)
        notes = try c.decode([String].self, forKey: .notes)
    }
}

/// Size limits; inputs beyond them are refused with `payload_too_large`, never truncated silently.
///
/// Both are clamped whenever set (negative values count as 0), so no value can break the parsers' bounds.
public struct ParseLimits: Sendable, Hashable {
    /// Largest input in UTF-8 bytes, at most ``ParseLimits/inputCeiling`` (the default).
    public var maxInputBytes = ParseLimits.inputCeiling {
        didSet { maxInputBytes = min(max(maxInputBytes, 0), Self.inputCeiling) }
    }
    /// Most candidates one parser returns for one input (the rest are dropped), at most ``ParseLimits/candidateCeiling``.
    public var maxCandidates = 200_000 {
        didSet { maxCandidates = min(max(maxCandidates, 0), Self.candidateCeiling) }
    }
    public init() {}

    /// 64 MiB: `ParserGroup` packs byte offsets into 26 bits of its sort keys.
    public static let inputCeiling = 64 << 20
    /// 2²² − 1: `ParserGroup` packs candidate indices into 22 bits of its sort keys.
    public static let candidateCeiling = (1 << 22) - 1
}

/// A parser that pulls typed values out of OCR text. Deterministic, no global state.
public protocol FieldParser: Sendable {
    var kind: ParserKind { get }
    /// Every candidate in `text` (UTF-8 bytes), in text order. Never traps on any input.
    func scan(_ text: [UInt8], context: ParseContext) -> [ParseCandidate]
}

extension FieldParser {
    /// Candidates best first (status, then confidence, then position). Throws `payload_too_large` beyond `limits`.
    public func parse(_ text: String, context: ParseContext = ParseContext(), limits: ParseLimits = ParseLimits()) throws(GiroError) -> [ParseCandidate] {
        try parse(bytes: Array(text.utf8), context: context, limits: limits)
    }

    public func parse(bytes: [UInt8], context: ParseContext = ParseContext(), limits: ParseLimits = ParseLimits()) throws(GiroError) -> [ParseCandidate] {
        try ParseLimitCheck.check(bytes.count, limits)
        var found = scan(bytes, context: context)
        if found.count > limits.maxCandidates { found.removeSubrange(limits.maxCandidates...) }
        return ParseCandidate.bestFirst(found)
    }
}

enum ParseLimitCheck {
    static func check(_ count: Int, _ limits: ParseLimits) throws(GiroError) {
        guard count <= limits.maxInputBytes else {
            throw GiroError(.payloadTooLarge, field: "text", "OCR text of \(count) bytes exceeds the limit of \(limits.maxInputBytes)")
        }
    }
}

extension Array where Element == ParseCandidate {
    /// Appends the candidate a reader found (unless it is invalid and those are not wanted) and returns where
    /// it ends; -1 when there is none. Taking the optional here spares the scan loops a copy of it per position.
    mutating func appendFound(_ found: consuming (ParseCandidate, Int)?, reportInvalid: Bool) -> Int {
        guard let (candidate, end) = found else { return -1 }
        if candidate.status != .invalid || reportInvalid { append(candidate) }
        return end
    }
}

extension ParseCandidate {
    static func rank(_ s: CandidateStatus) -> Int { s == .valid ? 0 : s == .uncertain ? 1 : 2 }

    /// Valid before uncertain before invalid; then higher confidence; then earlier in the text.
    /// Sorts indices, not the (large) candidates, then gathers once.
    static func bestFirst(_ list: [ParseCandidate]) -> [ParseCandidate] {
        let keys = list.map { (rank: rank($0.status), confidence: $0.confidence, start: $0.span.start, end: $0.span.end) }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.rank != b.rank { return a.rank < b.rank }
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            return (a.start, a.end, i) < (b.start, b.end, j)
        }
        return order.map { list[$0] }
    }
}
