/// National rules a country plug-in hands to the engine through its ``CountryDescriptor``. The slip engine and the
/// parsers import no plug-in: they look these up by country.

/// A national account number as printed on the country's slips (`19-2000145399/0800`, `11773016-11111018`),
/// checked and converted to the IBAN.
public protocol NationalAccountRule: Sendable {
    /// ISO 3166-1 alpha-2 country of the accounts.
    var countryCode: String { get }
    /// Reads a printed account (or the country's IBAN printed in the same box); spaces are already removed and
    /// letters upper-cased.
    func read(_ compact: String) -> NationalAccountReading
    /// Checks a bank code + account number pair (UK sort code + account): nil when it passes or when this country
    /// has no such check (``checksPairs``), else why not.
    func check(bankCode: String, number: String) -> GiroError?
    /// Whether ``check(bankCode:number:)`` is a real check (the `account-check` slip rule needs one).
    var checksPairs: Bool { get }
}

extension NationalAccountRule {
    public func check(bankCode: String, number: String) -> GiroError? { nil }
    public var checksPairs: Bool { false }
}

/// What ``NationalAccountRule/read(_:)`` found.
public enum NationalAccountReading: Sendable, Hashable {
    /// A valid account: IBAN, domestic number and bank code filled the way the country's barcode plug-in fills them.
    case account(Account)
    /// The text has the account's shape but a check digit is wrong.
    case failedCheck(String)
    /// Not an account of this country.
    case notAnAccount
}

/// A national payment reference read from a slip's box (the Serbian `poziv na broj`: model box + number).
public protocol NationalReferenceRule: Sendable {
    var countryCode: String { get }
    /// Nil when the text is not this country's reference; otherwise the reference (checked) and the problems found.
    func read(model: String?, number: String) -> NationalReferenceReading?
}

public struct NationalReferenceReading: Sendable, Hashable {
    public var reference: Reference
    /// Readable reasons when a check failed (advisory: the reference is kept).
    public var problems: [String]

    public init(reference: Reference, problems: [String]) {
        self.reference = reference
        self.problems = problems
    }
}

/// A printed machine-readable line (the OCR-B coding line of a Swiss ESR/ES slip): read from OCR text, every check
/// digit verified, failures collected rather than thrown (the slip engine decides what a failure costs).
public protocol CodingLineReader: Sendable {
    /// The name a slip template gives in its `codingLine` option (`ch.esr`).
    var id: String { get }
    var countryCode: String { get }
    /// Characters the line can hold (the OCR whitelist of its zone).
    var alphabet: String { get }
    /// Nil when the text has no coding-line shape.
    func read(_ text: String) -> CodingLineReading?
}

/// What a coding line says. Its values are the machine-readable truth of its slip: the slip engine fills the
/// record with them and compares the printed amount and reference against them.
public struct CodingLineReading: Sendable, Hashable {
    /// The line as read, digits and separators only.
    public var normalized: String
    /// The creditor's account as the line encodes it (a Swiss participant number `01-162-8`).
    public var account: Account?
    public var amount: Amount?
    public var reference: Reference?
    /// Facts the record carries under the country's extras keys (documented in the country's README).
    public var extras: [String: String]
    /// Parts whose check digit fails (`amount`, `reference`, `participant` …); empty when all hold.
    public var failedChecks: [String]

    public init(normalized: String, account: Account? = nil, amount: Amount? = nil, reference: Reference? = nil,
                extras: [String: String] = [:], failedChecks: [String] = []) {
        self.normalized = normalized
        self.account = account
        self.amount = amount
        self.reference = reference
        self.extras = extras
        self.failedChecks = failedChecks
    }
}
