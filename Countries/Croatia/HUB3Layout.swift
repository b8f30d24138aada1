/// Field positions (0-based lines), limits and record paths of a HUB3 payload (HUB3 spec, Prilog A).
enum HUB3Layout {
    /// Croatian postal codes: 5 digits (`42000 Varaždin`).
    static let postalCodeDigits = 5...5
    static let header = 0
    static let currency = 1
    static let amount = 2
    static let payerName = 3
    static let payerStreet = 4
    static let payerCity = 5
    static let creditorName = 6
    static let creditorStreet = 7
    static let creditorCity = 8
    static let account = 9
    static let model = 10
    static let reference = 11
    static let purposeCode = 12
    static let description = 13

    static let fieldCount = 14
    static let amountDigits = 15
    /// Character limits per field.
    static let maxLength: [Int] = [8, 3, 15, 30, 27, 27, 25, 25, 27, 21, 4, 22, 4, 35]
    static let path: [String] = [
        "header", "amount.currency", "amount", "debtor.name", "debtor.address.street", "debtor.address.town",
        "creditor.name", "creditor.address.street", "creditor.address.town", "creditor.account.iban",
        "reference.model", "reference", "purpose", "remittanceInformation",
    ]
}
