import Foundation
import Giro
import GiroTestSupport
import Testing

/// `giro decode` and `giro scan` on e-invoices: an XML file, a PDF with an attached invoice, a folder of both.
@Suite struct InvoiceCLITests {
    static let invoices = RepositoryRoot.url.appendingPathComponent("fixtures/invoices")
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test func decodesAnXMLInvoiceToTheLibraryRecord() throws {
        let path = Self.invoices.appendingPathComponent("cii-xrechnung/XRECHNUNG_Einfach.cii.xml").path
        let run = try giro(["decode", path, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try EInvoiceReader.engineDecoder.decode(xml: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(run.stdout == String(decoding: expected.jsonBytes(), as: UTF8.self) + "\n")
    }

    @Test func aCreditNoteExits65WithItsCode() throws {
        let run = try giro(["decode", Self.invoices.appendingPathComponent("ubl-en16931/ubl-tc434-creditnote1.xml").path, "--format", "json"])
        #expect(run.status == 65)
        #expect(run.stdout.contains("\"invoice_credit_note\""))
    }

    @Test func aPDFListsItsEmbeddedInvoice() throws {
        let run = try giro(["decode", Self.invoices.appendingPathComponent("pdf-xrechnung/blank-with-xrechnung.pdf").path,
                            "--format", "json", "--dpi", "72"])
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let invoice = try #require(array.first { $0["kind"] as? String == "invoice" })
        #expect(invoice["attachment"] as? String == "xrechnung.xml")
        #expect((invoice["record"] as? [String: Any])?["format"] as? String == "eu.einvoice-ubl")
    }

    @Test func scanReadsXMLFilesBesidePDFs() throws {
        let run = try giro(["scan", Self.invoices.appendingPathComponent("ubl-xrechnung").path,
                            Self.invoices.appendingPathComponent("pdf-xrechnung").path, "--jobs", "1", "--dpi", "72"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let invoices = lines.compactMap { $0["invoice"] as? [String: Any] }
        #expect(invoices.count == 3, "\(run.stdout)")
        #expect(invoices.contains { $0["attachment"] as? String == "xrechnung.xml" && $0["record"] != nil })
    }
}
