import GiroCore

/// Codes specific to the BezahlCode plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Warning: a character a URI must percent-encode (space, non-ASCII, `"<>\^`{|}`, controls) written raw.
    package static let deUnencodedCharacter: ErrorCode = "de_unencoded_character"
    /// Warning: `+` read as a space (form encoding; BezahlCode generators write `%20`).
    package static let dePlusAsSpace: ErrorCode = "de_plus_as_space"
    /// Warning: a `%` not followed by two hex digits, kept as written.
    package static let dePercentInvalid: ErrorCode = "de_percent_invalid"
    /// Warning: scheme, authority, parameter name or currency not in its canonical case; normalised.
    package static let deCaseNormalized: ErrorCode = "de_case_normalized"
    /// Info: no `currency` parameter; the amount is read as EUR (what BezahlCode readers assume).
    package static let deCurrencyDefaulted: ErrorCode = "de_currency_defaulted"
    /// Warning: the amount uses a decimal point instead of the decimal comma.
    package static let deAmountDecimalPoint: ErrorCode = "de_amount_decimal_point"
    /// Info: the IBAN was computed from the classic account number and bank code (BLZ).
    package static let deIBANDerived: ErrorCode = "de_iban_derived"
    /// Rejection: the BLZ (`bnc`) is not 8 digits or starts with 0.
    package static let deBankCodeInvalid: ErrorCode = "de_bank_code_invalid"
    /// Rejection: the classic account number is not 1–10 digits, or is all zeros.
    package static let deAccountNumberInvalid: ErrorCode = "de_account_number_invalid"
    /// Warning (uncertain): both an IBAN and a classic account are given and they name different accounts.
    package static let deAccountMismatch: ErrorCode = "de_account_mismatch"
    /// Warning (uncertain): the SEPA creditor identifier fails its mod-97 check (EPC262-08).
    package static let deCreditorIDInvalid: ErrorCode = "de_creditor_id_invalid"
}

/// `extras` keys of the BezahlCode plug-in (documented in the README).
package enum BezahlCodeExtrasKey {
    /// The authority, lower case (`singlepaymentsepa`, `periodicsinglepayment` …).
    package static let authority = "de.authority"
    /// The classic bank code (Bankleitzahl, `bnc`) as written.
    package static let blz = "de.blz"
    /// The classic account number (`account`) as written.
    package static let account = "de.account"
    /// The Textschlüssel (`postingkey`) as written.
    package static let postingKey = "de.postingKey"
    /// Prefix of parameters BezahlCode does not define (or the authority does not use): `de.unknown.<name>`.
    package static let unknownPrefix = "de.unknown."
}
