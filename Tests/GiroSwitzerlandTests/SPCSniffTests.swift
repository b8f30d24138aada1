import GiroCore
import GiroTestSupport
import GiroSwitzerland
import Testing

@Suite struct SPCSniffTests {
    @Test func sniffRejectsOtherFormatsAndRandomText() {
        #expect(SPC.kit.sniffClaimsForeignInput() == [])
    }

    @Test func sniffNeedsSPCAsTheWholeFirstLine() {
        #expect(SPC.format.matches(Payload(bytes: SPC.bytes(SPC.base))))
        #expect(SPC.format.matches(Payload(bytes: SPC.bytes(SPC.base, separator: "\r\n"))))
        #expect(!SPC.format.matches(Payload(bytes: Array("SPCX\n0200".utf8))))
        #expect(!SPC.format.matches(Payload(bytes: Array("SPC".utf8))))
        #expect(!SPC.format.matches(Payload(bytes: Array("SPCIAL OFFER 2024".utf8))))
    }

    /// Golden cases only grow: a lost fixture file fails here.
    @Test func goldenCaseFloor() {
        #expect(SPC.kit.goldenCaseCount >= 115)
    }
}
