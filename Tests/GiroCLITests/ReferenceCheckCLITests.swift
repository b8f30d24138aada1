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

/// `giro check --list` iterates the registry; every kind answers its printed forms.
@Suite struct CheckListCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test func listNamesEveryRegistryKind() throws {
        let text = try giro(["check", "--list"])
        #expect(text.status == 0)
        for id in CountryRegistry.identifiers {
            #expect(text.stdout.contains(id.kind) && text.stdout.contains(id.summary), "\(id.kind) missing from --list")
        }
        let json = try giro(["check", "--list", "--json"])
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == CountryRegistry.identifiers.count)
        let first = try #require(lines.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(first["kind"] as? String == "iban" && first["country"] is NSNull)
    }

    @Test func unknownKindIsAUsageError() throws {
        let r = try giro(["check", "xx-nothing", "1"])
        #expect(r.status == 64 && r.stderr.contains("giro check --list"))
    }

    @Test(arguments: [
        ("nl-betalingskenmerk", "5010.0021.6701.0010", "5010002167010010"),
        ("be-ogm", "010.8068.17183", "010806817183"),
        ("cz-account", "19 - 2000145399 / 0800", "19-2000145399/0800"),
        ("hu-account", "11773016 11111018", "1177301611111018"),
        ("rs-account", "840-955845-10", "840000000095584510"),
        ("uk-account", "08-99-99 66374958", "08999966374958"),
    ])
    func printedFormsAreCompacted(_ kind: String, _ printed: String, _ compact: String) throws {
        let r = try giro(["check", "--json", kind, printed])
        #expect(r.status == 0, "\(kind) \(printed): \(r.stdout)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(obj["compact"] as? String == compact, "\(kind) \(printed): \(r.stdout)")
    }
}

/// Options of a kind (`--algorithm`, `--length-digit`, `--option NAME=VALUE`): a kind refuses options it does not
/// take with the usage exit code, before checking any value.
@Suite struct CheckOptionCLITests {
    func giro(_ args: [String]) throws -> CLITests.Run { try CLITests().giro(args) }

    @Test func anOptionTheKindDoesNotTakeIsAUsageError() throws {
        let algorithm = try giro(["check", "iban", "--algorithm", "MOD10V05", "GB82WEST12345698765432"])
        #expect(algorithm.status == 64 && algorithm.stderr.contains("iban has no option algorithm"))
        #expect(try giro(["check", "be-ogm", "--length-digit", "+++010/8068/17183+++"]).status == 64)
        #expect(try giro(["check", "iban", "--option", "x=1", "GB82WEST12345698765432"]).status == 64)
        #expect(try giro(["check", "iban", "GB82WEST12345698765432"]).status == 0)
    }

    @Test func listJSONNamesEachKindsOptions() throws {
        let list = try giro(["check", "--list", "--json"])
        #expect(list.status == 0)
        for line in list.stdout.split(separator: "\n") { #expect(line.contains("\"options\":[")) }
    }
}
