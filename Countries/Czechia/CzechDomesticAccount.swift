import GiroCore

/// Adds the domestic form (`19-2000145399/0800`) and the bank code to a CZ or SK IBAN account.
enum CzechDomesticAccount {
    static func fill(_ account: inout Account) {
        guard let iban = account.iban, iban.hasPrefix("CZ") || iban.hasPrefix("SK"),
              let domestic = PrefixedAccountNumber(validatedIBAN: iban) else { return }
        account.number = domestic.formatted
        account.bankCode = domestic.bankCode
    }
}
