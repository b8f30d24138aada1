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
