import GiroCore

/// A national account check (bank code + account number) a country plug-in provides for slips. GiroSlips imports
/// no plug-in, so the check is handed in: `Giro` gives its `SlipReader` the built-in ones (the UK modulus check for
/// `GB`), and a bank with newer tables can hand in its own. The `account-check` rule runs the one of the template's
/// country on `creditor.account.bankCode` + `creditor.account.number`.
package struct SlipAccountCheck: Sendable {
    /// nil when the pair passes; otherwise why not (its code names the national rule, e.g. `uk_modulus_invalid`).
    package var check: @Sendable (_ bankCode: String, _ number: String) -> GiroError?

    package init(_ check: @escaping @Sendable (_ bankCode: String, _ number: String) -> GiroError?) {
        self.check = check
    }
}

extension SlipRecordBuilder {
    /// The `account-check` rule: a failing pair is kept (the payer's bank checks it again) and the record is uncertain;
    /// with no check for the country at hand the pair is unchecked, and the record says so (uncertain too).
    static func applyAccountCheck(_ r: PaymentRecord, country: String, checks: [String: SlipAccountCheck], diagnostics: inout [Diagnostic]) {
        guard let bank = r.creditor?.account?.bankCode, let number = r.creditor?.account?.number else { return }
        guard let check = checks[country] else {
            diagnostics.append(.warning(.slipRuleFailed, field: "creditor.account.number", uncertain: true,
                                        "no account check for \(country) is available to this reader: \(bank) \(number) unchecked"))
            return
        }
        if let failure = check.check(bank, number) {
            diagnostics.append(.warning(failure.code, field: "creditor.account.number", uncertain: true,
                                        failure.message + "; kept (the payer's bank checks the account again)"))
        }
    }
}
