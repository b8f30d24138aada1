/// MNB instant-payment QR code layout (formats-cee §6.2): 17 LF-terminated fields, at most 345 characters.
enum MNBLayout {
    static let fieldCount = 17
    static let maxCharacters = 345

    static let kind = 0, version = 1, charset = 2, bic = 3, name = 4, iban = 5, amount = 6, validity = 7
    static let purpose = 8, remittance = 9

    /// Field names used in diagnostics, by index.
    static let names = [
        "identificationCode", "version", "characterSet", "bic", "name", "iban", "amount", "validUntil", "purpose",
        "remittanceInformation", "shopID", "merchantDeviceID", "invoiceID", "customerID", "transactionID",
        "loyaltyID", "navCheckCode",
    ]
    /// Fields 11–17 (≤ 35 characters each) go to extras under their names.
    static let identifiers = 10..<17
    static let identifierMax = 35

    /// Hungarian accented vowels allowed next to printable ASCII [impl: huqr].
    static let accented: Set<Unicode.Scalar> = Set("áéíóöőúüűÁÉÍÓÖŐÚÜŰ".unicodeScalars)
}
