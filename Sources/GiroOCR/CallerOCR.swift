import GiroCore
import GiroImaging

/// The OCR formats a caller can hand Giro instead of an image (`giro decode --ocr FILE`).
public enum CallerOCRFormat: String, Sendable, Codable {
    /// Giro's words JSON: `{"width": W, "height": H, "words": [{"text", "x", "y", "w", "h", "confidence"}, …]}`.
    case wordsJSON = "words-json"
    /// hOCR (HTML with `ocr_page` and `ocrx_word` elements): Tesseract's, OCRopus', Kraken's …
    case hocr
    /// ALTO XML v2–v4 (`Page`, `String` elements).
    case alto
    /// Tesseract's TSV (`tesseract img out tsv`).
    case tsv
    /// Plain text without boxes: degraded, every word gets a synthetic box on a character grid (see README).
    case plainText = "text"
}

/// Reads the caller's OCR output into `PageWords`: pixels, top-left origin, one page.
public enum CallerOCR {
    /// The format of `bytes`, by content (never by file name). Anything that is not recognisably JSON, hOCR, ALTO or
    /// TSV is plain text.
    public static func detect(_ bytes: [UInt8]) -> CallerOCRFormat {
        FormatSniffer.detect(bytes)
    }

    /// Parses one page. `format` nil detects it; a format that does not match the content fails with
    /// `ocr_input_invalid`. Limits are `CallerOCRLimits`; errors carry the byte offset and line.
    public static func parse(_ bytes: [UInt8], format: CallerOCRFormat? = nil) throws(GiroError) -> PageWords {
        guard bytes.count <= CallerOCRLimits.maxBytes else {
            throw GiroError(.ocrInputTooLarge, "the OCR input has \(bytes.count) bytes; the limit is \(CallerOCRLimits.maxBytes)")
        }
        guard !bytes.isEmpty, bytes.contains(where: { !Markup.isSpace($0) }) else {
            throw GiroError(.ocrInputInvalid, offset: 0, "the OCR input is empty")
        }
        if let bad = UTF8Check.firstInvalidOffset(bytes) {
            throw OCRInputError.at(bad, in: bytes, "the OCR input is not valid UTF-8")
        }
        switch format ?? detect(bytes) {
        case .wordsJSON: return try WordsJSONReader.read(bytes)
        case .hocr: return try HOCRReader.read(bytes)
        case .alto: return try ALTOReader.read(bytes)
        case .tsv: return try TSVReader.read(bytes)
        case .plainText: return try PlainTextReader.read(bytes)
        }
    }
}

/// Bounds on a caller's OCR input; anything larger fails with `ocr_input_too_large`.
public enum CallerOCRLimits {
    /// 16 MiB: a dense A4 page in hOCR at 600 dpi is under 1 MiB.
    public static let maxBytes = 16 * 1024 * 1024
    /// Words per page.
    public static let maxWords = 100_000
    /// UTF-8 bytes of one word's text.
    public static let maxWordBytes = 1_024
    /// Page width and height in pixels (the image limit).
    public static let maxPageSide = ImageLimits.maxSide
    /// Resolution assumed to turn ALTO `mm10` and `inch1200` measurements into pixels (ALTO carries none).
    public static let assumedDPI = 300
}

/// Errors with the byte offset and 1-based line of the problem.
enum OCRInputError {
    static func at(_ offset: Int, in bytes: [UInt8], code: ErrorCode = .ocrInputInvalid, field: String = "payload", _ message: String) -> GiroError {
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1
        for b in bytes[..<clamped] where b == 0x0A { line += 1 }
        return GiroError(code, field: field, line: line, offset: clamped, message)
    }
}

enum UTF8Check {
    /// The offset of the first byte that breaks UTF-8, nil when the bytes are valid.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
