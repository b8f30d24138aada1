import GiroCore

extension ErrorCode {
    /// Two sources of one document (`xml`, `barcode`, `print`) disagree on a payment's IBAN, amount, currency,
    /// reference or payee name: both values and sources are in the message and in `DocumentResult.mismatches`.
    public static let documentSourceMismatch: ErrorCode = "document_source_mismatch"
    /// A document gave more records than `DocumentMerger.maxRecords`: the rest were not compared (a warning).
    public static let documentRecordLimit: ErrorCode = "document_record_limit"
    /// The document is none of PDF, image or XML (`field` `document`).
    public static let documentUnsupported: ErrorCode = "document_unsupported"
}
