import GiroCore
import GiroTestSupport
@testable import GiroSlovakia
import Testing

@Suite struct PBSSniffTests {
    @Test func sniffRejectsOtherFormatsAndRandomText() {
        #expect(PBS.kit.sniffClaimsForeignInput() == [])
    }

    @Test func sniffRejectsLookAlikes() {
        for text in ["2024INVOICE12345678ABCDEF", "0000000000000000000000000", "0123456789ABCDEFGHIJKLMNOPQRSTUV",
                     "0AAAAAAAAAAAAAAAAAAAAAAAAAAAA", "2BCDEFGHIJKLMNOPQRSTUV0123456789"] {
            #expect(!PBS.format.matches(Payload(bytes: Array(text.utf8))), "\(text)")
        }
    }

    @Test func sniffClaimsEveryGenuineFixture() {
        // Fixtures broken inside the compressed data are still claimed; only the header decides.
        let headerBroken: Set<String> = ["invalid-base32-character", "invalid-pay-document-type", "invalid-zero-body", "invalid-truncated"]
        for f in PBS.kit.fixtures() where !headerBroken.contains(f.name) {
            #expect(PBS.format.matches(Payload(bytes: f.bytes)), "\(f.name)")
        }
        #expect(PBS.format.matches(Payload(bytes: Array(PBS.encode(PBS.document([PBS.payment()]), version: 9).utf8))))
    }

    /// Golden cases only grow: a lost fixture file fails here.
    @Test func goldenCaseFloor() {
        #expect(PBS.kit.goldenCaseCount >= 37)
    }
}
