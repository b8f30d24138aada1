import GiroCore
@testable import GiroBelgium
import GiroTestSupport
import Testing

/// Seeded mutations of the fixtures: each is a record or a typed error; the split is pinned.
@Suite struct PayconiqJunkTests {
    @Test func mutatedFixturesNeverCrash() {
        for f in Payconiq.kit.fixtures() { #expect(Payconiq.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    @Test func seededMutationsPinned() {
        let (records, errors) = Payconiq.kit.seededMutations(Array(PayconiqTests.staticQR.utf8), seed: 0xBE)
        #expect(records + errors == 2000)
        #expect(records == 1065, "records \(records), errors \(errors)")
    }
}

