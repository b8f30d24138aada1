import Foundation
import Giro
import GiroTestSupport
import Testing

/// `fixtures/documents/*.pdf` (made by `fixtures/documents/generate.sh`): each document's verdict against its
/// golden `<name>.json`; `GIRO_RECORD=1` rewrites them. The altered QR codes must give their mismatch.
@Suite struct DocumentGoldenTests {
    static let directory = Golden.repoRoot.appendingPathComponent("fixtures/documents")

    static var documents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
    }

    static func read(_ name: String) throws -> DocumentResult {
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
        return try DocumentReader().read(bytes: bytes)
    }

    @Test func theFixturesExist() {
        #expect(Self.documents == ["epc-consistent.pdf", "epc-qr-amount-changed.pdf", "epc-qr-iban-changed.pdf",
                                   "facturx-consistent.pdf", "facturx-qr-amount-changed.pdf", "facturx-qr-iban-changed.pdf"])
    }

    @Test(arguments: DocumentGoldenTests.documents)
    func matchesItsGolden(_ name: String) throws {
        let result = try Self.read(name)
        let actual = String(decoding: try Golden.encoder().encode(result), as: UTF8.self) + "\n"
        let golden = Self.directory.appendingPathComponent(name.replacingOccurrences(of: ".pdf", with: ".json"))
        if Golden.recording { return try Golden.record(actual, to: golden) }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(expected == actual, "\(name):\n\(Golden.diff(expected: expected, actual: actual))")
    }

    /// An image is a document too: its barcode is the one source (no OCR by default).
    @Test func anImageIsADocumentWithItsBarcode() throws {
        let url = Golden.repoRoot.appendingPathComponent("fixtures/images/generated/epc-qr-page.png")
        let result = try DocumentReader().read(bytes: Array(try Data(contentsOf: url)))
        #expect(result.kind == .image && result.pageCount == nil)
        #expect(result.status == .valid)
        #expect(result.sourceRecords.map(\.source) == [.barcode])
        #expect(result.payments.first?.sources["creditor.account.iban"] == [.barcode])
    }

    @Test func xmlIsRecognisedAndOtherBytesAreRefused() throws {
        // XML that is no e-invoice: recognised, no payment, the reader's refusal as a message.
        let xml = try DocumentReader().read(bytes: Array("\u{FEFF}  <?xml version=\"1.0\"?><Invoice/>".utf8))
        #expect(xml.kind == .xml && xml.status == .noPayment && xml.messages.contains { $0.field == "xml" })
        // The e-invoice file alone is a document with one source.
        let invoice = try DocumentReader().read(bytes: Array(try Data(contentsOf: Self.directory.appendingPathComponent("facturx-invoice.xml"))))
        #expect(invoice.status == .valid && invoice.sourceRecords.map(\.source) == [.xml])
        #expect(throws: GiroError.self) { try DocumentReader().read(bytes: Array("BCD\n002".utf8)) }
        do {
            _ = try DocumentReader().read(bytes: [])
            Issue.record("empty bytes read as a document")
        } catch {
            #expect(error.code == .documentUnsupported && error.field == "document")
        }
    }

    @Test(arguments: [
        ("epc-consistent.pdf", DocumentStatus.valid, [String]()),
        ("epc-qr-iban-changed.pdf", .uncertain, ["creditor.account.iban"]),
        ("epc-qr-amount-changed.pdf", .uncertain, ["amount.value"]),
    ])
    func verdict(_ name: String, status: DocumentStatus, mismatched: [String]) throws {
        let result = try Self.read(name)
        #expect(result.status == status)
        #expect(result.payments.count == 1)
        #expect(result.mismatches.map(\.field) == mismatched)
        #expect(Set(result.sourceRecords.map(\.source)) == [.barcode, .print])
        for m in result.mismatches { #expect(m.values.map(\.source) == [.barcode, .print]) }
        if mismatched.isEmpty {
            #expect(result.payments[0].sources["creditor.account.iban"] == [.barcode, .print])
            #expect(result.payments[0].sources["amount.value"] == [.barcode, .print])
        }
    }

    /// Factur-X: the attached e-invoice states the true payment; the altered QR code disagrees with it and with the
    /// print, and the merged payment keeps the e-invoice's value.
    @Test(arguments: [
        ("facturx-consistent.pdf", DocumentStatus.valid, [String]()),
        ("facturx-qr-iban-changed.pdf", .uncertain, ["creditor.account.iban"]),
        ("facturx-qr-amount-changed.pdf", .uncertain, ["amount.value"]),
    ])
    func facturXVerdict(_ name: String, status: DocumentStatus, mismatched: [String]) throws {
        let result = try Self.read(name)
        #expect(result.status == status)
        #expect(result.payments.count == 1)
        #expect(Set(result.sourceRecords.map(\.source)) == [.xml, .barcode, .print])
        #expect(result.mismatches.map(\.field) == mismatched)
        for m in result.mismatches { #expect(m.values.map(\.source).contains(.xml) && m.values.map(\.source).contains(.barcode)) }
        let payment = try #require(result.payments.first)
        #expect(payment.record.creditor?.account?.iban == "DE89370400440532013000" && payment.record.amount?.value == Decimal(string: "123.45"))
        if mismatched.isEmpty { #expect(payment.sources["creditor.account.iban"] == [.xml, .barcode, .print]) }
    }
}
