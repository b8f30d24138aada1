/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Hashable, Comparable {
    /// Informational: nothing is wrong, but the caller may want to know (e.g. which charset was used).
    case info
    /// A tolerated deviation from the format's specification; the record is still usable.
    case warning
    /// A rule was broken; used inside ``GiroError/diagnostics`` when a payload is rejected.
    case error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One message about a decoded payload: severity, stable code, dotted field path and position.
public struct Diagnostic: Sendable, Codable, Hashable, CustomStringConvertible {
    public var severity: Severity
    public var code: ErrorCode
    /// Dotted path of the record field concerned (`creditor.account.iban`), or `payload`.
    public var field: String
    /// 1-based line of the payload, when the format is line-oriented.
    public var line: Int?
    /// 0-based byte offset in the payload.
    public var offset: Int?
    public var message: String
    /// Whether this diagnostic makes the record `uncertain` (a check failed or could not be made, a value was
    /// guessed); cosmetic deviations do not. Errors always do. The record's status is derived from this alone.
    public var uncertain: Bool

    public init(_ severity: Severity, _ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil,
                uncertain: Bool = false, message: String) {
        self.severity = severity
        self.code = code
        self.field = field
        self.line = line
        self.offset = offset
        self.message = message
        self.uncertain = uncertain || severity == .error
    }

    public static func warning(_ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil,
                               uncertain: Bool = false, _ message: String) -> Diagnostic {
        Diagnostic(.warning, code, field: field, line: line, offset: offset, uncertain: uncertain, message: message)
    }

    public static func info(_ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.info, code, field: field, line: line, offset: offset, message: message)
    }

    public var description: String {
        var where_ = field
        if let line { where_ += " (line \(line))" }
        return "\(severity.rawValue)\(uncertain && severity != .error ? " (uncertain)" : ""): \(code.rawValue) at \(where_): \(message)"
    }

    private enum CodingKeys: String, CodingKey { case severity, code, field, line, offset, message, uncertain }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        severity = try c.decode(Severity.self, forKey: .severity)
        code = try c.decode(ErrorCode.self, forKey: .code)
        field = try c.decode(String.self, forKey: .field)
        line = try c.decodeIfPresent(Int.self, forKey: .line)
        offset = try c.decodeIfPresent(Int.self, forKey: .offset)
        message = try c.decode(String.self, forKey: .message)
        uncertain = try c.decodeIfPresent(Bool.self, forKey: .uncertain) ?? (severity == .error)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(code, forKey: .code)
        try c.encode(field, forKey: .field)
        try c.encode(line, forKey: .line)
        try c.encode(offset, forKey: .offset)
        try c.encode(message, forKey: .message)
        try c.encode(uncertain, forKey: .uncertain)
    }
}
