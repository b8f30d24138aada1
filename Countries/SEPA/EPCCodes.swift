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
