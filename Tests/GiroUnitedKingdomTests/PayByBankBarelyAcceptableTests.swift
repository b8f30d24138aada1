import GiroCore
@testable import GiroUnitedKingdom
import GiroTestSupport
import Testing

/// Every deviation the UK link plug-in tolerates: code, severity, `uncertain` flag and the resulting status.
@Suite struct PayByBankBarelyAcceptableTests {
    func expectTolerated(_ text: String, _ code: ErrorCode, uncertain: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        // A link is always uncertain.
        PolicyExpectations.expectTolerated(UKLink.record(text, sourceLocation: sourceLocation), [code], uncertain: uncertain,
                                           status: .uncertain, sourceLocation: sourceLocation)
    }

    @Test func surroundingWhitespace() { expectTolerated(" https://monzo.me/janedoe/7.25\r\n", .whitespaceTrimmed, uncertain: false) }
    @Test func repeatedParameter() { expectTolerated(PayByBankLinkTests.bankDetails + "&sortcode=000000", .duplicateKey, uncertain: false) }
    @Test func modulusCheckFails() {
        expectTolerated("https://x.example/p?sortcode=089999&accountnumber=66374959", .ukModulusInvalid, uncertain: true)
    }
    @Test func rfWithWrongCheck() {
        expectTolerated("https://x.example/p?sc=107999&acc=88837491&ref=RF18539007547035", .referenceInvalidChecksum, uncertain: true)
    }
    @Test func sortCodeWithDashesNeedsNoWarning() {
        let r = UKLink.record("https://x.example/p?sortcode=08-99-99&accountnumber=6637+4958")
        #expect(UKLink.warnings(r).isEmpty && r?.creditor?.account?.bankCode == "089999" && r?.creditor?.account?.number == "66374958")
    }
}
