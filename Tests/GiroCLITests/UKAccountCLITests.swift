import Foundation
import Testing
import Giro

/// `giro check uk-account`: exit 0 valid (or not checkable, presumed valid), 65 invalid; `--json` says which checks ran.
@Suite struct UKAccountCLITests {

    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func validExitsZeroWithMethodExceptionAndChecks() throws {
        let r = try giro(["check", "uk-account", "089999 66374958", "--json"])
        #expect(r.status == 0)
        let obj = try json(r.stdout)
        let details = try #require(obj["details"] as? [String: String])
        #expect(obj["valid"] as? Bool == true && obj["kind"] as? String == "uk-account")
        #expect(details["method"] == "MOD10" && details["exception"] == "none" && details["status"] == "valid")
        #expect(details["checks"]?.hasPrefix("MOD10 passed") == true)
        #expect(try giro(["check", "uk-account", "08-99-99 66374958"]).status == 0)
    }

    @Test func exceptionPathsShowInJSON() throws {
        let r = try giro(["check", "uk-account", "309070 12345668", "--json"])
        #expect(r.status == 0)
        let details = try #require(try json(r.stdout)["details"] as? [String: String])
        #expect(details["method"] == "MOD11+MOD11" && details["exception"] == "2+9")
        #expect(details["checks"]?.contains("sc 309634") == true)
    }

    @Test func invalidExits65() throws {
        let r = try giro(["check", "uk-account", "089999 66374959", "--json"])
        #expect(r.status == 65)
        let obj = try json(r.stdout)
        let error = try #require(obj["error"] as? [String: Any])
        #expect(error["code"] as? String == "uk_modulus_invalid")
        #expect((obj["details"] as? [String: String])?["checks"]?.contains("failed") == true)
    }

    @Test func malformedExits65WithInputInvalid() throws {
        let r = try giro(["check", "uk-account", "08999X 66374958", "--json"])
        #expect(r.status == 65)
        let error = try #require(try json(r.stdout)["error"] as? [String: Any])
        #expect(error["code"] as? String == "input_invalid" && error["offset"] as? Int == 5)
    }

    @Test func notInTableIsPresumedValid() throws {
        let r = try giro(["check", "uk-account", "000000 12345678", "--json"])
        #expect(r.status == 0)
        #expect((try json(r.stdout)["details"] as? [String: String])?["status"] == "not_checkable")
    }
}
