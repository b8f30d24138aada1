import GiroCore

// Codes for PDF input (all with `field` `pdf`). Stable like every `ErrorCode`; see docs/errors.md.
extension ErrorCode {
    /// The bytes start like a PDF but poppler cannot open it, or a page cannot be rendered (broken, truncated).
    public static let pdfInvalid: ErrorCode = "pdf_invalid"
    /// The PDF needs a user password to open; Giro never guesses passwords.
    public static let pdfEncrypted: ErrorCode = "pdf_encrypted"
    /// More pages than ``PDFOptions/maxPages``; refused before any page is rendered.
    public static let pdfTooManyPages: ErrorCode = "pdf_too_many_pages"
    /// A page needs more pixels than ``PDFOptions/maxPixelsPerPage`` even at ``PDFOptions/minimumDPI``.
    public static let pdfPageTooLarge: ErrorCode = "pdf_page_too_large"
    /// The document's time budget (``PDFOptions/budgetMilliseconds``) ran out before every page was read.
    public static let pdfTimeBudget: ErrorCode = "pdf_time_budget"
}
