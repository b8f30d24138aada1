import GiroCore

/// Codes specific to the Slovak plug-in (the shared ones live in `GiroCore/Errors/ErrorCode.swift`).
extension ErrorCode {
    /// Error: a character outside the base32hex alphabet `0-9A-V`.
    public static let base32Invalid: ErrorCode = "base32_invalid"
    /// Error: liblzma reports the compressed stream corrupt.
    public static let compressedDataInvalid: ErrorCode = "compressed_data_invalid"
    /// Error: the compressed stream ends before the data does (a cut-off symbol or string).
    public static let compressedDataTruncated: ErrorCode = "compressed_data_truncated"
    /// Error: the data would decompress to more than the cap.
    public static let decompressedTooLarge: ErrorCode = "decompressed_too_large"
    /// Error: liblzma could not run (memory, options); not the payload's fault.
    public static let decompressorFailed: ErrorCode = "decompressor_failed"
    /// Warning: lower-case base32hex, read as upper case.
    public static let base32Lowercase: ErrorCode = "base32_lowercase"
    /// Warning: one superfluous base32 character (a Java generator appends one); its bits are dropped.
    public static let base32ExtraCharacters: ErrorCode = "base32_extra_characters"
    /// Warning: the header's length field disagrees with the decompressed size; the CRC-32 vouches for the data.
    public static let lengthFieldMismatch: ErrorCode = "length_field_mismatch"
    /// Warning: non-empty fields after the last one the document structure defines; kept in extras.
    public static let unexpectedFields: ErrorCode = "unexpected_fields"
    /// Warning: the field list ends early (after the mandatory IBAN); the missing fields read as empty.
    public static let fieldsMissing: ErrorCode = "fields_missing"
    /// Warning (uncertain) from PAY by square 1.2.0 (1 Apr 2025): a payment without a beneficiary name. A dated
    /// rule: judged on the decoding date.
    public static let beneficiaryNameMissing: ErrorCode = "beneficiary_name_missing"
}

/// `extras` keys of the PAY by square plug-in (documented in `Countries/Slovakia/README.md`).
enum PayBySquareExtrasKey {
    /// The document's invoice id (on the first payment's record).
    static let invoiceID = "sk.invoiceID"
    /// The payment's options as names: `paymentOrder`, `standingOrder`, `directDebit`, comma-separated.
    static let paymentOptions = "sk.paymentOptions"
    /// Non-empty fields after the last one the document defines, TAB-joined.
    static let trailingFields = "sk.unknown.trailingFields"
}
