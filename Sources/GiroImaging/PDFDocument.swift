import CPopplerShim
import GiroCore

/// Recognises a PDF by content: `%PDF-` within the first kilobyte (readers accept leading junk there).
public enum PDFFile {
    public static func isPDF(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(1024)
        let marker = Array("%PDF-".utf8)
        guard head.count >= marker.count else { return false }
        return (head.startIndex...(head.endIndex - marker.count)).contains { head[$0..<($0 + marker.count)].elementsEqual(marker) }
    }
}

/// One page rendered to gray pixels, with its text layer when asked.
package struct RenderedPDFPage: Sendable {
    /// 1-based.
    package var number: Int
    package var dpi: Double
    package var image: GrayImage
    package var words: PageWords?
}

/// An open poppler document. The handle is closed when the value goes away, on every path.
package final class PDFDocument {
    private let handle: OpaquePointer
    package let pageCount: Int

    /// Opens the bytes; `pdf_invalid` or `pdf_encrypted` when poppler cannot read the pages.
    package init(_ bytes: [UInt8]) throws(GiroError) {
        try SystemLibrary.poppler.require(field: "pdf")
        var status: Int32 = 0
        let opened = bytes.withUnsafeBufferPointer { gps_open($0.baseAddress, $0.count, &status) }
        guard let opened else {
            switch Int(status) {
            case Int(GPS_ENCRYPTED): throw GiroError(.pdfEncrypted, field: "pdf", "the PDF is encrypted with a user password")
            default: throw GiroError(.pdfInvalid, field: "pdf", "poppler cannot open the PDF (broken or not a PDF)")
            }
        }
        handle = opened
        pageCount = Int(gps_page_count(opened))
    }

    deinit { gps_close(handle) }

    // E-invoices (issue 25): the embedded files, bounded (PDFAttachments.swift).
    package func attachments(maxCount: Int, maxBytes: Int, readUndeclared: Bool) -> [PDFAttachment] {
        PDFAttachment.read(handle, maxCount: maxCount, maxBytes: maxBytes, readUndeclared: readUndeclared)
    }

    /// Page size in points as rendered (crop box, /Rotate applied); nil for an unusable page. `index` is 0-based.
    package func pageSize(_ index: Int) -> (width: Double, height: Double)? {
        guard index >= 0, index < pageCount else { return nil }
        var w = 0.0, h = 0.0
        guard gps_page_size(handle, Int32(index), &w, &h) == 1, w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        return (w, h)
    }

    /// The resolution a page is rendered at: `options.dpi`, lowered for big pages down to `options.minimumDPI`.
    package func renderDPI(_ index: Int, options: PDFOptions) throws(GiroError) -> Double {
        guard let size = pageSize(index) else {
            throw GiroError(.pdfInvalid, field: "pdf", "page \(index + 1) has no usable size")
        }
        let points = size.width * size.height
        var dpi = options.dpi
        if points * dpi * dpi / (72 * 72) > Double(options.maxPixelsPerPage) {
            dpi = (Double(options.maxPixelsPerPage) * 72 * 72 / points).squareRoot().rounded(.down)
        }
        let side = max(size.width, size.height) * dpi / 72
        if side > Double(ImageLimits.maxSide) { dpi = (Double(ImageLimits.maxSide) * 72 / max(size.width, size.height)).rounded(.down) }
        // Only a lowered resolution is held to the floor; a low `dpi` asked for is used as it is.
        guard dpi >= min(options.minimumDPI, options.dpi) else {
            let mm = { (pt: Double) in Int((pt * 25.4 / 72).rounded()) }
            throw GiroError(.pdfPageTooLarge, field: "pdf",
                            "page \(index + 1) is \(mm(size.width))×\(mm(size.height)) mm: over \(options.maxPixelsPerPage) pixels at \(Int(options.minimumDPI)) dpi")
        }
        return dpi
    }

    /// Renders page `index` (0-based) in gray at the resolution `renderDPI` chose.
    package func render(_ index: Int, options: PDFOptions) throws(GiroError) -> RenderedPDFPage {
        let dpi = try renderDPI(index, options: options)
        guard let size = pageSize(index) else { throw GiroError(.pdfInvalid, field: "pdf", "page \(index + 1) has no usable size") }
        // poppler rounds the page's pixel size up; one spare pixel per side is left white at most.
        let width = max(1, Int((size.width * dpi / 72).rounded(.up)))
        let height = max(1, Int((size.height * dpi / 72).rounded(.up)))
        var pixels = [UInt8](repeating: 255, count: width * height)
        let ok = pixels.withUnsafeMutableBufferPointer { gps_render_gray(handle, Int32(index), dpi, $0.baseAddress, Int32(width), Int32(height)) }
        guard ok == 1, let image = GrayImage(width: width, height: height, pixels: pixels) else {
            throw GiroError(.pdfInvalid, field: "pdf", "page \(index + 1) cannot be rendered")
        }
        let words = options.extractWords ? self.words(index, scale: dpi / 72, width: width, height: height) : nil
        return RenderedPDFPage(number: index + 1, dpi: dpi, image: image, words: words)
    }

    /// The page's text layer, boxes scaled from points to rendered pixels.
    package func words(_ index: Int, scale: Double, width: Int, height: Int) -> PageWords {
        guard let list = gps_words_read(handle, Int32(index)) else { return PageWords(width: width, height: height, words: []) }
        defer { gps_words_free(list) }
        var words: [PageWord] = []
        for i in 0..<max(0, Int(gps_words_count(list))) {
            var text: UnsafePointer<CChar>?, length: Int32 = 0
            var x = 0.0, y = 0.0, w = 0.0, h = 0.0
            guard gps_words_get(list, Int32(i), &text, &length, &x, &y, &w, &h) == 1, let text, length > 0 else { continue }
            let utf8 = UnsafeRawBufferPointer(start: text, count: Int(length))
            let pixel = { (v: Double) in v.isFinite ? Int((v * scale).rounded()).clamped(to: -ImageLimits.maxSide...ImageLimits.maxSide) : 0 }
            words.append(PageWord(text: String(decoding: utf8, as: UTF8.self), x: pixel(x), y: pixel(y), w: pixel(w), h: pixel(h)))
        }
        return PageWords(width: width, height: height, words: words)
    }

    /// What poppler complained about while reading (syntax errors, repairs): count and the first few messages.
    package var messages: (count: Int, first: [String]) {
        let count = Int(gps_message_count(handle))
        let first = (0..<min(count, 8)).compactMap { i in gps_message(handle, Int32(i)).map { String(cString: $0) } }
        return (count, first)
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
