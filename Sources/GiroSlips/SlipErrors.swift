import GiroCore

extension ErrorCode {
    /// A slip template file breaks schema 1 (`docs/slip-templates.md`); the error names file, line and key.
    public static let slipTemplateInvalid: ErrorCode = "slip_template_invalid"
    /// No loaded template classified the page (too few anchors found, or not geometrically consistent).
    public static let slipNotFound: ErrorCode = "slip_not_found"
    /// A required zone gave no value (nothing printed there, or nothing its parser could read).
    public static let slipFieldMissing: ErrorCode = "slip_field_missing"
    /// A zone had text but its parser found no value in it (the text is in the diagnostic).
    public static let slipFieldUnreadable: ErrorCode = "slip_field_unreadable"
    /// A zone's value was read but fails its checks (IBAN or reference check digits).
    public static let slipFieldInvalid: ErrorCode = "slip_field_invalid"
    /// An optional zone was empty (informational; the field stays null).
    public static let slipFieldEmpty: ErrorCode = "slip_field_empty"
    /// An amount or digits zone (no check digit) was read several times and no value has a strict majority of
    /// the readings: the most agreed value is kept, the record is uncertain (every reading is in the message).
    public static let slipReadingsDisagree: ErrorCode = "slip_readings_disagree"
    /// A cross-field rule failed: the coding line disagrees with the printed amount or reference.
    public static let slipRuleFailed: ErrorCode = "slip_rule_failed"
    /// The words came without boxes (plain text): only line/keyword reading was possible.
    public static let slipDegradedInput: ErrorCode = "slip_degraded_input"
    /// `--slip CLASS` / `SlipReader.fixed(to:)` named a class no loaded template has.
    public static let slipClassNotFound: ErrorCode = "slip_class_not_found"
    /// A slip-like block (a cluster of words holding an account and an amount) that no template matched: read as
    /// an unknown slip with what the generic parsers found (`docs/slip-templates.md`, Unknown slips).
    public static let slipUnknownClass: ErrorCode = "slip_unknown_class"
    /// A slip's barcode and its print disagree on a field (both values in the message; `source.crossCheck` has them too).
    public static let slipBarcodeMismatch: ErrorCode = "slip_barcode_mismatch"
    /// A barcode on the slip was found but did not decode as a payment; the print is the answer (informational).
    public static let slipBarcodeUnreadable: ErrorCode = "slip_barcode_unreadable"
    /// A words file is not Giro's words JSON or breaks its limits.
    public static let slipWordsInvalid: ErrorCode = "slip_words_invalid"
    /// A date zone prints a date whose day or month does not exist (`31.02.2026`): refused, the text in the message.
    public static let slipDateInvalid: ErrorCode = "slip_date_invalid"
    /// The amount in words printed on the form (`Částka slovy`, `Forint betűvel`, `Suma slovom`) reads another
    /// amount than the figures: both are in the message, the record is uncertain.
    public static let slipAmountWordsMismatch: ErrorCode = "slip_amount_words_mismatch"
    /// The amount in words agrees with the figures (informational): the amount counts as checked.
    public static let slipAmountWordsAgree: ErrorCode = "slip_amount_words_agree"
    /// A coding-line zone holds blocks of a line but not the whole line (a red ES line's second row alone, a block
    /// cut off): refused, the text in the message; the record is uncertain.
    public static let slipCodingLinePartial: ErrorCode = "slip_coding_line_partial"
    /// A field printed twice on the form (receipt and main part) reads the same in both (informational): the
    /// field's confidence counts the copy; also said when a copy that passes its checks fills a field the main part
    /// left empty.
    public static let slipDuplicateAgree: ErrorCode = "slip_duplicate_agree"
    /// A field printed twice on the form reads differently in its two parts: both values are in the message, the
    /// main part's is kept (uncertain for the amount, an account or the reference; a name only warns).
    public static let slipDuplicateMismatch: ErrorCode = "slip_duplicate_mismatch"
}
