/// The outcome of validating one identifier (`giro check KIND VALUE`, `/v1/check/{kind}`): one shape for every
/// kind of the ``CountryRegistry``.
public struct IdentifierCheck: Sendable, Codable, Hashable {
    /// The kind (`iban`, `be-ogm`, `uk-account`).
    public var kind: String
    public var input: String
    public var valid: Bool
    /// Compact (electronic) form when valid.
    public var compact: String?
    /// Print form when valid (`GB82 WEST 1234 …`, `21 00000 …`).
    public var formatted: String?
    public var error: GiroError?
    /// Facts about a valid identifier: `country`, `bankCode`, `qrIBAN`, `sepa`, `checkDigit` …
    public var details: [String: String]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(input, forKey: .input)
        try c.encode(valid, forKey: .valid)
        try c.encode(compact, forKey: .compact)
        try c.encode(formatted, forKey: .formatted)
        try c.encode(error, forKey: .error)
        try c.encode(details, forKey: .details)
    }

    /// Validates `input` as `identifier`. Never throws; failures are in ``error``.
    public static func check(_ identifier: any Identifier, _ input: String) -> IdentifierCheck {
        var result = IdentifierCheck(kind: identifier.kind, input: input, valid: false, details: [:])
        do throws(GiroError) {
            let valid = try identifier.validate(input)
            result.valid = true
            result.compact = valid.compact
            result.formatted = valid.formatted
            result.details = valid.details
        } catch {
            result.error = error
            result.details = identifier.details(ofInvalid: input)
        }
        return result
    }

    /// Validates `input` as the registry's `kind`; nil when no plug-in defines the kind.
    public static func check(kind: String, _ input: String) -> IdentifierCheck? {
        CountryRegistry.identifier(kind: kind).map { check($0, input) }
    }

    /// The registry's `kind` with `options` (``IdentifierOption`` name → value) applied: nil when no plug-in defines
    /// the kind; `input_invalid` at `option.<name>` for an option the kind does not take or a value it does not know.
    public static func identifier(kind: String, options: [String: String]) throws(GiroError) -> (any Identifier)? {
        guard let identifier = CountryRegistry.identifier(kind: kind) else { return nil }
        return try identifier.configured(options)
    }
}
