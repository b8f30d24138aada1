import GiroCore

/// Reads an e-invoice (UBL, CII, ZUGFeRD 1.0, ebInterface) into the payment record, with `source.kind` `xml`.
///
/// ```swift
/// let record = try InvoiceDecoder().decode(xml: Array(try Data(contentsOf: url)))
/// print(record.creditor?.account?.iban ?? "-", record.amount?.formattedValue ?? "-", record.invoice?.id ?? "-")
/// ```
public struct InvoiceDecoder: Sendable {
    public var limits: XMLLimits
    /// National references the engine can check (OGM, betalingskenmerk …), tried when the payee's country matches.
    public var referenceKinds: [InvoiceReferenceKind]

    public init(limits: XMLLimits = XMLLimits(), referenceKinds: [InvoiceReferenceKind] = []) {
        self.limits = limits
        self.referenceKinds = referenceKinds
    }

    /// The record of one invoice. Throws the `xml_*` codes for unreadable or hostile XML, `invoice_unknown_syntax`,
    /// `invoice_credit_note`, `field_missing` (no amount due, no payment means) and the usual IBAN, BIC, currency,
    /// amount and reference codes, each with its `partial` record where the invoice was recognised.
    public func decode(xml bytes: [UInt8], embeddedName: String? = nil) throws(GiroError) -> PaymentRecord {
        let root = try XMLTreeReader.read(bytes, limits: limits)
        guard let syntax = Self.syntax(of: root) else {
            throw GiroError(.invoiceUnknownSyntax, field: "xml", line: root.line,
                            "the root element {\(root.namespace)}\(root.name) is not a UBL, CII, ZUGFeRD 1.0 or ebInterface invoice")
        }
        let facts: InvoiceFacts
        switch syntax {
        case .ubl: facts = UBLReader.read(root)
        case .cii: facts = CIIReader.read(root, zugferd1: false)
        case .zugferd1: facts = CIIReader.read(root, zugferd1: true)
        case .ebInterface: facts = EbInterfaceReader.read(root, version: Self.ebInterfaceVersion(root.namespace) ?? "?")
        }
        var builder = InvoiceRecordBuilder(facts: facts, national: referenceKinds, source: SourceInfo(kind: "xml", charset: "UTF-8"))
        do {
            var record = try builder.build()
            if let embeddedName { record.extras["invoice.attachment"] = embeddedName }
            // Structured data as written: exact, unless a diagnostic doubts the field.
            record.provenance = record.uniformProvenance(.xml, confidence: 1)
            return record
        } catch {
            var e = error
            if let embeddedName { e.partial?.extras["invoice.attachment"] = embeddedName }
            throw e
        }
    }

    /// Whether the bytes look like XML at all (after a BOM and whitespace, a `<`): the engine's cheap sniff.
    public static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i < bytes.count && bytes[i] == 0x3C
    }

    static func syntax(of root: XMLNode) -> InvoiceSyntax? {
        switch (root.name, root.namespace) {
        case ("Invoice", "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"),
             ("CreditNote", "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"): .ubl
        case ("CrossIndustryInvoice", "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"): .cii
        case ("CrossIndustryDocument", "urn:ferd:CrossIndustryDocument:invoice:1p0"): .zugferd1
        case ("Invoice", _) where ebInterfaceVersion(root.namespace) != nil: .ebInterface
        default: nil
        }
    }

    /// `4p3` … `6p1` from `http://www.ebinterface.at/schema/6p1/` (4.3 and later: the versions with payment data
    /// Giro maps).
    static func ebInterfaceVersion(_ namespace: String) -> String? {
        let prefix = "http://www.ebinterface.at/schema/"
        guard namespace.hasPrefix(prefix) else { return nil }
        let v = namespace.dropFirst(prefix.count).filter { $0 != "/" }
        return ["4p3", "5p0", "6p0", "6p1"].contains(String(v)) ? String(v) : nil
    }
}
