/// The kind of payment reference carried by a payment.
public struct ReferenceType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// ISO 11649 structured creditor reference (`RF18 5390 0754 7034`); Swiss `SCOR`.
    public static let creditorReference: ReferenceType = "rf"
    /// Swiss QR reference: 27 digits, mod 10 recursive (`QRR`).
    public static let qrReference: ReferenceType = "qrr"
    /// Belgian structured communication (OGM/VCS).
    public static let belgianStructured: ReferenceType = "be.ogm"
    /// Dutch betalingskenmerk.
    public static let dutchPaymentReference: ReferenceType = "nl.betalingskenmerk"
    /// Austrian "Zahlungsreferenz" (Stuzza): free structured reference of up to 35 characters, no check.
    public static let austrianPaymentReference: ReferenceType = "at.zahlungsreferenz"
    /// A structured reference the decoder could not classify; kept verbatim.
    public static let other: ReferenceType = "other"
}

/// A payment reference: its type, the compact value and whether its check digits hold.
public struct Reference: Sendable, Codable, Hashable {
    public var type: ReferenceType
    /// Compact form: no spaces, upper case.
    public var value: String
    /// `true` when the reference's own check (mod 97, mod 10 recursive…) holds; `false` when it fails;
    /// `nil` when the type has no check.
    public var valid: Bool?
    /// National reference model (`HR01`, `SI12`, `97`) where the format has one.
    public var model: String?
    /// The reference's data groups where the model defines them (`["102", "3057", "89016"]` for
    /// `HR01 102-3057-89016`); nil otherwise.
    public var parts: [String]?

    public init(type: ReferenceType, value: String, valid: Bool?, model: String? = nil, parts: [String]? = nil) {
        self.type = type
        self.value = value
        self.valid = valid
        self.model = model
        self.parts = parts
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(value, forKey: .value)
        try c.encode(valid, forKey: .valid)
        try c.encode(model, forKey: .model)
        try c.encode(parts, forKey: .parts)
    }
}
