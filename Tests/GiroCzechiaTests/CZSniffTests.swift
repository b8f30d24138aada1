import GiroCore
import GiroCzechia
import GiroTestSupport
import Testing

@Suite struct CZSniffTests {
    @Test func spaydSniffRejectsOtherFormatsAndRandomText() {
        #expect(CZ.spaydKit.sniffClaimsForeignInput() == [])
    }

    @Test func sidSniffRejectsOtherFormatsAndRandomText() {
        #expect(CZ.sidKit.sniffClaimsForeignInput() == [])
    }

    @Test func sniffsNeedTheHeaderAndAVersionDigit() {
        #expect(CZ.spayd.matches(Payload(bytes: Array(CZ.base.utf8))))
        #expect(!CZ.spayd.matches(Payload(bytes: Array("SPD*".utf8))))
        #expect(!CZ.spayd.matches(Payload(bytes: Array("SPD*ACC:CZ5855000000001265098001".utf8))))
        #expect(CZ.sid.matches(Payload(bytes: Array("SID*1.0*ID:1".utf8))))
        #expect(!CZ.sid.matches(Payload(bytes: Array("SID*X".utf8))))
    }

    /// Golden cases only grow: a lost fixture file fails here.
    @Test func goldenCaseFloors() {
        #expect(CZ.spaydKit.goldenCaseCount >= 48)
        #expect(CZ.sidKit.goldenCaseCount >= 25)
    }
}
