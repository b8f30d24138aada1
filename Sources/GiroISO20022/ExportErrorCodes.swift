import GiroCore

// Why a record cannot become a credit transfer (docs/errors.md, "Export").
extension ErrorCode {
    /// The record is not a credit transfer: a payment link, a contact, a direct debit, a rejected payload.
    public static let exportNotATransfer: ErrorCode = "export_not_a_transfer"
    /// The creditor has no IBAN (a national account number only, or no account).
    public static let exportIBANMissing: ErrorCode = "export_iban_missing"
    /// The record has no amount; pain.001 needs the instructed amount.
    public static let exportAmountMissing: ErrorCode = "export_amount_missing"
    /// The amount is zero or negative.
    public static let exportAmountNotPositive: ErrorCode = "export_amount_not_positive"
    /// No record in the input, or more than ``Pain001Export/maximumRecords``.
    public static let exportRecordCount: ErrorCode = "export_record_count"
}
