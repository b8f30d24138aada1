import Foundation
import GiroTestSupport
import Testing

/// `giro decode --document`, `giro scan --documents` and document lines in `giro batch`, end to end.
@Suite struct DocumentCLITests {
    let dir = Golden.repoRoot.appendingPathComponent("fixtures/documents").path

    func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test func decodeDocumentPrintsTheVerdictAndExitsByStatus() throws {
        let valid = try CLITests().giro(["decode", "--document", "\(dir)/epc-consistent.pdf", "--format", "json"])
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(json(valid.stdout)["status"] as? String == "valid")
        let tampered = try CLITests().giro(["decode", "--document", "--file", "\(dir)/epc-qr-amount-changed.pdf", "--format", "json"])
        #expect(tampered.status == 2)
        #expect(json(tampered.stdout)["status"] as? String == "uncertain")
        #expect(tampered.stderr.contains("document_source_mismatch on amount.value: barcode says 1123.45, print says 123.45"), "\(tampered.stderr)")
    }

    @Test func decodeDocumentRefusesWhatIsNoDocument() throws {
        let run = try CLITests().giro(["decode", "--document", "--format", "json"], stdin: Data("plain text".utf8))
        #expect(run.status == 65)
        #expect(run.stdout.contains("\"code\":\"document_unsupported\""), "\(run.stdout)")
    }

    @Test func scanDocumentsGivesOneLinePerFile() throws {
        let run = try CLITests().giro(["scan", "--documents", dir, "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { json(String($0)) }
        var statuses: [String: String] = [:]
        for line in lines {
            let file = ((line["file"] as? String) ?? "") as NSString
            statuses[file.lastPathComponent] = (line["document"] as? [String: Any])?["status"] as? String
        }
        // The folder mixes PDFs with and without an attached e-invoice, and the e-invoice file itself.
        #expect(statuses == ["epc-consistent.pdf": "valid", "epc-qr-amount-changed.pdf": "uncertain", "epc-qr-iban-changed.pdf": "uncertain",
                             "facturx-consistent.pdf": "valid", "facturx-qr-amount-changed.pdf": "uncertain",
                             "facturx-qr-iban-changed.pdf": "uncertain", "facturx-invoice.xml": "valid"])
    }

    @Test func batchReadsABase64PDFLineAsADocument() throws {
        let pdf = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/epc-qr-iban-changed.pdf"))
        let input = "{\"id\":\"doc\",\"payloadBase64\":\"\(pdf.base64EncodedString())\"}\nBCD\n"
        let run = try CLITests().giro(["batch", "--jobs", "1"], stdin: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { json(String($0)) }
        #expect(lines.count == 2)
        let document = try #require(lines.first?["document"] as? [String: Any])
        #expect(lines.first?["id"] as? String == "doc" && lines.first?["record"] == nil)
        #expect(document["status"] as? String == "uncertain")
        #expect((document["mismatches"] as? [[String: Any]])?.first?["field"] as? String == "creditor.account.iban")
        #expect(lines.last?["error"] != nil)
    }
}
