import Foundation
import GiroTestSupport
import Testing
import Giro

/// The regression suite: every fixture payload decodes to its golden JSON.
@Suite struct GoldenTests {
    static let cases = Golden.cases()

    @Test func corpusIsNotEmpty() {
        #expect(Self.cases.count >= 40, "fixtures/payloads holds \(Self.cases.count) cases")
    }

    @Test(arguments: cases)
    func decodesToGolden(_ c: Golden.Case) throws {
        let bytes = try [UInt8](Data(contentsOf: c.payload))
        let result = Result { () throws(GiroError) in try PaymentDecoder(asOf: c.asOf).decode(bytes: bytes, symbology: c.symbology) }
        let actual = try Golden.render(result)

        switch (c.expectation, result) {
        case ("valid", .success(let r)):
            #expect(r.status == .valid && r.warnings.isEmpty, "valid case decoded with \(r.status) / \(r.warnings)")
        case ("tolerate", .success(let r)):
            // Links and opaque symbols say so with an uncertain info (`payment_link`), not a warning.
            #expect(!r.warnings.isEmpty || r.status == .uncertain, "tolerated case decoded without any warning")
        case ("invalid", .failure):
            break
        case ("valid", _), ("tolerate", _), ("invalid", _):
            Issue.record("\(c.testDescription): expected \(c.expectation), got \(actual)")
        default:
            Issue.record("\(c.testDescription): file name must start with valid-, tolerate- or invalid-")
        }
        if case .success(let r) = result {
            #expect(r.format == c.formatDirectory, "decoded as \(r.format)")
        }

        try Golden.check(actual, c)
    }
}
