import GiroCore

// Codes for image input. Stable like every `ErrorCode`; listed in docs/errors.md; reading is described in Sources/GiroImaging/README.md.
extension ErrorCode {
    /// The bytes are not a PNG, JPEG or WebP file.
    public static let imageFormatUnsupported: ErrorCode = "image_format_unsupported"
    /// The file claims to be an image but cannot be decoded (truncated, corrupt, unsupported variant).
    public static let imageInvalid: ErrorCode = "image_invalid"
    /// The image has more pixels (or bytes) than the configured limit; refused before decoding.
    public static let imageTooLarge: ErrorCode = "image_too_large"
    /// No barcode of a supported symbology was found in the image.
    public static let noBarcodeFound: ErrorCode = "no_barcode_found"
    /// A barcode, image or PDF library failed internally or cannot be opened (not installed; the message names the
    /// Debian package). Reported, never a crash.
    public static let readerFailed: ErrorCode = "reader_failed"
}
