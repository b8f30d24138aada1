import GiroCore

/// Codes specific to the Czech plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
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
