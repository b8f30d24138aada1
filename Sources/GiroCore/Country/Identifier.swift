/// One national or international identifier — an IBAN, a BIC, a Belgian OGM, a UK sort code + account — with the
/// same small interface for every kind, as python-stdnum has one module per number format:
/// `compact` (the electronic form), `validate` (a typed error with code and position), `isValid` and `format`
/// (the way it is printed in its country). Inputs are taken as people write them: spaces, dots, dashes, slashes,
/// frames such as `+++…+++`, lower case.
///
/// Kinds come from the country descriptors (``CountryDescriptor/identifiers``) and from the core (IBAN, BIC, RF,
/// QR reference); `giro check`, `giro check --list` and `/v1/check` iterate them.
public protocol Identifier: Sendable {
    /// Stable kind name used by `giro check KIND` (`be-ogm`, `uk-account`).
    var kind: String { get }
    /// ISO 3166-1 alpha-2 country, or nil for international kinds (IBAN, BIC, RF).
    var country: String? { get }
    /// One line for `giro check --list`.
    var summary: String { get }
    /// A valid value as it is printed (documentation, the junk test's positive case).
    var example: String { get }
    /// Checks the value and returns its compact and printed forms. Never traps on any input.
    func validate(_ input: String) throws(GiroError) -> ValidIdentifier
    /// Facts about a value that failed (the UK modulus method and checks that ran); empty for most kinds.
    func details(ofInvalid input: String) -> [String: String]
    /// The settings the kind takes (``IdentifierOption``); none for most kinds.
    var options: [IdentifierOption] { get }
    /// The kind with `settings` (option name → value) applied. Unknown options and values are `input_invalid`.
    func configured(_ settings: [String: String]) throws(GiroError) -> any Identifier
}

/// What a valid identifier is: its compact (electronic) form, its print form and facts about it.
public struct ValidIdentifier: Sendable, Hashable, Codable {
    /// The electronic form (`BE71096123456769`, `010806817183`).
    public var compact: String
    /// The printed form (`BE71 0961 2345 6769`, `+++010/8068/17183+++`).
    public var formatted: String
    /// Facts about the value: `country`, `bankCode`, `checkDigit` …
    public var details: [String: String]

    public init(compact: String, formatted: String, details: [String: String] = [:]) {
        self.compact = compact
        self.formatted = formatted
        self.details = details
    }
}

extension Identifier {
    public func details(ofInvalid input: String) -> [String: String] { [:] }

    /// Whether ``validate(_:)`` accepts the value.
    public func isValid(_ input: String) -> Bool {
        (try? validate(input)) != nil
    }

    /// The compact form of a valid value; nil when it does not validate.
    public func compact(_ input: String) -> String? {
        try? validate(input).compact
    }

    /// The printed form of a valid value; nil when it does not validate.
    public func format(_ input: String) -> String? {
        try? validate(input).formatted
    }
}

/// Input clean-up shared by the identifiers: printed separators out, letters upper-cased.
package enum IdentifierText {
    /// The UTF-8 bytes of `input` without white space (no-break spaces included) and the given ASCII separators,
    /// ASCII letters upper-cased. Nil when the input is longer than `limit` bytes, so no identifier scans a megabyte
    /// of junk.
    package static func compact(_ input: String, removing separators: String = "", limit: Int = 256) -> [UInt8]? {
        guard input.utf8.count <= limit else { return nil }
        let drop = Set(separators.unicodeScalars)
        var out: [UInt8] = []
        out.reserveCapacity(input.utf8.count)
        for scalar in input.unicodeScalars where !scalar.properties.isWhitespace && !drop.contains(scalar) {
            let upper = scalar.value >= 97 && scalar.value <= 122 ? Unicode.Scalar(UInt8(scalar.value - 32)) : scalar
            out.append(contentsOf: String(upper).utf8)
        }
        return out
    }
}
