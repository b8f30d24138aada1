import GiroCore

// Codes, extras keys and the reference type of the Swedish plug-in. Described in Countries/Sweden/README.md and
// docs/errors.md.
extension ErrorCode {
    /// A Swedish check digit does not match: bankgiro or PlusGiro number (10-modul), a bank account (10- or
    /// 11-modul by the clearing table), a Swedbank clearing number's own digit, or the amount of a coding line.
    public static let seCheckDigitInvalid: ErrorCode = "se_check_digit_invalid"
    /// The clearing number is in no range of Bankgirot's table of the banks' account numbers.
    public static let seClearingUnknown: ErrorCode = "se_clearing_unknown"
    /// An OCR reference's length digit (the one before the check digit) is not its length mod 10.
    public static let seLengthDigitInvalid: ErrorCode = "se_length_digit_invalid"
    /// Warning: the coding line's document type is not one whose account kind is published (41, 42: bankgiro).
    public static let seDocumentTypeUnpublished: ErrorCode = "se_document_type_unpublished"
}

extension ReferenceType {
    /// The Swedish OCR reference (OCR-nummer): 2–25 digits, 10-modul check digit, optionally a length digit.
    public static let swedishOCR: ReferenceType = "se.ocr"
}

/// `extras` keys of the Swedish plug-in (documented in the README).
public enum SwedishExtrasKey {
    /// `bankgiro`, `plusgiro` or `giro` (a coding line whose document type names no published account kind).
    public static let giroType = "se.giroType"
    /// The coding line's two-digit document type (`41`).
    public static let documentType = "se.documentType"
    /// The coding line as a slip's OCR read it, digits and separators only (slips only).
    public static let codingLine = "se.codingLine"
    /// `true` when the OCR reference's next-to-last digit is its length mod 10 (informative: whether the payee
    /// uses a length digit is agreed with Bankgirot, not printed).
    public static let referenceLengthDigit = "se.ocr.lengthDigit"
    /// Bill QR (UsingQR): the keys kept as they stand (`se.qr.tp`, `se.qr.cid`, `se.qr.cc`, `se.qr.cr`, the VAT
    /// amounts `se.qr.vat`/`vh`/`vm`/`vl`) and the invoice date `se.qr.idt` (ISO).
    /// Bill QR: the payment type `pt` (`BG`, `PG`, `IBAN`, `BBAN`).
    public static let paymentType = "se.qr.pt"
}
