import Foundation
import GiroCore
@testable import GiroNetherlands
import GiroTestSupport
import Testing

@Suite struct DutchPaymentLinkTests {
    static let ideal = "https://ideal.nl/betalen?amount=12.50&name=Stichting%20Voorbeeld&iban=NL91ABNA0417164300&omschrijving=Factuur%202026-001&kenmerk=5000056789012345"

    @Test func idealLinkFields() throws {
        let r = try #require(NLLink.record(Self.ideal))
        #expect(r.format == "nl.payment-link" && r.country == "NL" && r.status == .uncertain)
        #expect(r.amount == Amount(value: Decimal(string: "12.5")!, currency: "EUR"))
        #expect(r.creditor?.name == "Stichting Voorbeeld" && r.creditor?.account?.iban == "NL91ABNA0417164300")
        #expect(r.remittanceInformation == "Factuur 2026-001")
        #expect(r.reference == Reference(type: .dutchPaymentReference, value: "5000056789012345", valid: true))
        #expect(r.extras["nl.linkKind"] == "ideal" && r.extras["nl.url"] == Self.ideal)
        #expect(r.diagnostics.map(\.code) == [.paymentLink] && r.warnings.isEmpty)
    }

    @Test(arguments: [("https://tikkie.me/pay/Tikkie/abc", "tikkie"), ("https://betaalverzoek.rabobank.nl/betaalverzoek/?id=x", "betaalverzoek"),
                      ("https://qr.ideal.nl/x", "ideal"), ("HTTPS://TIKKIE.ME/pay/x", "tikkie")])
    func linkKinds(_ link: String, _ kind: String) {
        #expect(NLLink.record(link)?.extras["nl.linkKind"] == kind)
    }

    @Test func rejections() {
        #expect(NLLink.error("https://ideal.nl/betalen?iban=NL91ABNA0417164301")?.code == .ibanInvalidChecksum)
        #expect(NLLink.error("https://ideal.nl/betalen?amount=12,50")?.code == .amountInvalid)
        #expect(NLLink.error("https://ideal.nl/betalen?name=%C3%28")?.code == .charsetInvalid)
        #expect(NLLink.error("https://betaalverzoek.nl/x")?.code == .headerInvalid)
        #expect(NLLink.error("https://idealnl.com/x")?.code == .headerInvalid)
    }

    @Test func sniff() {
        let f = DutchPaymentLink()
        #expect(f.matches(Payload(text: Self.ideal)) && f.matches(Payload(text: "http://tikkie.me/x")))
        for no in ["https://tikkie.me.example.com/", "https://xideal.nl/", "tikkie.me/pay", "ftp://tikkie.me/", "https://betaalverzoek.nl/"] {
            #expect(!f.matches(Payload(text: no)), "\(no)")
        }
    }

    @Test func claimsNoForeignPayload() {
        let claims = NLLink.kit.foreignClaims()
        #expect(claims.isEmpty, "\(claims.prefix(5))")
    }

    @Test func goldenFloor() { #expect(NLLink.kit.goldenCaseCount >= 10) }

    @Test func mutatedFixturesNeverCrash() {
        for f in NLLink.kit.fixtures() { #expect(NLLink.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    @Test func seededMutationsPinned() {
        let (records, errors) = NLLink.kit.seededMutations(Array(Self.ideal.utf8), seed: 0x4E4C)
        #expect(records == 1059 && errors == 941, "records \(records), errors \(errors)")
    }
}
