/// Everything one country plug-in contributes, in one value: its payload formats, its printed-slip templates and
/// the rules they need, its identifier kinds, its national account ↔ IBAN rules and its extras keys.
///
/// Each `Countries/<Country>/` folder declares one (`public enum Belgium { public static let descriptor }`); the
/// `Giro` module's registry is generated from the package manifest's list of countries, so adding a country is a
/// new folder plus one line in `Package.swift`. The engine, the slip engine, `giro formats`, `giro templates`,
/// `giro check` and the service read nothing else about a country.
public struct CountryDescriptor: Sendable {
    /// ISO 3166-1 alpha-2 code, or `SEPA` for the pan-European scheme.
    public var code: String
    /// English name (`Belgium`).
    public var name: String
    /// Barcode and text payload formats, in detection order.
    public var formats: [any PaymentFormat]
    /// Identifier kinds for `giro check` (accounts, references, coding lines).
    public var identifiers: [any Identifier]
    /// National account numbers as printed, ↔ IBAN.
    public var accounts: [any NationalAccountRule]
    /// National references read from slip boxes.
    public var references: [any NationalReferenceRule]
    /// Printed machine-readable lines.
    public var codingLines: [any CodingLineReader]
    /// Slip templates (`Slips/*.json`, docs/slip-templates.md), compiled in as bytes.
    public var slipTemplates: [SlipTemplateFile]
    /// The `extras` keys this country's records may carry, each documented once in its README.
    public var extrasKeys: [String]
    /// Rules of its formats that hold only between two dates (`docs/decoding-policy.md`), judged by the engine.
    public var datedRules: [DatedRule]
    /// National values `giro parse` and slip zones read from OCR text (docs/adding-a-country.md).
    public var textFields: [NationalTextField]

    public init(code: String, name: String, formats: [any PaymentFormat] = [], identifiers: [any Identifier] = [],
                accounts: [any NationalAccountRule] = [], references: [any NationalReferenceRule] = [],
                codingLines: [any CodingLineReader] = [], slipTemplates: [SlipTemplateFile] = [], extrasKeys: [String] = [],
                datedRules: [DatedRule] = [], textFields: [NationalTextField] = []) {
        self.code = code
        self.name = name
        self.formats = formats
        self.identifiers = identifiers
        self.accounts = accounts
        self.references = references
        self.codingLines = codingLines
        self.slipTemplates = slipTemplates
        self.extrasKeys = extrasKeys
        self.datedRules = datedRules
        self.textFields = textFields
    }
}

/// A slip template file shipped by a plug-in: its path in the repository (for messages) and its bytes.
public struct SlipTemplateFile: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
