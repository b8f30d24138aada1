import GiroImaging
import GiroInvoices

/// One e-invoice found in an input: the record (`source.kind` `xml`) or why it was refused, and the PDF attachment
/// it came from (nil for an XML file given directly).
public struct EInvoiceFinding: Sendable, Encodable, Hashable {
    public var kind = "invoice"
    public var attachment: String?
    public var record: PaymentRecord?
    public var error: GiroError?

    public var result: Result<PaymentRecord, GiroError> {
        if let record { return .success(record) }
        return .failure(error ?? GiroError(.invoiceUnknownSyntax, field: "xml", "no invoice"))
    }
}

/// E-invoices in XML files and in PDFs (Factur-X / ZUGFeRD / XRechnung attachments): the seam the document
/// pipeline calls beside the barcode and print readers.
///
/// ```swift
/// for found in try EInvoiceReader().read(pdf: bytes) { print(found.attachment ?? "-", found.record?.amount ?? "-") }
/// ```
public struct EInvoiceReader: Sendable {
    public var decoder: InvoiceDecoder

    /// The standard names of the invoice attachment (compared without case): Factur-X / ZUGFeRD 2.x, ZUGFeRD 1.0,
    /// XRechnung in a ZUGFeRD 2.1+ PDF. Other `.xml` attachments are tried after them.
    public static let invoiceAttachmentNames = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"]

    public init(decoder: InvoiceDecoder = EInvoiceReader.engineDecoder) {
        self.decoder = decoder
    }

    /// The invoice decoder with the national references of the country plug-ins (OGM, betalingskenmerk).
    public static var engineDecoder: InvoiceDecoder {
        InvoiceDecoder(referenceKinds: nationalKinds)
    }

    static let nationalKinds: [InvoiceReferenceKind] = [
        ("be-ogm", ReferenceType.belgianStructured, "BE"),
        ("nl-betalingskenmerk", ReferenceType.dutchPaymentReference, "NL"),
    ].compactMap { kind, type, country in
        CountryRegistry.identifier(kind: kind).map { InvoiceReferenceKind(type: type, country: country, identifier: $0) }
    }

    /// An XML file: one finding.
    public func read(xml bytes: [UInt8]) -> EInvoiceFinding {
        do throws(GiroError) { return EInvoiceFinding(record: try decoder.decode(xml: bytes)) } catch {
            return EInvoiceFinding(error: error)
        }
    }

    /// A PDF: one finding per invoice attachment (none when the PDF carries no XML). Throws what opening the PDF
    /// throws (`pdf_invalid`, `pdf_encrypted`).
    public func read(pdf bytes: [UInt8]) throws(GiroError) -> [EInvoiceFinding] {
        let files = try PDFAttachment.list(pdfBytes: bytes)
        let named = files.filter { Self.invoiceAttachmentNames.contains($0.name.lowercased()) }
        // poppler-cpp cuts a UTF-16 file name at its first NUL byte (ZUGFeRD 1.0 and 2.0 writers use them), leaving it
        // empty: such a file is tried when its MIME type or its first byte says XML.
        let others = files.filter { f in
            !Self.invoiceAttachmentNames.contains(f.name.lowercased())
                && (f.name.lowercased().hasSuffix(".xml")
                    || (f.name.isEmpty && (f.mimeType?.contains("xml") == true || f.bytes.map(InvoiceDecoder.looksLikeXML) == true)))
        }
        return (named + others).compactMap { file in
            guard let data = file.bytes else {
                let size = file.declaredSize.map { "\($0) bytes" } ?? "an undeclared size"
                return EInvoiceFinding(attachment: file.name, error: GiroError(
                    .xmlTooLarge, field: "xml", "the attachment \(file.name) has \(size): attachments are read up to \(PDFAttachment.maxBytes) bytes, those of undeclared size only from PDFs up to \(PDFAttachment.maxUndeclaredSourceBytes) bytes"))
            }
            return finding(data, name: file.name.isEmpty ? nil : file.name)
        }
    }

    /// A non-invoice XML attachment (other than the standard names) is not reported.
    private func finding(_ data: [UInt8], name: String?) -> EInvoiceFinding? {
        do throws(GiroError) {
            return EInvoiceFinding(attachment: name, record: try decoder.decode(xml: data, embeddedName: name))
        } catch {
            if error.code == .invoiceUnknownSyntax && !Self.invoiceAttachmentNames.contains(name?.lowercased() ?? "") { return nil }
            return EInvoiceFinding(attachment: name, error: error)
        }
    }
}
