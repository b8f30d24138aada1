import GiroCore

/// How PDF pages are rendered, and the limits that keep a hostile document from costing much.
/// Every value is clamped to its documented range whenever it is set.
public struct PDFOptions: Sendable, Hashable {
    /// Render resolution. 300 dpi draws a 46 mm Swiss QR code (version ≤ 25) with ≥ 4.6 pixels per module.
    public var dpi: Double { didSet { dpi = Self.clamp(dpi, 36, 1200) } }
    /// A page too large for ``maxPixelsPerPage`` at ``dpi`` is rendered at a lower resolution, down to this one
    /// (or to ``dpi`` when that is lower).
    public var minimumDPI: Double { didSet { minimumDPI = Self.clamp(minimumDPI, 36, 1200) } }
    /// Documents with more pages are refused (`pdf_too_many_pages`); 1...10 000.
    public var maxPages: Int { didSet { maxPages = min(max(maxPages, 1), 10_000) } }
    /// Pixels of one rendered page; 1...``ImageLimits/maxPixels`` × 4.
    public var maxPixelsPerPage: Int { didSet { maxPixelsPerPage = min(max(maxPixelsPerPage, 1), ImageLimits.maxPixels * 4) } }
    /// Time for the whole document (rendering and reading every page); 1...``ReadingStrategy/maxBudgetMilliseconds``.
    public var budgetMilliseconds: Int { didSet { budgetMilliseconds = ReadingStrategy.clampedBudget(budgetMilliseconds) } }
    /// Extract each page's words and their boxes (``PageWords``).
    public var extractWords: Bool

    public init(dpi: Double = 300, minimumDPI: Double = 150, maxPages: Int = 100,
                maxPixelsPerPage: Int = 40_000_000, budgetMilliseconds: Int = 30_000, extractWords: Bool = true) {
        self.dpi = Self.clamp(dpi, 36, 1200)
        self.minimumDPI = Self.clamp(minimumDPI, 36, 1200)
        self.maxPages = min(max(maxPages, 1), 10_000)
        self.maxPixelsPerPage = min(max(maxPixelsPerPage, 1), ImageLimits.maxPixels * 4)
        self.budgetMilliseconds = ReadingStrategy.clampedBudget(budgetMilliseconds)
        self.extractWords = extractWords
    }

    private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isNaN ? lo : min(max(v, lo), hi) }
}

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
