import GiroCore

// Codes, extras keys and the reference type of the ESR/ES coding-line plug-in (`ch.esr-coding-line`).
// Described in Countries/Switzerland/README.md and docs/errors.md.
extension ErrorCode {
    /// The coding line's document type (Belegartcode) is none of 01 03 04 11 14 21 23 31 33.
    public static let esrDocumentTypeUnknown: ErrorCode = "esr_document_type_unknown"
    /// A mod-10-recursive check digit of the coding line does not match: the amount block (document type +
    /// amount), the participant number, or a block of the red ES line. The reference has `reference_invalid_checksum`.
    public static let esrCheckDigitInvalid: ErrorCode = "esr_check_digit_invalid"
    /// Warning: whitespace where the line has none, none where it has one, or a line break instead of a space
    /// (typed or OCR'd lines); ignored.
    public static let esrSpacing: ErrorCode = "esr_spacing"
    /// Warning: the final `>` is missing (OCR often loses the last character); every check digit still holds.
    public static let esrTerminatorMissing: ErrorCode = "esr_terminator_missing"
}

extension ReferenceType {
    /// The older 16-digit ESR reference (15 digits + mod-10-recursive check). The 27-digit one is a `qrr`.
    public static let swissESR16: ReferenceType = "ch.esr-short"
}

/// `extras` keys of the coding-line plug-in (documented in the README).
public enum ESRExtrasKey {
    /// The coding line as a slip's OCR read it, digits and separators only (slips only: a payload is the line itself).
    public static let codingLine = "ch.esr.codingLine"
    /// `orange` (ESR/BVR/ISR with reference) or `red` (ES, bank account).
    public static let slip = "ch.esr.slip"
    /// Orange: the two-digit Belegartcode (`01`).
    public static let documentType = "ch.esr.documentType"
    /// Orange: the nine-digit participant number as printed on the line (`010001628`).
    public static let participant = "ch.esr.participant"
    /// CHF or EUR by the document type (also when the line carries no amount); as in the QR-bill plug-in.
    public static let currency = "ch.currency"
    /// Red: the bank's clearing number from the second block (`08888`).
    public static let bankClearing = "ch.es.bankClearing"
    /// Red: the bank's postal account from the third block, formatted (`80-939-3`).
    public static let bankPostalAccount = "ch.es.bankPostalAccount"
}
