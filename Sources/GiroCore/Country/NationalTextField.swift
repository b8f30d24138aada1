/// A national value printed on slips and read from OCR text (`giro parse`, slip zones): what a plug-in declares so
/// that the generic parser of GiroParsers finds it without importing the plug-in. The plug-in gives the type, the
/// printed shape and the check (an ``Identifier``); the parser scans for the shape, repairs OCR look-alikes only
/// when the identifier then validates, and names the country on every candidate.
///
/// One line per field in a descriptor:
/// `textFields: [.init(type: "se.bankgiro", identifier: Sweden.bankgiro, shape: .digits(7...8, separators: "-", labels: ["bankgiro", "bg"]))]`
public struct NationalTextField: Sendable {
    /// Which parser family a field belongs to (how `giro parse` ranks it against overlapping candidates).
    public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
        case reference, account, amount, other
    }

    /// Candidate type, `<country in lower case>.<name>`: `at.zahlungsreferenz`, `cz.vs`, `se.bankgiro`.
    public var type: String
    /// ISO 3166-1 alpha-2 country the field belongs to (upper case).
    public var country: String
    public var family: Family
    public var shape: NationalTextShape
    /// The check; nil when the field has none (then no look-alike is repaired and candidates stay `uncertain`).
    public var identifier: (any Identifier)?
    /// One line for `giro parse --help` and the docs.
    public var summary: String

    /// `country` defaults to the identifier's country, else to the type's prefix (`cz.vs` → `CZ`).
    public init(type: String, country: String? = nil, family: Family = .reference, identifier: (any Identifier)?,
                shape: NationalTextShape, summary: String = "") {
        self.type = type
        let prefix = type.split(separator: ".").first.map { String($0).uppercased() } ?? ""
        self.country = (country ?? identifier?.country ?? prefix).uppercased()
        self.family = family
        self.shape = shape
        self.identifier = identifier
        self.summary = summary.isEmpty ? (identifier?.summary ?? type) : summary
    }
}

/// How a ``NationalTextField`` is printed: a run of digits (OCR look-alike letters read as digits), maybe in groups
/// split by single separators, maybe after a label.
public struct NationalTextShape: Sendable, Hashable {
    /// How many digits the value has.
    public var digits: ClosedRange<Int>
    /// Printed separators allowed between digit groups, besides a single space (`"-"`, `"/."`).
    public var separators: String
    /// Label words, lower case, that may stand before the value (within ``labelDistance`` bytes): `vs`,
    /// `variabilní symbol`, `bankgiro`. Give diacritic-free spellings too: OCR drops accents.
    public var labels: [String]
    /// Only labelled values are candidates (a bare run of digits could be anything).
    public var labelRequired: Bool
    /// Most bytes between the end of a label and the value.
    public var labelDistance: Int
    /// Read by a dedicated scanner of GiroParsers (HR/SI/RS models, OGM, CZ symbols …), not by the generic one: the
    /// declaration names the type, its country and its check for `--country`, `--parsers` and slip zones.
    public var builtIn: Bool

    public init(digits: ClosedRange<Int>, separators: String = "", labels: [String] = [], labelRequired: Bool = false,
                labelDistance: Int = 32, builtIn: Bool = false) {
        self.digits = max(1, digits.lowerBound)...min(64, max(1, digits.upperBound))
        self.separators = separators
        self.labels = labels.map { $0.lowercased() }
        self.labelRequired = labelRequired
        self.labelDistance = min(max(labelDistance, 0), 128)
        self.builtIn = builtIn
    }

    /// A run of digits (the common case, in one call).
    public static func digits(_ count: ClosedRange<Int>, separators: String = "", labels: [String] = [],
                              labelRequired: Bool = false) -> NationalTextShape {
        NationalTextShape(digits: count, separators: separators, labels: labels, labelRequired: labelRequired)
    }

    /// A field one of GiroParsers' own scanners reads (its shape is the scanner's).
    public static let builtInScanner = NationalTextShape(digits: 1...64, builtIn: true)
}
