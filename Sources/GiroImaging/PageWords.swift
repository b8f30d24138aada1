/// The words of one page, in pixels of the rendered page (top-left origin) — what the slip engine reads.
public struct PageWords: Sendable, Codable, Hashable {
    public var width: Int
    public var height: Int
    public var words: [PageWord]

    public init(width: Int, height: Int, words: [PageWord]) {
        self.width = width
        self.height = height
        self.words = words
    }
}

/// One word and its box in pixels (top-left origin, axis-aligned): from a PDF's text layer, an OCR engine or the
/// caller's own OCR (Giro's words JSON: `{"text", "x", "y", "w", "h", "confidence"}`).
public struct PageWord: Sendable, Codable, Hashable {
    public var text: String
    public var x: Int
    public var y: Int
    public var w: Int
    public var h: Int
    /// 0…1 as the OCR engine reported it; nil for a PDF text layer (exact) or when the caller gave none.
    public var confidence: Double?

    public init(text: String, x: Int, y: Int, w: Int, h: Int, confidence: Double? = nil) {
        self.text = text
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.confidence = confidence
    }
}
