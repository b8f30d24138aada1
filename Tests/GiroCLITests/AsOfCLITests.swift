import Foundation
import Giro
import GiroTestSupport
import Testing

/// `--as-of YYYY-MM-DD` on `decode` and `batch`: the rules of that day judge the payload; a bad date is a usage error.
@Suite struct AsOfCLITests {
    static let qrrInEUR = Golden.payloadRoot.appendingPathComponent("ch.qr-bill/tolerate-ig24-qrr-eur.txt").path

    func record(_ run: CLITests.Run) throws -> PaymentRecord {
        try JSONDecoder().decode(PaymentRecord.self, from: Data(run.stdout.utf8))
    }

    @Test func beforeTheChangeTheBillIsValidWithAnInfo() throws {
        let run = try CLITests().giro(["decode", "--file", Self.qrrInEUR, "--format", "json", "--as-of", "2026-11-13"])
        #expect(run.status == 0, "\(run.stderr)")
        let r = try record(run)
        #expect(r.status == .valid && r.diagnostics.map(\.severity) == [.info])
        #expect(r.diagnostics.first?.code == "qr_reference_requires_chf")
    }

    @Test func onTheDayOfTheChangeItIsUncertainWithTheRulesCode() throws {
        let run = try CLITests().giro(["decode", "--file", Self.qrrInEUR, "--format", "json", "--as-of", "2026-11-14"])
        #expect(run.status == 2)
        let r = try record(run)
        #expect(r.status == .uncertain && r.amount?.currency == "EUR")
        let d = try #require(r.diagnostics.first)
        #expect(d.code == "qr_reference_requires_chf" && d.message.contains("2026-11-14") && d.message.contains("judged as of"))
    }

    @Test func aDateLongBeforeHasNoMessage() throws {
        let run = try CLITests().giro(["decode", "--file", Self.qrrInEUR, "--format", "json", "--as-of", "2020-01-01"])
        #expect(run.status == 0)
        #expect(try record(run).diagnostics.isEmpty)
    }

    @Test(arguments: ["2026-02-30", "yesterday", "2026-1-1", "20261114", ""])
    func anInvalidDateIsAUsageError(_ text: String) throws {
        let run = try CLITests().giro(["decode", "--file", Self.qrrInEUR, "--as-of", text])
        #expect(run.status == 64, "\(text): \(run.stderr)")
        #expect(run.stderr.contains("--as-of"))
        #expect(run.stdout.isEmpty)
    }

    @Test func batchJudgesEveryLineOnTheDay() throws {
        let line = try String(contentsOfFile: Self.qrrInEUR, encoding: .utf8)
        let input = try JSONSerialization.data(withJSONObject: ["id": 1, "payload": line]) + Data("\n".utf8)
        for (date, status) in [("2026-11-13", "valid"), ("2026-11-14", "uncertain")] {
            let run = try CLITests().giro(["batch", "--as-of", date], stdin: input)
            #expect(run.status == 0, "\(run.stderr)")
            let out = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect((out["record"] as? [String: Any])?["status"] as? String == status, "\(date)")
        }
        #expect(try CLITests().giro(["batch", "--as-of", "2026-13-01"]).status == 64)  // no stdin: giro exits before reading it
    }
}
