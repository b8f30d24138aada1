import Foundation
import GiroImaging

/// One symbol of a PDF: the image symbol result plus the 1-based page it is on.
/// Encoded flat: `page` beside the keys of ``ImageSymbolResult`` (its `schema` stays the image result's).
public struct PDFSymbolResult: Sendable, Encodable, Hashable {
    public var page: Int
    public var symbol: ImageSymbolResult

    public func encode(to encoder: Encoder) throws {
        try symbol.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(page, forKey: .page)
    }

    private enum Key: String, CodingKey { case page }
}

/// One rendered page: what the reading strategy found on it, and its words.
public struct PDFPageResult: Sendable, Codable, Hashable {
    /// 1-based.
    public var page: Int
    /// Resolution the page was rendered at (``PDFOptions/dpi``, lower only for pages too large for the pixel limit).
    public var dpi: Double
    public var width: Int
    public var height: Int
    /// In reading order: top to bottom, then left to right.
    public var symbols: [ImageSymbolResult]
    public var passes: [String]
    public var budgetExhausted: Bool
    public var readerErrors: [GiroError]
    /// The text layer (nil when ``PDFOptions/extractWords`` is off).
    public var words: PageWords?
}

/// Everything read from one PDF (schema version 1).
public struct PDFDecodeResult: Sendable, Codable, Hashable {
    public static let schemaVersion = 1
    public var schema: Int = PDFDecodeResult.schemaVersion
    public var pageCount: Int
    public var pages: [PDFPageResult]
    /// How many messages poppler emitted about the file (syntax errors it repaired), and the first few.
    public var rendererMessageCount: Int
    public var rendererMessages: [String]

    /// Every symbol in page order, with its page.
    public var symbols: [PDFSymbolResult] { pages.flatMap { p in p.symbols.map { PDFSymbolResult(page: p.page, symbol: $0) } } }
    /// Every payment record in page order.
    public var payments: [PaymentRecord] { pages.flatMap { $0.symbols.compactMap(\.record) } }
}

/// Decodes every payment barcode on every page of a PDF: each page is rendered in gray with poppler at
/// ``PDFOptions/dpi`` and searched with the image decoder's reading strategy.
///
/// ```swift
/// let result = try PDFDecoder().decode(pdfBytes: Array(try Data(contentsOf: url)))
/// for s in result.symbols { print(s.page, s.symbol.record?.format ?? s.symbol.kind.rawValue) }
/// ```
public struct PDFDecoder: Sendable {
    public var imageDecoder: ImageDecoder
    public var options: PDFOptions

    public init(imageDecoder: ImageDecoder = ImageDecoder(), options: PDFOptions = PDFOptions()) {
        self.imageDecoder = imageDecoder
        self.options = options
    }

    /// Throws `pdf_invalid`, `pdf_encrypted`, `pdf_too_many_pages`, `pdf_page_too_large`, `pdf_time_budget`
    /// (all with `field` `pdf`) or `image_too_large` (the file is over ``ImageLoader/maxFileBytes``).
    public func decode(pdfBytes bytes: [UInt8]) throws(GiroError) -> PDFDecodeResult {
        guard bytes.count <= imageDecoder.loader.maxFileBytes else {
            throw GiroError(.imageTooLarge, field: "pdf", "the file has \(bytes.count) bytes; the limit is \(imageDecoder.loader.maxFileBytes)")
        }
        guard PDFFile.isPDF(bytes) else { throw GiroError(.pdfInvalid, field: "pdf", "no %PDF- header") }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(options.budgetMilliseconds)
        let document = try PDFDocument(bytes)
        guard document.pageCount > 0 else { throw GiroError(.pdfInvalid, field: "pdf", "the PDF has no readable pages") }
        guard document.pageCount <= options.maxPages else {
            throw GiroError(.pdfTooManyPages, field: "pdf", "the PDF has \(document.pageCount) pages; the limit is \(options.maxPages)")
        }
        var pages: [PDFPageResult] = []
        for index in 0..<document.pageCount {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else {
                throw GiroError(.pdfTimeBudget, field: "pdf",
                                "\(index) of \(document.pageCount) pages read in the \(options.budgetMilliseconds) ms budget")
            }
            let page = try document.render(index, options: options)
            // A page's search never runs past the document's deadline.
            var decoder = imageDecoder
            let left = clock.now.duration(to: deadline) / .milliseconds(1)
            decoder.strategy.budgetMilliseconds = min(decoder.strategy.budgetMilliseconds, max(1, Int(left.rounded(.down))))
            let read = decoder.decode(image: page.image, deadline: deadline)
            pages.append(PDFPageResult(page: page.number, dpi: page.dpi, width: page.image.width, height: page.image.height,
                                       symbols: Self.readingOrder(read.symbols).map { Self.onPage($0, page.number) }, passes: read.passes,
                                       budgetExhausted: read.budgetExhausted, readerErrors: read.readerErrors, words: page.words))
        }
        let messages = document.messages
        return PDFDecodeResult(pageCount: document.pageCount, pages: pages,
                               rendererMessageCount: messages.count, rendererMessages: messages.first)
    }

    /// A page's symbol with its record's provenance on that page.
    static func onPage(_ s: ImageSymbolResult, _ page: Int) -> ImageSymbolResult {
        var s = s
        s.record = s.record?.relabelled(page: page)
        return s
    }

    /// Top to bottom by the symbol's top edge, then left to right (a page's bills in the order a person reads them).
    static func readingOrder(_ symbols: [ImageSymbolResult]) -> [ImageSymbolResult] {
        symbols.sorted { a, b in
            let ay = a.corners.map(\.y).min() ?? 0, by = b.corners.map(\.y).min() ?? 0
            if ay != by { return ay < by }
            return (a.corners.map(\.x).min() ?? 0) < (b.corners.map(\.x).min() ?? 0)
        }
    }
}

extension PaymentDecoder {
    /// Decodes every payment barcode on every page of a PDF with the default options.
    public func decode(pdf bytes: [UInt8]) throws(GiroError) -> PDFDecodeResult {
        try PDFDecoder(imageDecoder: ImageDecoder(decoder: self)).decode(pdfBytes: bytes)
    }
}
