import GiroCore

/// Codes specific to the Hungarian plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: the validity time has passed; the code is still informative (reject it before initiating a payment).
    public static let validityExpired: ErrorCode = "validity_expired"
    /// Warning: the last field is not LF-terminated.
    public static let finalNewlineMissing: ErrorCode = "final_newline_missing"
    /// Warning: CR LF field terminators instead of LF.
    public static let lineEndingCRLF: ErrorCode = "line_ending_crlf"
}

/// `extras` keys of the MNB QR plug-in (documented in `Countries/Hungary/README.md`).
public enum MNBExtrasKey {
    /// Field 1: `HCT` (credit transfer) or `RTP` (request to pay).
    public static let identificationCode = "hu.identificationCode"
    /// Field 8: validity time, ISO 8601 with offset (`2020-12-31T23:59:59+02:00`).
    public static let validUntil = "hu.validUntil"
    /// Fields 11–17 in order: shop, merchant device, invoice, customer, transaction, loyalty ids, NAV check code.
    public static let identifiers = [
        "hu.shopID", "hu.merchantDeviceID", "hu.invoiceID", "hu.customerID", "hu.transactionID", "hu.loyaltyID", "hu.navCheckCode",
    ]
    /// Fields after field 17, which version 001 does not define: `hu.unknown.18`, `hu.unknown.19` …
    public static let unknownPrefix = "hu.unknown."
}
