import Foundation
import GiroTestSupport
import Testing

/// `giro decode` and `giro scan` on the PDF fixtures, end to end.
@Suite struct PDFCLITests {
    let dir = Golden.repoRoot.appendingPathComponent("fixtures/pdf").path

    @Test func decodePrintsEverySymbolWithItsPage() throws {
        let run = try CLITests().giro(["decode", "\(dir)/two-pages-three-bills.pdf", "--format", "ndjson"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.map { $0["page"] as? Int } == [1, 1, 2])
        #expect(lines.map { ($0["record"] as? [String: Any])?["format"] as? String } == ["sepa.epc-qr", "ch.qr-bill", "hr.hub3"])
    }

    @Test func wordsFlagPrintsOneLinePerPage() throws {
        let run = try CLITests().giro(["decode", "--words", "\(dir)/qr-bill.pdf"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(line["width"] as? Int ?? 0 > 2400 && line["height"] as? Int ?? 0 > 3500)
        let words = try #require(line["words"] as? [[String: Any]])
        #expect(words.contains { $0["text"] as? String == "Invoice" && $0["x"] is Int && $0["h"] is Int })
    }

    @Test func brokenPDFsGiveTypedErrorsAndQuietStderr() throws {
        for (file, code) in [("encrypted.pdf", "pdf_encrypted"), ("truncated.pdf", "pdf_invalid")] {
            let run = try CLITests().giro(["decode", "\(dir)/\(file)", "--format", "json"])
            #expect(run.status == 65)
            #expect(run.stdout.contains("\"code\":\"\(code)\""), "\(run.stdout)")
            // One line of ours; poppler's own messages never reach the terminal.
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.hasPrefix("giro decode: \(code)"), "\(run.stderr)")
        }
    }

    @Test func scanReadsPDFsInDirectories() throws {
        let run = try CLITests().giro(["scan", dir, "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let found = lines.filter { $0["symbol"] != nil }
        #expect(found.count == 7)  // qr-bill, epc-invoice, hub3, rotated: 1 each; two-pages-three-bills: 3
        #expect(found.allSatisfy { $0["page"] is Int })
        #expect(lines.contains { ($0["file"] as? String)?.hasSuffix("encrypted.pdf") == true && $0["error"] != nil })
    }
}
