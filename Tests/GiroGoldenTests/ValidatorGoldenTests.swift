import Foundation
import GiroTestSupport
import Testing
import Giro

/// `fixtures/validators/<kind>/<expect>-<name>.txt` (the value) with the `IdentifierCheck` JSON beside it.
/// `<expect>`: `valid`, `invalid`, or `gap` — a vector its source calls invalid that Giro cannot reject
/// (it needs a national bank directory Giro does not ship); the test pins that it is still accepted,
/// so closing the gap shows up here.
@Suite struct ValidatorGoldenTests {
    static let cases = Golden.cases(under: Golden.repoRoot.appendingPathComponent("fixtures/validators"))

    @Test func everyKindHasCases() {
        for kind in CountryRegistry.identifiers.map(\.kind) {
            #expect(Self.cases.contains { $0.formatDirectory == kind && $0.expectation == "valid" }, "no valid fixture for \(kind)")
            #expect(Self.cases.contains { $0.formatDirectory == kind && $0.expectation == "invalid" }, "no invalid fixture for \(kind)")
        }
    }

    @Test(arguments: cases)
    func checksToGolden(_ c: Golden.Case) throws {
        let kind = try #require(CountryRegistry.identifier(kind: c.formatDirectory))
        let value = try String(contentsOf: c.payload, encoding: .utf8)
        let result = IdentifierCheck.check(kind, value)
        switch c.expectation {
        case "valid", "gap": #expect(result.valid, "\(c.testDescription): \(String(describing: result.error))")
        case "invalid": #expect(!result.valid, "\(c.testDescription) accepted")
        default: Issue.record("\(c.testDescription): name must start with valid-, invalid- or gap-")
        }
        let actual = String(decoding: try Golden.encoder().encode(result), as: UTF8.self) + "\n"
        try Golden.check(actual, c)
    }
}
