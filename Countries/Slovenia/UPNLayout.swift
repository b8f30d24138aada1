/// Field positions (0-based lines) and limits of a UPN QR payload (ZBS UPN QR technical standard).
enum UPNLayout {
    /// Slovenian postal codes are 4 digits; 5 tolerated for foreign payers.
    static let postalCodeDigits = 4...5
    static let header = 0
    static let payerIBAN = 1
    static let deposit = 2
    static let withdrawal = 3
    static let payerReference = 4
    static let payerName = 5
    static let payerStreet = 6
    static let payerCity = 7
    static let amount = 8
    static let paymentDate = 9
    static let urgent = 10
    static let purposeCode = 11
    static let purpose = 12
    static let dueDate = 13
    static let creditorIBAN = 14
    static let creditorReference = 15
    static let creditorName = 16
    static let creditorStreet = 17
    static let creditorCity = 18
    static let checksum = 19
    static let reserve = 20

    static let fieldCount = 20
    /// Characters of the whole content incl. separators and reserve (QR version 15, ECC M, byte mode).
    static let maxCharacters = 411
    static let amountDigits = 11
    /// Largest field limits; indexes as above (0 for fields that are checked otherwise).
    static let maxLength: [Int] = [5, 19, 1, 1, 26, 33, 33, 33, 11, 10, 1, 4, 42, 10, 34, 26, 33, 33, 33, 3]

    /// Dotted record path of each field, for diagnostics.
    static let path: [String] = [
        "header", "debtor.account.iban", "extras.si.deposit", "extras.si.withdrawal", "extras.si.payerReference",
        "debtor.name", "debtor.address.street", "debtor.address.town", "amount", "extras.si.paymentDate",
        "extras.si.urgent", "purpose", "remittanceInformation", "dueDate", "creditor.account.iban", "reference",
        "creditor.name", "creditor.address.street", "creditor.address.town", "checksum",
    ]
}
