import Foundation
import GiroCore
@testable import GiroAustria
import GiroTestSupport
import Testing

@Suite struct EPSLinkTests {
    static let fields = "epspayment://eps.or.at/?amount=49.90&iban=AT611904300234573201&name=Muster%20GmbH&reference=RF18539007547034"

    @Test func fieldsFromTheQuery() throws {
        let r = try #require(EPS.record(Self.fields))
        #expect(r.format == "at.eps" && r.country == "AT" && r.status == .uncertain)
        #expect(r.amount == Amount(value: Decimal(string: "49.9")!, currency: "EUR"))
        #expect(r.creditor?.account?.iban == "AT611904300234573201" && r.creditor?.name == "Muster GmbH")
        #expect(r.reference == Reference(type: .creditorReference, value: "RF18539007547034", valid: true))
        #expect(r.extras["at.linkKind"] == "eps")
    }

    @Test func schemeOnlyLink() {
        let r = EPS.record("epspayment://eps.or.at/?transactionid=epsABC123XYZ")
        #expect(r?.extras["at.query.transactionid"] == "epsABC123XYZ" && r?.amount == nil)
    }

    @Test func rejections() {
        #expect(EPS.error("epspayment://x?amount=1.999")?.code == .amountInvalid)
        #expect(EPS.error("eps://x")?.code == .headerInvalid)
        #expect(EPS.error("epspayment://x?iban=AT611904300234573202")?.code == .ibanInvalidChecksum)
    }

    @Test func sniff() {
        let f = AustrianEPSLink()
        #expect(f.matches(Payload(text: "epspayment://x")) && f.matches(Payload(text: "EPSPayment://x")))
        for no in ["epspayment:x", "xepspayment://x", "https://eps.or.at/", "BCD\n001\n1\nSCT\nBAWAATWW"] { #expect(!f.matches(Payload(text: no)), "\(no)") }
    }

    @Test func claimsNoForeignPayload() {
        let claims = EPS.kit.foreignClaims()
        #expect(claims.isEmpty, "\(claims.prefix(5))")
    }

    @Test func goldenFloor() { #expect(EPS.kit.goldenCaseCount >= 4) }

    @Test func mutatedFixturesNeverCrash() {
        for f in EPS.kit.fixtures() { #expect(EPS.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    @Test func seededMutationsPinned() {
        let (records, errors) = EPS.kit.seededMutations(Array(Self.fields.utf8), seed: 0xA7)
        #expect(records == 1016 && errors == 984, "records \(records), errors \(errors)")
    }
}
