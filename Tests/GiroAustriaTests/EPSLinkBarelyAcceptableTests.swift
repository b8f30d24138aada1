import GiroCore
@testable import GiroAustria
import GiroTestSupport
import Testing

@Suite struct EPSLinkBarelyAcceptableTests {
    @Test func trailingNewline() {
        let r = EPS.record(EPSLinkTests.fields + "\n")
        #expect(EPS.warnings(r) == ["whitespace_trimmed"] && r?.creditor?.account?.iban == "AT611904300234573201")
    }

    @Test func rfWithWrongCheckKeptUncertain() {
        let r = EPS.record("epspayment://eps.or.at/?reference=RF18539007547035")
        #expect(EPS.warnings(r) == ["reference_invalid_checksum"] && r?.reference?.type == .other && r?.status == .uncertain)
    }

    @Test func fragmentIgnored() {
        let r = EPS.record("epspayment://eps.or.at/?amount=5#top")
        #expect(r?.amount?.value == 5 && EPS.warnings(r).isEmpty)
    }
}
