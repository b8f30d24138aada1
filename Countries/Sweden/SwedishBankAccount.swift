import GiroCore

/// A Swedish bank account: clearing number + account number, checked by the rule Bankgirot's table gives the
/// clearing number's range (``SwedishClearingTable``). Swedbank's clearing numbers starting with 8 have five digits,
/// the fifth their own 10-modul check digit (`8214-9`).
enum SwedishBankAccountRules {
    struct Reading: Sendable {
        let clearing: String
        let account: String
        let row: SwedishClearingTable.Row
        var method: String { row.type == 1 || row.comment == 2 ? "11-modul" : "10-modul" }
    }

    /// Weights 1, 2, … 10 from the right: type 1 comment 1 (10 digits), comment 2 (11 digits, the 11th weight 1
    /// again) and Handelsbanken's 9-digit accounts alike.
    static let mod11 = WeightedMod11(weights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], fromRight: true)

    static func read(_ d: SwedishDigits, field: String = "account") throws(GiroError) -> Reading {
        guard d.count >= 5 else {
            throw GiroError(.fieldInvalid, field: field, "a Swedish bank account is a clearing number (4 or 5 digits) and an account number; found \(d.count) digits")
        }
        let clearing4 = d.value(0..<4)
        guard let row = SwedishClearingTable.row(clearing4) else {
            throw GiroError(.seClearingUnknown, field: field + ".clearing", offset: d.offset(0),
                            "clearing number \(clearing4) is in no range of Bankgirot's table of the banks' account numbers")
        }
        var clearingLength = 4
        if row.from == 8000 {
            // Swedbank 8xxx-x: the fifth digit checks the first four.
            clearingLength = 5
            guard d.count >= 6 else {
                throw GiroError(.fieldInvalid, field: field, "a Swedbank account with clearing number 8xxx-x has an account number after the five clearing digits")
            }
            guard Luhn.isValid(d.digits[0..<5]) else {
                throw GiroError(.seCheckDigitInvalid, field: field + ".clearing", offset: d.offset(4),
                                "the check digit of Swedbank clearing number \(clearing4) is \(Luhn.checkDigit(d.digits[0..<4]) ?? 0), not \(d.digits[4] - 48) (10-modul)")
            }
        }
        let account = d.digits[clearingLength...]
        let limits: ClosedRange<Int> = switch (row.type, row.comment) {
        case (1, _): 7...7
        case (2, 2): 1...9
        default: 1...10
        }
        guard limits.contains(account.count) else {
            let expected = limits.lowerBound == limits.upperBound ? "\(limits.upperBound) digits" : "at most \(limits.upperBound) digits"
            throw GiroError(.fieldInvalid, field: field + ".number", offset: d.offset(clearingLength),
                            "\(row.bank) (clearing \(clearing4), type \(row.type)) has account numbers of \(expected) after the clearing number; found \(account.count)")
        }
        let holds: Bool = switch (row.type, row.comment) {
        case (1, 1): mod11.isValid(d.digits[1..<11])
        case (1, _): mod11.isValid(d.digits[0..<11])
        case (2, 2): mod11.isValid(account)
        default: Luhn.isValid(Array(repeating: UInt8(48), count: max(0, 2 - account.count)) + account)
        }
        let reading = Reading(clearing: String(decoding: d.digits[0..<clearingLength], as: UTF8.self),
                              account: String(decoding: account, as: UTF8.self), row: row)
        guard holds else {
            throw GiroError(.seCheckDigitInvalid, field: field + ".number", offset: d.offset(d.count - 1),
                            "the check digit of the \(row.bank) account does not match (\(reading.method), type \(row.type) comment \(row.comment))")
        }
        return reading
    }

    /// `8214-9 923 472 612-4` (Swedbank), `3300-8413283949`, `5000-1234567`.
    static func formatted(_ r: Reading) -> String {
        if r.clearing.utf8.count == 5 {
            return String(r.clearing.prefix(4)) + "-" + String(r.clearing.suffix(1)) + " "
                + SwedishFormat.grouped(r.account.dropLast(), by: 3) + "-" + String(r.account.suffix(1))
        }
        return r.clearing + "-" + r.account
    }
}

/// `giro check se-account`: clearing number + account, checked by Bankgirot's clearing table.
package struct SwedishBankAccount: Identifier {
    public let kind = "se-account"
    public let country: String? = "SE"
    public let summary = "Swedish bank account: clearing number + account, 10- or 11-modul by Bankgirot's clearing table"
    public let example = "8214-9 923 472 612-4"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let d = try SwedishDigits(input, code: .fieldInvalid, field: "account", what: "a Swedish bank account")
        let r = try SwedishBankAccountRules.read(d)
        return ValidIdentifier(compact: r.clearing + r.account, formatted: SwedishBankAccountRules.formatted(r),
                               details: ["country": "SE", "clearing": r.clearing, "accountNumber": r.account, "bank": r.row.bank,
                                         "type": String(r.row.type), "comment": String(r.row.comment), "method": r.method])
    }
}
