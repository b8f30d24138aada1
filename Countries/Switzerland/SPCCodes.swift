import GiroCore

/// Codes specific to the Swiss QR-bill plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: a Swico S1 invoice date carries a time of day (`YYMMDDHHMM`, `YYMMDDHHMMSS`), seen in
    /// the wild; the date is kept.
    public static let swicoDateWithTime: ErrorCode = "swico_date_with_time"
    /// Warning (uncertain) from IG QR-bill 2.4 (14 Nov 2026): a QR-IBAN with a QR reference in a currency other
    /// than CHF. A dated rule: judged on the decoding date.
    public static let qrReferenceRequiresCHF: ErrorCode = "qr_reference_requires_chf"
}

/// `extras` keys of the QR-bill plug-in (documented in `Countries/Switzerland/README.md`).
enum SPCExtrasKey {
    /// The currency as written (`CHF`, `EUR`), also for an open amount; the encoder reads it then.
    static let currency = "ch.currency"
    /// The reference type as written: `QRR`, `SCOR` or `NON`.
    static let referenceType = "ch.referenceType"
}
