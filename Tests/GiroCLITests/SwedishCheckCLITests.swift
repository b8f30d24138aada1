import Foundation
import Testing

/// `giro check se-*`: printed forms in, compact forms out, exit 0 / 65; `se-ocr --length-digit`.
@Suite struct SwedishCheckCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test(arguments: [
        ("se-bankgiro", "5402-9681", "54029681"),
        ("se-plusgiro", "28 65 43-4", "2865434"),
        ("se-account", "8214-9 923 472 612-4", "821499234726124"),
        ("se-account", "3300,8413283949", "33008413283949"),
        ("se-ocr", "1234567897", "1234567897"),
    ])
    func validValuesAnswerTheirCompactForm(_ kind: String, _ printed: String, _ compact: String) throws {
        let r = try giro(["check", "--json", kind, printed])
        #expect(r.status == 0, "\(kind) \(printed): \(r.stdout)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(obj["compact"] as? String == compact)
    }

    @Test func invalidValuesExit65WithCodeAndPosition() throws {
        let r = try giro(["check", "--json", "se-account", "9999-1234567"])
        #expect(r.status == 65)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let error = try #require(obj["error"] as? [String: Any])
        #expect(error["code"] as? String == "se_clearing_unknown" && error["offset"] as? Int == 0)
    }

    @Test func lengthDigitOption() throws {
        // 1234567897: 10 digits, next-to-last 9 ≠ 0 → refused with --length-digit, accepted without.
        #expect(try giro(["check", "se-ocr", "1234567897"]).status == 0)
        let strict = try giro(["check", "--json", "se-ocr", "--length-digit", "1234567897"])
        #expect(strict.status == 65 && strict.stdout.contains("se_length_digit_invalid"))
        // 12345682: 8 digits, length digit 8, 10-modul check 2.
        #expect(try giro(["check", "se-ocr", "--length-digit", "12345682"]).status == 0)
        #expect(try giro(["check", "se-bankgiro", "--length-digit", "5402-9681"]).status == 64)
    }
}
