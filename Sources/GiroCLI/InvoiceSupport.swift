import Foundation
import Giro

/// E-invoices in `giro decode` and `giro scan`: an XML file, or the invoice attached to a PDF.
enum InvoiceCLI {
    /// The PDF's embedded invoices; a PDF poppler cannot open yields none here (the page reader reports it).
    static func invoices(inPDF bytes: [UInt8]) -> [EInvoiceFinding] {
        (try? EInvoiceReader().read(pdf: bytes)) ?? []
    }

    /// 0 when a valid payment was found (barcode or invoice), 2 when only uncertain ones, 65 otherwise.
    static func exitCode(_ result: PDFDecodeResult, invoices: [EInvoiceFinding]) -> GiroExit {
        let records = result.payments + invoices.compactMap(\.record)
        if records.contains(where: { $0.status == .valid }) { return GiroExit.valid }
        return records.isEmpty ? GiroExit.dataError : GiroExit.uncertain
    }

    static func text(_ f: EInvoiceFinding) -> String {
        let head = "invoice" + (f.attachment.map { " (\($0))" } ?? "")
        if let record = f.record { return head + "\n" + Output.text(record) }
        return head + ": " + (f.error?.description ?? "")
    }
}

/// One element of `giro decode FILE.pdf`'s array: a symbol (as before) or an embedded invoice.
enum PDFFinding: Encodable {
    case symbol(PDFSymbolResult)
    case invoice(EInvoiceFinding)

    func encode(to encoder: Encoder) throws {
        switch self {
        case .symbol(let s): try s.encode(to: encoder)
        case .invoice(let i): try i.encode(to: encoder)
        }
    }

    var text: String {
        switch self {
        case .symbol(let s): PDFOutput.text(s)
        case .invoice(let i): InvoiceCLI.text(i)
        }
    }
}

extension DecodeCommand {
    /// An XML e-invoice: its record, printed like a payload's (exit 0 valid, 2 uncertain, 65 refused).
    func runInvoiceXML(_ bytes: [UInt8]) throws {
        try printOutcome(EInvoiceReader().read(xml: bytes).result)
    }
}
