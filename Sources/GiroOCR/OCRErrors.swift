import GiroCore

// Codes for OCR and the caller's OCR files. Stable like every `ErrorCode`; listed in docs/errors.md and described in
// Sources/GiroOCR/README.md.
extension ErrorCode {
    /// A requested Tesseract language has no `<lang>.traineddata` in the tessdata folder (or no tessdata folder was found).
    public static let ocrLanguageMissing: ErrorCode = "ocr_language_missing"
    /// Recognition did not finish within `OCRSettings.budgetMilliseconds`.
    public static let ocrTimeout: ErrorCode = "ocr_timeout"
    /// The image has more pixels than the engine's limit; refused before recognition.
    public static let ocrImageTooLarge: ErrorCode = "ocr_image_too_large"
    /// The OCR engine failed internally (reported, never a crash).
    public static let ocrEngineFailed: ErrorCode = "ocr_engine_failed"
    /// A caller's OCR file (words JSON, hOCR, ALTO, TSV, text) is malformed: bad syntax, a missing or non-numeric
    /// coordinate, a box outside the page. `offset` is the byte where it was found.
    public static let ocrInputInvalid: ErrorCode = "ocr_input_invalid"
    /// A caller's OCR file exceeds a limit (`CallerOCRLimits`): bytes, words, text length or page size.
    public static let ocrInputTooLarge: ErrorCode = "ocr_input_too_large"
}
