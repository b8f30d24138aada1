import Foundation
import GiroCore
import GiroSwitzerland
import GiroTestSupport
import Testing

/// Every fixture decodes according to its expectation prefix (the golden harness in GiroTests
/// additionally compares the JSON).
@Suite struct FixtureSmokeTests {
    @Test func fixturesMatchTheirExpectation() {
        let all = SPC.fixtures()
        #expect(all.count >= 40)
        for f in all {
            var payload = Payload(bytes: f.bytes)
            payload.asOf = FixtureDate.judgementDate(for: SPC.fixtureDirectory.appendingPathComponent(f.name + ".txt"))
            let result = Result { () throws(GiroError) in try SPC.format.decode(payload) }
            if ProcessInfo.processInfo.environment["SPC_DUMP"] == "1" {
                switch result {
                case .success(let r):
                    print("FIX \(f.name): \(r.status) \(r.diagnostics.map { "\($0.severity.rawValue):\($0.code.rawValue)@\($0.field):\($0.line.map(String.init) ?? "-")" })")
                case .failure(let e):
                    print("FIX \(f.name): ERROR \(e)")
                }
            }
            switch (f.expect, result) {
            case ("valid", .success(let r)):
                #expect(r.status == .valid && r.warnings.isEmpty, "\(f.name): \(r.status) \(r.warnings)")
            case ("tolerate", .success(let r)):
                #expect(!r.warnings.isEmpty, "\(f.name): no warning")
            case ("invalid", .failure(let e)):
                #expect(e.format == "ch.qr-bill", "\(f.name)")
            default:
                Issue.record("\(f.name): expected \(f.expect), got \(result)")
            }
        }
    }
}
