import GiroCore

/// The three check methods of the weight table.
package enum UKModulusMethod: String, Sendable, Codable, CaseIterable {
    /// Standard modulus 10: Σ weight × digit, remainder 0.
    case mod10 = "MOD10"
    /// Standard modulus 11.
    case mod11 = "MOD11"
    /// Double alternate: the digits of each product are added, modulus 10.
    case dblal = "DBLAL"
}

/// One check of a modulus validation: a row of the weight table, as run (or skipped).
package struct UKModulusCheck: Sendable, Hashable, Codable {
    package enum Outcome: String, Sendable, Codable {
        case passed, failed
        /// The row exists but the exception rules say it is not run (see ``note``).
        case skipped
    }

    /// Which weights were used.
    package enum Weights: String, Sendable, Codable {
        /// The row's weights.
        case table
        /// Exception 2, a ≠ 0 and g ≠ 9: `0 0 1 2 5 3 6 4 8 7 10 9 3 1`.
        case exception2 = "exception_2"
        /// Exception 2, a ≠ 0 and g = 9: `0 0 0 0 0 0 0 0 8 7 10 9 3 1`.
        case exception2G9 = "exception_2_g9"
        /// Exceptions 7 (g = 9) and 10 (ab = 09 or 99, g = 9): the row's weights with u–b set to zero.
        case zeroedUToB = "zeroed_u_to_b"
    }

    package enum Note: String, Sendable, Codable {
        /// Second row not run: the first passed, and either passing is enough (exceptions 2 & 9, 10 & 11, 12 & 13, 14).
        case firstCheckPassed = "first_check_passed"
        /// Second row not run: the first failed, and both must pass.
        case firstCheckFailed = "first_check_failed"
        /// Exception 3: c is 6 or 9, the double alternate check is not run.
        case exception3 = "exception_3_c_6_or_9"
        /// Exception 14: the account's last digit is not 0, 1 or 9, so the second check fails without a sum.
        case exception14LastDigit = "exception_14_h_not_0_1_9"
        /// Exception 14's second check: last digit dropped, a 0 put in front (``UKModulusCheck/account``).
        case exception14Shifted = "exception_14_shifted"
    }

    /// 1 or 2: the table row (exception 14's second check re-runs row 1).
    package var row: Int
    package var method: UKModulusMethod
    /// The row's exception number, nil for none.
    package var exception: Int?
    package var outcome: Outcome
    package var weights: Weights
    /// The sort code the check used when it is not the account's (exception 5 substitution, 8: `090126`, 9: `309634`).
    package var sortCode: UKSortCode?
    /// The account number the check used when it is not the account's (exception 14).
    package var account: UKAccountNumber?
    /// The weighted total (after exception 1's +27); nil when skipped.
    package var total: Int?
    /// `total` mod 10 or 11; nil when skipped.
    package var remainder: Int?
    package var note: Note?

    /// `MOD11 ex2 passed`.
    package var summary: String {
        var s = method.rawValue
        if let exception { s += " ex\(exception)" }
        if let sortCode { s += " sc \(sortCode)" }
        if let account { s += " acct \(account)" }
        if weights != .table { s += " weights \(weights.rawValue)" }
        s += " " + outcome.rawValue
        if let remainder { s += " (remainder \(remainder))" }
        if let note { s += " [\(note.rawValue)]" }
        return s
    }
}

/// The outcome of modulus checking a sort code and account number.
public struct UKModulusResult: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Codable {
        case valid, invalid
        /// No check applies; by the specification's rule the account is presumed valid (``UKModulusResult/isValid``).
        case notCheckable = "not_checkable"
    }

    public enum Reason: String, Sendable, Codable {
        case checksPassed = "checks_passed"
        case checkFailed = "check_failed"
        /// The sort code is in no range of the weight table: "no modulus check can be performed … presumed valid".
        case sortCodeNotInTable = "sort_code_not_in_table"
        /// Exception 6: a ∈ 4…8 and g = h, a foreign-currency account the checks do not apply to.
        case foreignCurrencyAccount = "foreign_currency_account"
    }

    public var status: Status
    public var reason: Reason
    /// What was checked (after normalisation).
    package var account: UKAccount
    /// Weight-table rows for the sort code: 0, 1 or 2.
    package var rows: Int
    package var firstCheck: UKModulusCheck?
    package var secondCheck: UKModulusCheck?

    /// Valid or not checkable (presumed valid, as the specification says). Only `invalid` is false.
    public var isValid: Bool { status != .invalid }

    /// The checks in order (ran or skipped).
    package var checks: [UKModulusCheck] { [firstCheck, secondCheck].compactMap { $0 } }

    /// `MOD11+DBLAL` (the rows' methods), `none` when no row applies.
    public var methodSummary: String {
        var rowsSeen: [UKModulusCheck] = []
        for c in checks where !rowsSeen.contains(where: { $0.row == c.row }) { rowsSeen.append(c) }
        return rowsSeen.isEmpty ? "none" : rowsSeen.map(\.method.rawValue).joined(separator: "+")
    }

    /// `2+9`, `5`, `none`.
    public var exceptionSummary: String {
        var seen: [Int] = []
        for c in checks { if let e = c.exception, !seen.contains(e) { seen.append(e) } }
        return seen.isEmpty ? "none" : seen.map(String.init).joined(separator: "+")
    }

    /// For `invalid`: `uk_modulus_invalid` at `account`, saying which check failed.
    public var error: GiroError? {
        guard status == .invalid else { return nil }
        let failed = checks.last { $0.outcome == .failed }
        return GiroError(.ukModulusInvalid, field: "account",
                         "account number fails the modulus check for sort code \(account.sortCode)"
                         + (failed.map { ": \($0.summary)" } ?? ""))
    }

    /// Flat facts for `giro check uk-account` (`IdentifierCheck.details`).
    public var details: [String: String] {
        var d: [String: String] = [
            "status": status.rawValue,
            "reason": reason.rawValue,
            "sortCode": account.sortCode.description,
            "account": account.number.description,
            "method": methodSummary,
            "exception": exceptionSummary,
            "checks": checks.isEmpty ? "none" : checks.map(\.summary).joined(separator: "; "),
            "tableVersion": UKModulus.tableVersion,
        ]
        if account.normalisation != .none { d["normalisation"] = account.normalisation.rawValue }
        if account.enteredSortCode != account.sortCode { d["enteredSortCode"] = account.enteredSortCode.description }
        return d
    }
}

// In an extension: the memberwise initializer the checker uses stays.
extension UKModulusResult {
    /// Parses `"089999 66374958"` (sort code and account number; 6- to 10-digit account numbers normalised) and
    /// checks it. Throws `input_invalid` (field `input`, `sortCode` or `account`, with the byte offset) for malformed
    /// input. The library's other way in is `IdentifierCheck.check(.ukAccount, _:)`.
    public init(checking text: String, tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) {
        self = try UKModulus.check(text, tenDigitRule: tenDigitRule)
    }
}

extension ErrorCode {
    /// A UK sort code + account number pair that fails the Pay.UK modulus check.
    public static let ukModulusInvalid: ErrorCode = "uk_modulus_invalid"
}
