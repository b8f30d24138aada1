/// Whether a decoded record can be acted on without a human look.
public enum RecordStatus: String, Sendable, Codable, Hashable {
    /// No diagnostic is `uncertain` (warnings about cosmetic deviations may be present).
    case valid
    /// Decoded, but at least one diagnostic is `uncertain`: a check failed or could not be made, a value was
    /// guessed, or a field banks can do without is missing (see `docs/decoding-policy.md`).
    case uncertain
    /// Only on the partial record a ``GiroError`` carries: the payload was rejected.
    case invalid

    /// The one rule every plug-in uses: `uncertain` when any diagnostic says it makes the record uncertain.
    package static func derived(from diagnostics: [Diagnostic]) -> RecordStatus {
        diagnostics.contains { $0.uncertain } ? .uncertain : .valid
    }
}

/// Where a record came from.
public struct SourceInfo: Sendable, Codable, Hashable {
    /// `payload` (text or bytes handed in), `image`, `ocr`, or `slip` (a printed slip read by its template).
    public var kind: String
    /// Barcode symbology when known: `qr`, `pdf417`, `code128`, `datamatrix`.
    public var symbology: String?
    /// The character set the payload's text was decoded with (`UTF-8`, `ISO-8859-2`, …).
    public var charset: String?

    /// The slip class (template id, `hr.hub-3a`) when `kind` is `slip`; nil otherwise.
    public var slipClass: String?
    /// Per zone of a printed slip: where it was read and what was read (`kind` `slip` only).
    public var evidence: [FieldEvidence]?
    /// A barcode compared with the print of the slip it sits on (image decoding with slips); nil otherwise.
    public var crossCheck: CrossCheck?

    public init(kind: String = "payload", symbology: String? = nil, charset: String? = nil,
                slipClass: String? = nil, evidence: [FieldEvidence]? = nil, crossCheck: CrossCheck? = nil) {
        self.kind = kind
        self.symbology = symbology
        self.charset = charset
        self.slipClass = slipClass
        self.evidence = evidence
        self.crossCheck = crossCheck
    }

    enum CodingKeys: String, CodingKey { case kind, symbology, charset, slipClass, evidence, crossCheck }

    // The slip keys are written only where they apply, so every plain barcode record keeps its bytes.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(symbology, forKey: .symbology)
        try c.encode(charset, forKey: .charset)
        try c.encodeIfPresent(slipClass, forKey: .slipClass)
        try c.encodeIfPresent(evidence, forKey: .evidence)
        try c.encodeIfPresent(crossCheck, forKey: .crossCheck)
    }
}

/// What a slip zone gave: the zone in image pixels, the text read there, the parser's corrections and the
/// reading's confidence. Lets a person check a printed-slip record against the image.
public struct FieldEvidence: Sendable, Codable, Hashable {
    /// Record field the zone fills (`creditor.account.iban`).
    public var field: String
    /// Axis-aligned bounds of the zone in the image: `[x, y, w, h]` pixels, top-left origin.
    public var box: [Int]
    /// The zone's text as read (lines joined by `\n`); nil when nothing was read there.
    public var text: String?
    /// Parser corrections, `offset: as read→as used` (UTF-8 byte offset into `text`).
    public var corrections: [String]
    /// 0…100: the lowest OCR word confidence in the zone, or the parser's when the words carry none.
    public var confidence: Int?

    public init(field: String, box: [Int], text: String?, corrections: [String] = [], confidence: Int? = nil) {
        self.field = field
        self.box = box
        self.text = text
        self.corrections = corrections
        self.confidence = confidence
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(field, forKey: .field)
        try c.encode(box, forKey: .box)
        try c.encode(text, forKey: .text)
        try c.encode(corrections, forKey: .corrections)
        try c.encode(confidence, forKey: .confidence)
    }
}

/// The normalized payment record every format decodes into (schema version 2).
///
/// JSON keys are stable; absent values are encoded as `null`, never dropped.
/// Format-specific data with no common field goes into ``extras`` under documented keys.
///
/// A value type with copy-on-write storage: the record is about a kilobyte of fields, and keeping
/// them behind one reference makes passing records around (plug-in → engine → caller) cheap.
public struct PaymentRecord: Sendable, Codable, Hashable {
    /// Version of this record's JSON schema.
    public static let schemaVersion = 2

    /// The stored fields (Codable and Hashable by synthesis).
    struct Fields: Sendable, Codable, Hashable {
        var schema: Int
        var format: String
        var country: String?
        var formatVersion: String?
        var status: RecordStatus
        var source: SourceInfo
        var creditor: Party?
        var ultimateCreditor: Party?
        var debtor: Party?
        var amount: Amount?
        var reference: Reference?
        var remittanceInformation: String?
        var purpose: String?
        var dueDate: String?
        var billInformation: BillInformation?
        var alternativeSchemes: [String]
        var extras: [String: String]
        var diagnostics: [Diagnostic]
        // Schema 2: several payments and accounts per document, recurring payments, mandates, invoices, CZ/SK symbols.
        var additionalPayments: [PaymentRecord]
        var alternativeAccounts: [Account]
        var standingOrder: StandingOrder?
        var directDebit: DirectDebit?
        var invoice: Invoice?
        var symbols: PaymentSymbols?
        // Per field: its source, confidence, box and page (nil when empty, so a payload record keeps its bytes).
        var provenance: [FieldProvenance]?
    }

    /// Shared until mutated; only ever mutated when uniquely referenced, hence Sendable.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    public var schema: Int {
        get { storage.fields.schema }
        set { unique(); storage.fields.schema = newValue }
        _modify { unique(); yield &storage.fields.schema }
    }
    /// Format identifier of the plug-in that decoded it (`ch.qr-bill`, `sepa.epc-qr`).
    public var format: String {
        get { storage.fields.format }
        set { unique(); storage.fields.format = newValue }
        _modify { unique(); yield &storage.fields.format }
    }
    /// ISO 3166-1 alpha-2 country of the format, or of the creditor's account for pan-European formats.
    public var country: String? {
        get { storage.fields.country }
        set { unique(); storage.fields.country = newValue }
        _modify { unique(); yield &storage.fields.country }
    }
    /// Version as written in the payload (`0200`, `002`).
    public var formatVersion: String? {
        get { storage.fields.formatVersion }
        set { unique(); storage.fields.formatVersion = newValue }
        _modify { unique(); yield &storage.fields.formatVersion }
    }
    public var status: RecordStatus {
        get { storage.fields.status }
        set { unique(); storage.fields.status = newValue }
        _modify { unique(); yield &storage.fields.status }
    }
    public var source: SourceInfo {
        get { storage.fields.source }
        set { unique(); storage.fields.source = newValue }
        _modify { unique(); yield &storage.fields.source }
    }
    public var creditor: Party? {
        get { storage.fields.creditor }
        set { unique(); storage.fields.creditor = newValue }
        _modify { unique(); yield &storage.fields.creditor }
    }
    public var ultimateCreditor: Party? {
        get { storage.fields.ultimateCreditor }
        set { unique(); storage.fields.ultimateCreditor = newValue }
        _modify { unique(); yield &storage.fields.ultimateCreditor }
    }
    public var debtor: Party? {
        get { storage.fields.debtor }
        set { unique(); storage.fields.debtor = newValue }
        _modify { unique(); yield &storage.fields.debtor }
    }
    public var amount: Amount? {
        get { storage.fields.amount }
        set { unique(); storage.fields.amount = newValue }
        _modify { unique(); yield &storage.fields.amount }
    }
    public var reference: Reference? {
        get { storage.fields.reference }
        set { unique(); storage.fields.reference = newValue }
        _modify { unique(); yield &storage.fields.reference }
    }
    public var remittanceInformation: String? {
        get { storage.fields.remittanceInformation }
        set { unique(); storage.fields.remittanceInformation = newValue }
        _modify { unique(); yield &storage.fields.remittanceInformation }
    }
    /// Purpose code (ISO 20022 ExternalPurpose1Code or a national code).
    public var purpose: String? {
        get { storage.fields.purpose }
        set { unique(); storage.fields.purpose = newValue }
        _modify { unique(); yield &storage.fields.purpose }
    }
    /// Due or execution date, ISO 8601 (`2026-01-31`).
    public var dueDate: String? {
        get { storage.fields.dueDate }
        set { unique(); storage.fields.dueDate = newValue }
        _modify { unique(); yield &storage.fields.dueDate }
    }
    public var billInformation: BillInformation? {
        get { storage.fields.billInformation }
        set { unique(); storage.fields.billInformation = newValue }
        _modify { unique(); yield &storage.fields.billInformation }
    }
    public var alternativeSchemes: [String] {
        get { storage.fields.alternativeSchemes }
        set { unique(); storage.fields.alternativeSchemes = newValue }
        _modify { unique(); yield &storage.fields.alternativeSchemes }
    }
    /// Format-specific values with no common field. Keys are namespaced by format (`ch.currency`) and listed
    /// under "Extras keys" in each `Countries/<Country>/README.md`.
    public var extras: [String: String] {
        get { storage.fields.extras }
        set { unique(); storage.fields.extras = newValue }
        _modify { unique(); yield &storage.fields.extras }
    }
    public var diagnostics: [Diagnostic] {
        get { storage.fields.diagnostics }
        set { unique(); storage.fields.diagnostics = newValue }
        _modify { unique(); yield &storage.fields.diagnostics }
    }

    /// Further payments of the same document (PAY by square carries several); this record is the first.
    public var additionalPayments: [PaymentRecord] {
        get { storage.fields.additionalPayments }
        set { unique(); storage.fields.additionalPayments = newValue }
        _modify { unique(); yield &storage.fields.additionalPayments }
    }
    /// Other accounts the creditor accepts the same payment on (SPAYD `ALT-ACC`, PAY by square).
    public var alternativeAccounts: [Account] {
        get { storage.fields.alternativeAccounts }
        set { unique(); storage.fields.alternativeAccounts = newValue }
        _modify { unique(); yield &storage.fields.alternativeAccounts }
    }
    public var standingOrder: StandingOrder? {
        get { storage.fields.standingOrder }
        set { unique(); storage.fields.standingOrder = newValue }
        _modify { unique(); yield &storage.fields.standingOrder }
    }
    public var directDebit: DirectDebit? {
        get { storage.fields.directDebit }
        set { unique(); storage.fields.directDebit = newValue }
        _modify { unique(); yield &storage.fields.directDebit }
    }
    public var invoice: Invoice? {
        get { storage.fields.invoice }
        set { unique(); storage.fields.invoice = newValue }
        _modify { unique(); yield &storage.fields.invoice }
    }
    /// Czech/Slovak variable, constant and specific symbols.
    public var symbols: PaymentSymbols? {
        get { storage.fields.symbols }
        set { unique(); storage.fields.symbols = newValue }
        _modify { unique(); yield &storage.fields.symbols }
    }

    /// Per read field: which reader gave it (`barcode`, `print`, `caller-ocr`, `xml`, `payload`), a calibrated
    /// confidence 0…1, and the box and page it was seen in. Empty (and not in the JSON) for a payload decoded as
    /// given, where every field trivially comes from the payload (`docs/record.md`, Provenance).
    public var provenance: [FieldProvenance] {
        get { storage.fields.provenance ?? [] }
        set { unique(); storage.fields.provenance = newValue.isEmpty ? nil : newValue }
    }

    public init(format: String, country: String?, formatVersion: String?, status: RecordStatus = .valid,
                source: SourceInfo = SourceInfo()) {
        storage = Storage(Fields(
            schema: Self.schemaVersion, format: format, country: country, formatVersion: formatVersion,
            status: status, source: source, creditor: nil, ultimateCreditor: nil, debtor: nil, amount: nil,
            reference: nil, remittanceInformation: nil, purpose: nil, dueDate: nil, billInformation: nil,
            alternativeSchemes: [], extras: [:], diagnostics: [], additionalPayments: [], alternativeAccounts: [],
            standingOrder: nil, directDebit: nil, invoice: nil, symbols: nil, provenance: nil))
    }

    /// Warnings only (no info messages).
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity >= .warning } }

    public static func == (a: PaymentRecord, b: PaymentRecord) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    public init(from decoder: Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    enum CodingKeys: String, CodingKey {
        case schema, format, country, formatVersion, status, source, creditor, ultimateCreditor, debtor, amount, reference, remittanceInformation, purpose, dueDate, billInformation, alternativeSchemes, extras, diagnostics
        case additionalPayments, alternativeAccounts, standingOrder, directDebit, invoice, symbols
        case provenance
    }

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
        try c.encode(additionalPayments, forKey: .additionalPayments)
        try c.encode(alternativeAccounts, forKey: .alternativeAccounts)
        try c.encode(standingOrder, forKey: .standingOrder)
        try c.encode(directDebit, forKey: .directDebit)
        try c.encode(invoice, forKey: .invoice)
        try c.encode(symbols, forKey: .symbols)
        if !provenance.isEmpty { try c.encode(provenance, forKey: .provenance) }
    }
}
