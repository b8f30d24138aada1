import Foundation
import Testing
import Giro

/// `giro check be-ogm` and `giro check nl-betalingskenmerk`: exit 0 when every value is valid, 65 otherwise;
/// a wrong check and a malformed value give different codes.
@Suite struct ReferenceCheckCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test func belgianOGM() throws {
        let ok = try giro(["check", "be-ogm", "+++010/8068/17183+++", "000/0000/09797"])
        #expect(ok.status == 0 && ok.stdout.contains("valid (+++010/8068/17183+++)"))
        let bad = try giro(["check", "be-ogm", "+++123/4567/89012+++", "+++XXX/5331/03705+++"])
        #expect(bad.status == 65 && bad.stdout.contains("reference_invalid_checksum") && bad.stdout.contains("reference_invalid:"))
    }

    @Test func dutchBetalingskenmerk() throws {
        let ok = try giro(["check", "nl-betalingskenmerk", "5000056789012345", "--json"])
        #expect(ok.status == 0 && ok.stdout.contains("\"checkDigit\":\"verified\""))
        #expect(try giro(["check", "nl-betalingskenmerk", "173456789"]).status == 65)
        #expect(try giro(["check", "nl-betalingskenmerk", "123456789012345"]).stdout.contains("reference_invalid:"))
    }
}
