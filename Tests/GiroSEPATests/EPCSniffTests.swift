import Testing
import GiroCore
import GiroTestSupport
@testable import GiroSEPA

@Suite struct EPCSniffTests {
    @Test func sniffRejectsOtherFormatsAndRandomText() {
        #expect(EPC.kit.sniffClaimsForeignInput() == [])
    }

    @Test func sniffClaimsEveryOwnFixtureWithTheHeader() {
        for f in EPC.kit.fixtures() where f.bytes.starts(with: Array("BCD\n".utf8)) {
            #expect(EPC.format.matches(Payload(bytes: f.bytes)), "\(f.name)")
        }
    }

    /// Golden cases only grow: a lost fixture directory or file fails here.
    @Test func goldenCaseFloor() {
        #expect(EPC.kit.goldenCaseCount >= 90)
    }
}
