import GiroCore

/// Codes specific to the Czech plug-ins (SPAYD and SID) (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: a `%` not followed by two hex digits; kept literally.
    public static let percentEscapeInvalid: ErrorCode = "percent_escape_invalid"
    /// Warning: a currency other than CZK; legal syntax, but Czech banks handle it inconsistently.
    public static let currencyNotDomestic: ErrorCode = "currency_not_domestic"
    /// Warning: a Czech domestic account number (`prefix-number/bank`) where an IBAN belongs; converted to the IBAN.
    public static let domesticAccountConverted: ErrorCode = "domestic_account_converted"
}

extension ReferenceType {
    /// SPAYD `RF`: the payee's numeric payment identifier (up to 16 digits, no check digit).
    public static let czechPaymentIdentifier: ReferenceType = "cz.payment-identifier"
}

/// `extras` keys of the SPAYD plug-in (documented in `Countries/Czechia/README.md`); the informational keys read from `PT`, `NT`,
/// `NTA`, `X-ID`, `X-URL`, `X-PER`, `X-SELF` are listed in ``SPAYDKey/extrasNames``.
enum SPAYDExtrasKey {
    /// `SPD` (payment, standing order) or `SCD` (direct-debit consent).
    static let descriptor = "cz.descriptor"
    /// `CC` as written, when present.
    static let currency = "cz.currency"
    /// `PT`, the payment type (e.g. `IP` instant payment); the encoder writes it back.
    static let paymentType = "cz.paymentType"
    /// `FRQ` of a direct-debit consent (its period is in `directDebit.limitPeriod`).
    static let frequencyCode = "cz.frequencyCode"
    /// `DL` and `DH` of a one-off payment (they belong to standing orders).
    static let lastDate = "cz.lastDate"
    static let stopOnDeath = "cz.stopOnDeath"
    /// `CRC32` as written (upper-cased), after it was checked.
    static let crc32 = "cz.crc32"

    /// A key the plug-in does not read (an `X-` extension or an unknown key), numbered when repeated (`X-A#2`).
    static func unknown(_ key: String) -> String { "cz.unknown." + key }
}
