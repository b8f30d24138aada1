import GiroCore

// Codes of e-invoice inputs (docs/errors.md).
extension ErrorCode {
    /// The XML is not well-formed (libxml2's message; line where known).
    public static let xmlInvalid: ErrorCode = "xml_invalid"
    /// A `<!DOCTYPE`, an entity declaration or an entity reference: never read, never expanded.
    public static let xmlDTDForbidden: ErrorCode = "xml_dtd_forbidden"
    public static let xmlTooLarge: ErrorCode = "xml_too_large"
    public static let xmlTooDeep: ErrorCode = "xml_too_deep"
    public static let xmlTooManyElements: ErrorCode = "xml_too_many_elements"
    /// libxml2 cannot be opened on this system.
    public static let xmlUnavailable: ErrorCode = "xml_unavailable"
    /// Well-formed XML whose root is none of the invoice syntaxes.
    public static let invoiceUnknownSyntax: ErrorCode = "invoice_unknown_syntax"
    /// A credit note, or an invoice whose amount due is negative: money goes to the buyer, nothing is payable.
    public static let invoiceCreditNote: ErrorCode = "invoice_credit_note"
    /// Diagnostic: the amount due was not written; it is the grand total less the prepaid amount.
    public static let invoiceAmountFromTotal: ErrorCode = "invoice_amount_from_total"
    /// Diagnostic: a payment means code outside UNTDID 4461's transfer and debit codes Giro maps.
    public static let invoicePaymentMeansUnmapped: ErrorCode = "invoice_payment_means_unmapped"
}
