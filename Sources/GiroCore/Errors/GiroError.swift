/// The one error type Giro throws: a stable code, the field, the position and a human message.
///
/// Every public entry point that takes untrusted input throws `GiroError` (typed throws),
/// never traps. `diagnostics` carries the warnings collected before the failure.
public struct GiroError: Error, Sendable, Codable, Hashable, CustomStringConvertible {
    public var code: ErrorCode
    /// Dotted path of the field that failed (`creditor.account.iban`), or `payload`.
    public var field: String
    /// 1-based line in the payload, when known.
    public var line: Int?
    /// 0-based byte offset in the payload, when known.
    public var offset: Int?
    public var message: String
    /// Identifier of the format that rejected the payload (`ch.qr-bill`), when known.
    public var format: String?
    /// Warnings collected before the failure.
    public var diagnostics: [Diagnostic]
    /// What was decoded before the failure (status `invalid`), when the format got that far: the fields read
    /// so far, for a human to look at. Never act on it as a payment.
    public var partial: PaymentRecord?

    public init(_ code: ErrorCode, field: String = "payload", line: Int? = nil, offset: Int? = nil,
                format: String? = nil, diagnostics: [Diagnostic] = [], partial: PaymentRecord? = nil, _ message: String) {
        self.code = code
        self.field = field
        self.line = line
        self.offset = offset
        self.message = message
        self.format = format
        self.diagnostics = diagnostics
        self.partial = partial
    }

    public var description: String {
        var s = "\(code.rawValue)"
        if let format { s += " [\(format)]" }
        s += " at \(field)"
        if let line { s += ", line \(line)" }
        if let offset { s += ", byte \(offset)" }
        return s + ": " + message
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(field, forKey: .field)
        try c.encode(line, forKey: .line)
        try c.encode(offset, forKey: .offset)
        try c.encode(message, forKey: .message)
        try c.encode(format, forKey: .format)
        try c.encode(diagnostics, forKey: .diagnostics)
        try c.encode(partial, forKey: .partial)
    }
}
