/// MNB instant-payment QR code layout (formats-cee §6.2): 17 LF-terminated fields, at most 345 characters.
enum MNBLayout {
    static let fieldCount = 17
    static let maxCharacters = 345

    static let kind = 0, version = 1, charset = 2, bic = 3, name = 4, iban = 5, amount = 6, validity = 7
    static let purpose = 8, remittance = 9

    /// Field paths used in diagnostics, by index (fields kept in `extras` under their key).
    static let names = [
        "extras.hu.identificationCode", "version", "characterSet", "bic", "name", "iban", "amount", "extras.hu.validUntil",
        "purpose", "remittanceInformation", "extras.hu.shopID", "extras.hu.merchantDeviceID", "extras.hu.invoiceID",
        "extras.hu.customerID", "extras.hu.transactionID", "extras.hu.loyaltyID", "extras.hu.navCheckCode",
    ]
    /// Fields 11–17 (≤ 35 characters each) go to extras (``MNBExtrasKey/identifiers``).
    static let identifiers = 10..<17
    static let identifierMax = 35

    /// Hungarian accented vowels allowed next to printable ASCII [impl: huqr].
    static let accented: Set<Unicode.Scalar> = Set("áéíóöőúüűÁÉÍÓÖŐÚÜŰ".unicodeScalars)

    /// Field path of line `i`: a field past 17 is kept under ``MNBExtrasKey/unknownPrefix``.
    static func path(_ i: Int) -> String { i < names.count ? names[i] : "extras." + MNBExtrasKey.unknownPrefix + String(i + 1) }
}
