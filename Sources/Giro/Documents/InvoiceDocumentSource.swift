import GiroCore

/// The e-invoice in a document: an XML file itself, or the invoice attachments of a PDF (`factur-x.xml`,
/// `zugferd-invoice.xml`, `xrechnung.xml` …), read by ``EInvoiceReader``. Its records are tagged `xml`.
public struct InvoiceDocumentSource: DocumentSource {
    public var kind: DocumentSourceKind { .xml }
    public var reader: EInvoiceReader

    public init(reader: EInvoiceReader = EInvoiceReader()) {
        self.reader = reader
    }

    public func read(_ content: DocumentContent) -> DocumentSourceOutput {
        var findings: [EInvoiceFinding] = []
        switch content.kind {
        case .xml: findings = [reader.read(xml: content.bytes)]
        case .pdf:
            do throws(GiroError) { findings = try reader.read(pdf: content.bytes) } catch {
                return DocumentSourceOutput(messages: [.warning(error.code, field: "xml", "the PDF's attachments could not be read: \(error.message)")])
            }
        case .image: return DocumentSourceOutput()
        }
        var out = DocumentSourceOutput()
        for finding in findings {
            if let record = finding.record {
                out.records.append(SourcedRecord(source: kind, record: record))
            } else if let error = finding.error {
                let name = finding.attachment.map { "the attachment \(Self.printable($0)): " } ?? ""
                out.messages.append(.warning(error.code, field: "xml", "\(name)the e-invoice did not give a payment: \(error.message)"))
            }
        }
        return out
    }

    /// An attachment name as a message shows it: control characters replaced, at most 100 characters.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.prefix(100).map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }
}
