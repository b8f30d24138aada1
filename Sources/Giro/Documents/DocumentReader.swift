import Foundation
import GiroCore
import GiroImaging

/// Reads every source of payment data in one document (a PDF, an image, an XML file) and gives one verdict:
/// the payments merged across sources, where each field came from, and every disagreement.
///
/// ```swift
/// let result = try DocumentReader().read(bytes: Array(try Data(contentsOf: url)))
/// print(result.status, result.mismatches.map(\.field))
/// ```
public struct DocumentReader: Sendable {
    /// Renders PDF pages and reads their barcodes and words (words are always extracted: the print source needs them).
    public var pdfDecoder: PDFDecoder
    /// Reads an image; with `slips` set its print is read by OCR too (off by default: OCR costs seconds).
    public var imageDecoder: ImageDecoder
    /// The readers asked, each independently; the merge does not depend on their order.
    public var sources: [any DocumentSource]

    /// The e-invoice (an XML file, a PDF's invoice attachments), barcodes and print.
    public static var standardSources: [any DocumentSource] {
        [InvoiceDocumentSource(), BarcodeDocumentSource(), PrintDocumentSource()]
    }

    public init(pdfDecoder: PDFDecoder = PDFDecoder(), imageDecoder: ImageDecoder = ImageDecoder(),
                sources: [any DocumentSource] = DocumentReader.standardSources) {
        self.pdfDecoder = pdfDecoder
        self.imageDecoder = imageDecoder
        self.sources = sources
    }

    /// Throws what reading the file throws (`pdf_invalid`, `image_invalid`, `image_too_large` …) and
    /// `document_unsupported` for bytes that are no PDF, image or XML; a document without payments is
    /// `no_payment`, not an error.
    public func read(bytes: [UInt8]) throws(GiroError) -> DocumentResult {
        let content = try self.content(bytes)
        var records: [SourcedRecord] = [], messages: [Diagnostic] = []
        for source in sources {
            let out = source.read(content)
            records += out.records
            messages += out.messages
        }
        return Self.verdict(content.kind, pageCount: content.pdf?.pageCount, records: records, messages: messages)
    }

    /// The merge and the document's status, from the sources' records (also for callers with their own sources).
    public static func verdict(_ kind: DocumentKind, pageCount: Int? = nil, records: [SourcedRecord],
                               messages: [Diagnostic] = []) -> DocumentResult {
        let merged = DocumentMerger.merge(records)
        let status: DocumentStatus =
            merged.payments.isEmpty ? .noPayment
            : merged.mismatches.isEmpty && merged.payments.allSatisfy({ $0.record.status == .valid }) ? .valid : .uncertain
        return DocumentResult(kind: kind, status: status, pageCount: pageCount, payments: merged.payments,
                              mismatches: merged.mismatches, sourceRecords: records, messages: messages + merged.messages)
    }

    func content(_ bytes: [UInt8]) throws(GiroError) -> DocumentContent {
        if PDFFile.isPDF(bytes) {
            var decoder = pdfDecoder
            decoder.options.extractWords = true
            return DocumentContent(kind: .pdf, bytes: bytes, pdf: try decoder.decode(pdfBytes: bytes))
        }
        if ImageFileFormat.detect(bytes) != nil {
            return DocumentContent(kind: .image, bytes: bytes, image: try imageDecoder.decode(imageBytes: bytes))
        }
        if Self.looksLikeXML(bytes) { return DocumentContent(kind: .xml, bytes: bytes) }
        throw GiroError(.documentUnsupported, field: "document", "not a PDF, an image (PNG, JPEG, WebP) or XML")
    }

    /// `<` as the first byte after a UTF-8 byte order mark and white space.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var rest = bytes.prefix(4096)[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }
}
