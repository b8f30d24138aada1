import Foundation
import GiroCore
import GiroImaging

/// Which reader of a document a record came from: `xml` (an e-invoice), `barcode` (a payment barcode), `print`
/// (a printed slip or payment text). Open: a new reader brings its own name.
public struct DocumentSourceKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public static let xml: DocumentSourceKind = "xml"
    public static let barcode: DocumentSourceKind = "barcode"
    public static let print: DocumentSourceKind = "print"

    /// Whose value a merged payment keeps when sources disagree: structured data first (the e-invoice, then the
    /// barcode), the print last; a source not listed comes after these.
    public static let precedence: [DocumentSourceKind] = [.xml, .barcode, .print]

    var rank: Int { Self.precedence.firstIndex(of: self) ?? Self.precedence.count }
}

/// One record a source read from the document, tagged with the source (and the 1-based PDF page when known).
public struct SourcedRecord: Sendable, Codable, Hashable {
    public var source: DocumentSourceKind
    public var page: Int?
    public var record: PaymentRecord

    public init(source: DocumentSourceKind, page: Int? = nil, record: PaymentRecord) {
        self.source = source
        self.page = page
        self.record = record
    }
}

/// What the document is, as told by its first bytes.
public enum DocumentKind: String, Sendable, Codable, Hashable {
    case pdf, image, xml
}

/// A document read once: its bytes and, for a PDF or an image, what rendering and barcode reading gave (the
/// page words included). Every source takes what it needs from here, so a page is rendered only once.
public struct DocumentContent: Sendable {
    public var kind: DocumentKind
    public var bytes: [UInt8]
    /// Set for a PDF: every page's symbols and words.
    public var pdf: PDFDecodeResult?
    /// Set for an image: its symbols and, when the reader reads print, its slips.
    public var image: ImageDecodeResult?

    public init(kind: DocumentKind, bytes: [UInt8], pdf: PDFDecodeResult? = nil, image: ImageDecodeResult? = nil) {
        self.kind = kind
        self.bytes = bytes
        self.pdf = pdf
        self.image = image
    }
}

/// A reader of one kind of payment data in a document. Sources are independent: each returns its records
/// (tagged with its `kind`) and the messages of what it could not read; `DocumentMerger` puts them together.
///
/// The e-invoice reader plugs in here: a type conforming to `DocumentSource` with `kind` `.xml` that reads the
/// XML of `content.bytes` (an XML file, or the attachment of a PDF), added to ``DocumentReader/standardSources``.
public protocol DocumentSource: Sendable {
    var kind: DocumentSourceKind { get }
    func read(_ content: DocumentContent) -> DocumentSourceOutput
}

/// A source's records and its messages (a barcode that did not decode, OCR that failed …).
public struct DocumentSourceOutput: Sendable {
    public var records: [SourcedRecord]
    public var messages: [Diagnostic]

    public init(records: [SourcedRecord] = [], messages: [Diagnostic] = []) {
        self.records = records
        self.messages = messages
    }
}
