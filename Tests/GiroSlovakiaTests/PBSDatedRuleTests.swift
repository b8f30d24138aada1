import Foundation
import GiroCore
import GiroTestSupport
import Testing
@testable import GiroSlovakia

/// PAY by square 1.2.0 (1 Apr 2025): the beneficiary name is mandatory, judged on the payload's date.
@Suite struct PBSDatedRuleTests {
    static func decode(_ day: String) throws -> PaymentRecord {
        let url = RepositoryRoot.url.appendingPathComponent("fixtures/payloads/sk.pay-by-square/tolerate-v120-without-beneficiary-name.txt")
        var payload = Payload(bytes: [UInt8](try Data(contentsOf: url)))
        payload.asOf = try #require(CalendarDate(iso: day))
        return try PayBySquare().decode(payload)
    }

    @Test func fromTheDayOfTheChangeAMissingNameIsUncertain() throws {
        let r = try Self.decode("2025-04-01")
        #expect(r.status == .uncertain && r.creditor?.name == nil)
        let d = try #require(r.diagnostics.first { $0.code == .beneficiaryNameMissing })
        #expect(d.uncertain && d.field == "payments[0].beneficiary.name" && d.message.contains("2025-04-01"))
    }

    @Test func theDayBeforeItIsAnInfoAndLongBeforeNothing() throws {
        let before = try Self.decode("2025-03-31")
        #expect(before.status == .valid)
        #expect(before.diagnostics.filter { $0.code == .beneficiaryNameMissing }.map(\.severity) == [.info])
        #expect(try Self.decode("2023-01-01").diagnostics.allSatisfy { $0.code != .beneficiaryNameMissing })
    }

    @Test func theDescriptorDeclaresTheRule() {
        #expect(Slovakia.descriptor.datedRules == PayBySquareDatedRules.all)
    }
}
