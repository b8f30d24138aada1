import GiroCore

/// Bankgiro and PlusGiro numbers: digits whose last is the 10-modul (Luhn) check digit over all before it
/// (Bankgirot, "Beräkning av checksiffra enligt 10-modul"). A bankgiro number has 7 or 8 digits (`540-2968`,
/// `5402-9681`); a PlusGiro number 2 to 8, printed in pairs from the right with the check digit after a dash
/// (`28 65 43-4`).
enum SwedishGiroNumber {
    enum Kind: Sendable { case bankgiro, plusgiro }

    static func lengths(_ kind: Kind) -> ClosedRange<Int> { kind == .bankgiro ? 7...8 : 2...8 }
    static func name(_ kind: Kind) -> String { kind == .bankgiro ? "a bankgiro number" : "a PlusGiro number" }

    /// The compact digits of a valid number; the error points at the offending byte or the check digit.
    static func validate(_ input: String, kind: Kind, field: String = "account") throws(GiroError) -> String {
        let what = name(kind)
        let d = try SwedishDigits(input, code: .fieldInvalid, field: field, what: what)
        try check(d, kind: kind, field: field)
        return d.text
    }

    static func check(_ d: SwedishDigits, kind: Kind, field: String) throws(GiroError) {
        let what = name(kind)
        let range = lengths(kind)
        guard range.contains(d.count) else {
            throw GiroError(.fieldInvalid, field: field, offset: d.count > range.upperBound ? d.offset(range.upperBound) : nil,
                            "\(what) has \(range.lowerBound) to \(range.upperBound) digits, found \(d.count)")
        }
        guard Luhn.isValid(d.digits) else {
            throw GiroError(.seCheckDigitInvalid, field: field, offset: d.offset(d.count - 1),
                            "the check digit of \(what) does not match (10-modul): expected \(Luhn.checkDigit(d.digits.dropLast()) ?? 0)")
        }
    }

    /// `5402-9681`, `540-2968`; `28 65 43-4`.
    static func formatted(_ compact: String, kind: Kind) -> String {
        switch kind {
        case .bankgiro:
            return String(compact.dropLast(4)) + "-" + String(compact.suffix(4))
        case .plusgiro:
            return SwedishFormat.grouped(compact.dropLast(), by: 2) + "-" + String(compact.suffix(1))
        }
    }
}

/// `giro check se-bankgiro`.
package struct BankgiroNumber: Identifier {
    public let kind = "se-bankgiro"
    public let country: String? = "SE"
    public let summary = "Swedish bankgiro number: 7 or 8 digits, 10-modul check digit"
    public let example = "5402-9681"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let compact = try SwedishGiroNumber.validate(input, kind: .bankgiro)
        return ValidIdentifier(compact: compact, formatted: SwedishGiroNumber.formatted(compact, kind: .bankgiro),
                               details: ["country": "SE", "checkDigit": String(compact.suffix(1))])
    }
}

/// `giro check se-plusgiro`.
package struct PlusGiroNumber: Identifier {
    public let kind = "se-plusgiro"
    public let country: String? = "SE"
    public let summary = "Swedish PlusGiro number: 2 to 8 digits, 10-modul check digit"
    public let example = "28 65 43-4"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let compact = try SwedishGiroNumber.validate(input, kind: .plusgiro)
        return ValidIdentifier(compact: compact, formatted: SwedishGiroNumber.formatted(compact, kind: .plusgiro),
                               details: ["country": "SE", "checkDigit": String(compact.suffix(1))])
    }
}
