import Foundation
import Testing

/// `giro check ba-account|mk-account|me-account`: printed forms in, the compact form out (`--json`), exit 0;
/// a wrong control or a malformed value exit 65 with the code and the byte offset.
@Suite struct Mod97AccountCheckCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test(arguments: [
        ("ba-account", "199-044-00012002-79", "1990440001200279", "BA391990440001200279"),
        ("mk-account", "300 0000000424 25", "300000000042425", "MK07300000000042425"),
        ("me-account", "510.1076.13", "510000000000107613", "ME25510000000000107613"),
    ])
    func validPrintedForms(_ kind: String, _ printed: String, _ compact: String, _ iban: String) throws {
        let r = try giro(["check", "--json", kind, printed])
        #expect(r.status == 0, "\(r.stdout)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(obj["compact"] as? String == compact)
        #expect((obj["details"] as? [String: String])?["iban"] == iban)
    }

    @Test(arguments: [
        ("ba-account", "199-044-00012002-78", "iban_invalid_national_check", 17),
        ("mk-account", "300-0000000424-2x", "field_invalid", 16),
        ("me-account", "505-0000123456789-52", "iban_invalid_national_check", 18),
    ])
    func invalidValuesExit65WithCodeAndOffset(_ kind: String, _ value: String, _ code: String, _ offset: Int) throws {
        let r = try giro(["check", "--json", kind, value])
        #expect(r.status == 65, "\(r.stdout)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let error = try #require(obj["error"] as? [String: Any])
        #expect(error["code"] as? String == code && error["offset"] as? Int == offset, "\(r.stdout)")
    }
}
