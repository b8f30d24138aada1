import Foundation
import Giro
import GiroTestSupport
import Testing

/// Every public sample under fixtures/invoices/<syntax-profile>/ decodes to the JSON beside it (`<name>.json`): the
/// record, or `{"error": …}` for an invoice that is not payable. PDFs give the array of their embedded invoices.
/// `GIRO_RECORD=1` rewrites the goldens and fails, as for the payload goldens.
@Suite struct InvoiceGoldenTests {
    static let root = RepositoryRoot.url.appendingPathComponent("fixtures/invoices")

    struct Sample: CustomTestStringConvertible, Sendable {
        let url: URL
        var golden: URL { url.deletingPathExtension().appendingPathExtension("json") }
        var testDescription: String { url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent }
        var folder: String { url.deletingLastPathComponent().lastPathComponent }
    }

    static let samples: [Sample] = {
        let fm = FileManager.default
        let folders = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return folders.flatMap { folder -> [Sample] in
            let dir = root.appendingPathComponent(folder)
            let names = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
            return names.filter { $0.lowercased().hasSuffix(".xml") || $0.lowercased().hasSuffix(".pdf") }
                .map { Sample(url: dir.appendingPathComponent($0)) }
        }
    }()

    @Test func everyProfileFolderHasSamples() {
        let folders = Set(Self.samples.map(\.folder))
        for expected in ["cii-en16931", "ubl-en16931", "cii-xrechnung", "ubl-xrechnung", "ubl-peppol", "cen-examples",
                         "ubl-nl-si-ubl", "ubl-ro-cius", "ubl-rs-sef", "ubl-be", "pdf-zugferd1", "pdf-zugferd2", "pdf-facturx", "pdf-xrechnung", "xml-zugferd1", "ebinterface"] {
            #expect(folders.contains(expected), "no sample in fixtures/invoices/\(expected)")
        }
    }

    @Test(arguments: samples)
    func decodesToGolden(_ sample: Sample) throws {
        let bytes = try [UInt8](Data(contentsOf: sample.url))
        let actual: String
        if sample.url.pathExtension.lowercased() == "pdf" {
            // The golden is the record of the PDF's invoice attachment (one per sample PDF), so every golden under
            // fixtures/ stays a record or an error envelope (RecordSchemaTests).
            let found = try EInvoiceReader().read(pdf: bytes)
            #expect(found.count == 1, "\(found.count) invoices found in \(sample.testDescription)")
            let first = try #require(found.first)
            #expect(first.record?.extras["invoice.attachment"] ?? first.error?.partial?.extras["invoice.attachment"] == first.attachment)
            actual = try Golden.render(first.result)
        } else {
            let result = Result { () throws(GiroError) in try EInvoiceReader.engineDecoder.decode(xml: bytes) }
            if case .success(let record) = result {
                #expect(record.source.kind == "xml")
                #expect(record.schema == PaymentRecord.schemaVersion)
            }
            actual = try Golden.render(result)
        }
        if Golden.recording {
            try Golden.record(actual, to: sample.golden)
            return
        }
        let expected = try #require(try? String(contentsOf: sample.golden, encoding: .utf8),
                                    "missing golden for \(sample.testDescription); run with GIRO_RECORD=1")
        #expect(expected == actual, "golden mismatch for \(sample.testDescription):\n\(Golden.diff(expected: expected, actual: actual))")
    }
}
