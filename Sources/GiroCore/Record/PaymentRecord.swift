/// Whether a decoded record can be acted on without a human look.
public enum RecordStatus: String, Sendable, Codable, Hashable {
    /// All mandatory data is present and every check that applies was made and passed.
    case valid
    /// Decoded, but something mandatory is missing or a check could not be made or failed softly.
    case uncertain
}

/// Where a record came from.
public struct SourceInfo: Sendable, Codable, Hashable {
    /// `payload` (text or bytes handed in), `image`, or `ocr`.
    public var kind: String
    /// Barcode symbology when known: `qr`, `pdf417`, `code128`, `datamatrix`.
    public var symbology: String?
    /// The character set the payload's text was decoded with (`UTF-8`, `ISO-8859-2`, …).
    public var charset: String?

    public init(kind: String = "payload", symbology: String? = nil, charset: String? = nil) {
        self.kind = kind
        self.symbology = symbology
        self.charset = charset
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(symbology, forKey: .symbology)
        try c.encode(charset, forKey: .charset)
    }
}

/// The normalized payment record every format decodes into (schema version 1).
///
/// JSON keys are stable; absent values are encoded as `null`, never dropped.
/// Format-specific data with no common field goes into ``extras`` under documented keys.
public struct PaymentRecord: Sendable, Codable, Hashable {
    /// Version of this record's JSON schema.
    public static let schemaVersion = 1

    public var schema: Int
    /// Format identifier of the plug-in that decoded it (`ch.qr-bill`, `sepa.epc-qr`).
    public var format: String
    /// ISO 3166-1 alpha-2 country of the format, or of the creditor's account for pan-European formats.
    public var country: String?
    /// Version as written in the payload (`0200`, `002`).
    public var formatVersion: String?
    public var status: RecordStatus
    public var source: SourceInfo
    public var creditor: Party?
    public var ultimateCreditor: Party?
    public var debtor: Party?
    public var amount: Amount?
    public var reference: Reference?
    public var remittanceInformation: String?
    /// Purpose code (ISO 20022 ExternalPurpose1Code or a national code).
    public var purpose: String?
    /// Due or execution date, ISO 8601 (`2026-01-31`).
    public var dueDate: String?
    public var billInformation: BillInformation?
    public var alternativeSchemes: [String]
    /// Format-specific values with no common field; keys are documented per format in the README.
    public var extras: [String: String]
    public var diagnostics: [Diagnostic]

    public init(format: String, country: String?, formatVersion: String?, status: RecordStatus = .valid,
                source: SourceInfo = SourceInfo()) {
        schema = Self.schemaVersion
        self.format = format
        self.country = country
        self.formatVersion = formatVersion
        self.status = status
        self.source = source
        alternativeSchemes = []
        extras = [:]
        diagnostics = []
    }

    /// Warnings only (no info messages).
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity >= .warning } }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(format, forKey: .format)
        try c.encode(country, forKey: .country)
        try c.encode(formatVersion, forKey: .formatVersion)
        try c.encode(status, forKey: .status)
        try c.encode(source, forKey: .source)
        try c.encode(creditor, forKey: .creditor)
        try c.encode(ultimateCreditor, forKey: .ultimateCreditor)
        try c.encode(debtor, forKey: .debtor)
        try c.encode(amount, forKey: .amount)
        try c.encode(reference, forKey: .reference)
        try c.encode(remittanceInformation, forKey: .remittanceInformation)
        try c.encode(purpose, forKey: .purpose)
        try c.encode(dueDate, forKey: .dueDate)
        try c.encode(billInformation, forKey: .billInformation)
        try c.encode(alternativeSchemes, forKey: .alternativeSchemes)
        try c.encode(extras, forKey: .extras)
        try c.encode(diagnostics, forKey: .diagnostics)
    }
}
