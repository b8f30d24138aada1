import Testing
@testable import GiroCore

/// A kind's options: defaults filled in, switches and listed values checked, unknown names refused.
@Suite struct IdentifierOptionTests {
    struct Digits: Identifier {
        var algorithm = "A"
        let kind = "test-digits"
        let country: String? = nil
        let summary = "digits"
        let example = "1"
        var options: [IdentifierOption] {
            [IdentifierOption(name: "algorithm", summary: "which", values: ["A", "B"], defaultValue: "A"),
             IdentifierOption(name: "length-digit", summary: "last digit is the length")]
        }
        func validate(_ input: String) throws(GiroError) -> ValidIdentifier { ValidIdentifier(compact: input, formatted: algorithm) }
        func configured(_ settings: [String: String]) throws(GiroError) -> any Identifier {
            let s = try IdentifierSettings.resolve(settings, options: options, kind: kind)
            return Digits(algorithm: s["algorithm"] ?? "A")
        }
    }

    @Test func defaultsAndGivenValues() throws {
        #expect(try IdentifierSettings.resolve([:], options: Digits().options, kind: "k") == ["algorithm": "A", "length-digit": "false"])
        #expect(try IdentifierSettings.resolve(["algorithm": "b", "length-digit": ""], options: Digits().options, kind: "k")
                == ["algorithm": "B", "length-digit": "true"])
        #expect(try Digits().configured(["algorithm": "B"]).validate("1").formatted == "B")
    }

    @Test func refusals() {
        for bad in [["nope": "1"], ["algorithm": "C"], ["length-digit": "maybe"], ["algorithm": "\u{1b}[31m"]] {
            #expect(throws: GiroError.self) { try IdentifierSettings.resolve(bad, options: Digits().options, kind: "k") }
        }
        do {
            _ = try IdentifierSettings.resolve(["al\u{1b}g": "x"], options: [], kind: "iban")
            Issue.record("accepted an unknown option")
        } catch {
            #expect(error.code == .inputInvalid && error.field == "option.al?g" && !error.message.contains("\u{1b}"))
        }
    }
}
