import Foundation
import Testing
import Giro

/// `giro check au-abn | au-acn | au-bsb | au-crn [--algorithm …] | au-biller-code`: printed forms compacted,
/// exit 0 / 65, codes and positions; `--algorithm` picks the BPAY check-digit routine.
@Suite struct AustraliaCheckCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    func json(_ r: CLITests.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: [
        ("au-abn", "51 824 753 556", "51824753556"),
        ("au-acn", "000 000 019", "000000019"),
        ("au-bsb", "062-000", "062000"),
        ("au-crn", "1234 5678 903", "12345678903"),
        ("au-biller-code", "129163", "129163"),
    ])
    func printedFormsAreCompacted(_ kind: String, _ printed: String, _ compact: String) throws {
        let r = try giro(["check", "--json", kind, printed])
        #expect(r.status == 0, "\(kind) \(printed): \(r.stdout)")
        #expect(try json(r)["compact"] as? String == compact)
    }

    @Test func invalidValuesAnswer65WithCodeAndPosition() throws {
        let abn = try giro(["check", "--json", "au-abn", "51 824 753 55X"])
        #expect(abn.status == 65)
        let error = try #require(try json(abn)["error"] as? [String: Any])
        #expect(error["code"] as? String == "identification_invalid" && error["offset"] as? Int == 13)
        let bsb = try giro(["check", "au-bsb", "999-999"])
        #expect(bsb.status == 65 && bsb.stdout.contains("field_invalid"))
    }

    @Test func algorithmOption() throws {
        let v5 = try giro(["check", "--json", "au-crn", "--algorithm", "MOD10V05", "87348538"])
        #expect(v5.status == 0, "\(v5.stdout) \(v5.stderr)")
        let details = try #require(try json(v5)["details"] as? [String: String])
        #expect(details["algorithm"] == "MOD10V05" && details["checkDigit"] == "8")
        #expect(try giro(["check", "au-crn", "12345678905"]).status == 65)
        #expect(try giro(["check", "au-crn", "--algorithm", "MOD10V01", "89557136"]).status == 0)
        let unknown = try giro(["check", "au-crn", "--algorithm", "MOD99", "89557136"])
        #expect(unknown.status == 64 && unknown.stderr.contains("MOD10V01"))
    }
}
