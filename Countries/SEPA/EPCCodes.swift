import GiroCore

// Extras keys of the EPC QR plug-in (its error and warning codes are GiroCore's shared ones).

/// Keys the EPC plug-in writes into ``PaymentRecord/extras`` (documented in Countries/SEPA/README.md).
enum EPCExtrasKey {
    /// Element 4 as written: `SCT` or `INST`.
    static let identification = "sepa.identification"
    /// Element 3 as written (`1` … `8`, or the unknown code that was found).
    static let charsetCode = "sepa.charsetCode"
    /// Line separator style of the payload: `LF`, `CRLF`, `CR`, `CRCRLF` or `mixed`.
    static let lineSeparator = "sepa.lineSeparator"
    /// Element 12, beneficiary-to-originator information (shown to the payer, not transmitted).
    static let beneficiaryToOriginatorInformation = "sepa.beneficiaryToOriginatorInformation"
}

// Stuzza "Zahlen mit Code" (Austrian EPC QR) warnings; see EPCStuzza.
extension ErrorCode {
    /// Warning: an Austrian code (AT IBAN or BIC) declares a character set other than `1` (UTF-8) or `2`
    /// (ISO-8859-1), the two Stuzza admits. Decoded with the declared charset; the record stays valid.
    public static let stuzzaCharset: ErrorCode = "stuzza_charset"
    /// Warning (uncertain): an Austrian code fills both the Zahlungsreferenz (element 10) and the
    /// Verwendungszweck (element 11); Austrian banks forward only one of them, so which one reaches the
    /// creditor is not known. Both are kept.
    public static let stuzzaRemittanceBothForms: ErrorCode = "stuzza_remittance_both_forms"
}

// Dated rules (EPCDatedRules).
extension ErrorCode {
    /// Warning (uncertain) when judged before EPC069-12 v3.1 (19 Mar 2024): the code carries no amount. A dated
    /// rule: dropped on later dates.
    public static let amountMissing: ErrorCode = "amount_missing"
}
