import Foundation
import GiroGermany
import GiroTestSupport
import Testing

/// The golden corpus may grow, never shrink, and covers every authority and every verdict.
@Suite struct BezahlCodeGoldenFloorTests {
    static let floor = 57

    @Test func corpusDoesNotShrink() {
        let fixtures = BC.fixtures()
        #expect(BC.goldenCaseCount >= Self.floor, "fixtures/payloads/de.bezahlcode holds \(BC.goldenCaseCount) cases")
        let fm = FileManager.default
        for f in fixtures {
            let json = BC.fixtureDirectory.appendingPathComponent("\(f.name).json").path
            #expect(fm.fileExists(atPath: json), "missing golden \(f.name).json")
        }
    }

    @Test func everyVerdictAndAuthorityIsCovered() {
        let fixtures = BC.fixtures()
        for expect in ["valid", "tolerate", "invalid"] {
            #expect(fixtures.filter { $0.expect == expect }.count >= 10, "\(expect)")
        }
        let texts = fixtures.map { String(decoding: $0.bytes, as: UTF8.self).lowercased() }
        for authority in ["singlepayment", "singlepaymentsepa", "singledirectdebit", "singledirectdebitsepa",
                          "periodicsinglepayment", "periodicsinglepaymentsepa", "contact", "contact_v2"] {
            #expect(texts.contains { $0.contains("bank://\(authority)?") }, "\(authority)")
        }
        for vector in 1...4 {
            #expect(fixtures.contains { $0.name.hasSuffix("-bezahlcode-\(vector)") }, "vector bezahlcode-\(vector)")
        }
    }
}
