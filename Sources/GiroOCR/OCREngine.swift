import GiroImaging

/// An OCR engine: reads the words of a gray image. Giro ships `TesseractEngine`; a caller can plug in another.
///
/// One call reads one image (a whole page or a zone crop) on the calling thread; implementations must respect
/// `settings.budgetMilliseconds` and never crash on any pixel content.
public protocol OCREngine: Sendable {
    func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords
}

/// An 8-bit gray image handed to an OCR engine (rows top to bottom, no padding).
public struct OCRImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Nil unless the dimensions are positive, within `ImageLimits`, and match the buffer.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width <= ImageLimits.maxSide, height <= ImageLimits.maxSide,
              width * height <= ImageLimits.maxPixels, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(_ gray: GrayImage) {
        width = gray.width
        height = gray.height
        pixels = gray.pixels
    }
}

/// How to read one image or zone.
public struct OCRSettings: Sendable, Hashable, Codable {
    /// Layout hint (Tesseract's page segmentation modes 7, 8, 6 and 11).
    public enum Layout: String, Sendable, Hashable, Codable {
        case line, word, block, sparse
    }

    /// Tesseract language codes in order of preference, e.g. `["hrv", "eng"]`.
    public var languages: [String]
    /// Characters the engine may output (e.g. `"0123456789>+ "` for a coding line); nil for any.
    public var whitelist: String?
    public var layout: Layout
    /// Wall-clock budget for this call.
    public var budgetMilliseconds: Int

    public init(languages: [String] = ["eng"], whitelist: String? = nil, layout: Layout = .sparse, budgetMilliseconds: Int = 5_000) {
        self.languages = languages
        self.whitelist = whitelist
        self.layout = layout
        self.budgetMilliseconds = max(1, min(budgetMilliseconds, 120_000))
    }
}
