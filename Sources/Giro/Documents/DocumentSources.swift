import Foundation
import GiroCore
import GiroSlips

/// The payment barcodes of a PDF's pages or of an image (a barcode cross-checked by its slip keeps its
/// `source.crossCheck`: the merger counts the print's agreeing fields and reports the differing ones).
public struct BarcodeDocumentSource: DocumentSource {
    public var kind: DocumentSourceKind { .barcode }
    public init() {}

    public func read(_ content: DocumentContent) -> DocumentSourceOutput {
        var out = DocumentSourceOutput()
        var pages: [(page: Int?, symbols: [ImageSymbolResult])] = []
        if let pdf = content.pdf { pages = pdf.pages.map { (page: $0.page, symbols: $0.symbols) } }
        if let image = content.image { pages.append((page: nil, symbols: image.symbols)) }
        for (page, symbols) in pages {
            for symbol in symbols {
                if let record = symbol.record {
                    out.records.append(SourcedRecord(source: kind, page: page, record: record))
                } else if symbol.kind == .invalid, let error = symbol.error {
                    let at = page.map { "page \($0): " } ?? ""
                    out.messages.append(.warning(error.code, field: "barcode", "\(at)a payment barcode did not decode: \(error.message)"))
                }
            }
        }
        return out
    }
}

/// Printed payment data: on a PDF, the slips and slip-like payment blocks of each page's text layer (no OCR:
/// `SlipReader.read(words:)`, known forms by template, other blocks with an account and an amount as
/// `slip.unknown`); on an image, the slips the image decoder read by OCR (`ImageDecoder.slips`).
public struct PrintDocumentSource: DocumentSource {
    public var kind: DocumentSourceKind { .print }
    public var reader: SlipReader

    /// nil: the built-in templates with the plug-ins' national rules.
    public init(reader: SlipReader? = nil) {
        self.reader = reader ?? SlipReader.builtIn
    }

    public func read(_ content: DocumentContent) -> DocumentSourceOutput {
        var out = DocumentSourceOutput()
        if let pdf = content.pdf {
            for page in pdf.pages {
                guard let words = page.words, !words.words.isEmpty else { continue }
                for reading in reader.read(words: words) {
                    // The text layer is the PDF's own print, read by Giro: `print`, on its page.
                    out.records.append(SourcedRecord(source: kind, page: page.page, record: reading.record.relabelled(source: .print, page: page.page)))
                }
            }
        }
        if let image = content.image {
            for slip in image.slips { out.records.append(SourcedRecord(source: kind, record: slip.record)) }
            if let error = image.slipError {
                out.messages.append(.info(error.code, field: "print", "the print was not read: \(error.message)"))
            }
        }
        return out
    }
}
