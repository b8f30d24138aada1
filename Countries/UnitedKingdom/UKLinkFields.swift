import GiroCore

/// What only a UK link carries: the sort code and account number (modulus-checked) and monzo.me's path.
enum UKLinkFields {
    static let bankCodeField = "creditor.account.bankCode"
    static let numberField = "creditor.account.number"

    static func read(_ d: inout PaymentLinkDecoder, _ link: PaymentLink, kind: String) throws(GiroError) {
        if kind == "monzo" { try monzoPath(&d, link) }
        guard let sc = UKLinkQuery.sortCode(link), let acc = UKLinkQuery.accountNumber(link) else { return }
        try account(&d, sortCode: sc, account: acc)
    }

    /// `/<handle>[/<amount>]`: the amount in pounds (`5`, `12.50`) unless the query gave one.
    static func monzoPath(_ d: inout PaymentLinkDecoder, _ link: PaymentLink) throws(GiroError) {
        let parts = link.path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let handle = parts.first else { return }
        d.record.extras["gb.handle"] = String(decoding: handle, as: UTF8.self)
        guard parts.count > 1, !parts[1].isEmpty else { return }
        let offset = link.pathOffset + 1 + handle.count + 1
        guard d.record.amount == nil else {
            d.warn(.duplicateKey, field: "amount", offset: offset, "amount both in the path and the query; the query's is used")
            return
        }
        try d.amount(PaymentLink.QueryItem(name: "amount", value: String(decoding: parts[1], as: UTF8.self), offset: offset), cents: false)
    }

    /// A malformed sort code or account number rejects (a field needed to pay); a pair failing the Pay.UK
    /// modulus check is kept, uncertain: the link is shown to a payer whose bank checks the account again.
    static func account(_ d: inout PaymentLinkDecoder, sortCode sc: PaymentLink.QueryItem, account acc: PaymentLink.QueryItem) throws(GiroError) {
        let parsed: UKAccount
        do {
            parsed = try UKAccount(sortCode: sc.value, account: acc.value)
        } catch {
            let isSortCode = error.field == "sortCode"
            throw d.fail(.fieldInvalid, field: isSortCode ? bankCodeField : numberField, offset: (isSortCode ? sc : acc).offset,
                         (isSortCode ? "sort code" : "account number") + " '\(isSortCode ? sc.value : acc.value)': " + error.message)
        }
        var account = d.record.creditor?.account ?? Account()
        account.bankCode = parsed.enteredSortCode.description
        let digitsOnly = acc.value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        account.number = digitsOnly ? acc.value : String(decoding: acc.value.utf8.filter { $0 >= 48 && $0 <= 57 }, as: UTF8.self)
        d.setCreditor { $0.account = account }
        let result = UKModulus.check(parsed)
        if let failure = result.error {
            d.warn(.ukModulusInvalid, field: numberField, offset: acc.offset, uncertain: true,
                   failure.message + "; kept (the payer's bank checks the account again)")
        }
        if result.account.normalisation != .none {
            d.record.extras["gb.normalisation"] = result.account.normalisation.rawValue
        }
    }
}
