import Foundation
import GiroCore
@testable import GiroBelgium
import GiroTestSupport
import Testing

/// Payconiq links: what the query gives, what rejects, and that the sniff claims nothing else.
@Suite struct PayconiqTests {
    static let staticQR = "https://payconiq.com/t/1/5bdb1685b93d1c000bde96f2?D=Lidgeld%202026&A=1500&R=%2B%2B%2B010%2F8068%2F17183%2B%2B%2B"

    /// Payconiq's own short parameters have no public specification: kept raw, never guessed into fields.
    @Test func staticQRShortParametersStayRaw() throws {
        let r = try #require(Payconiq.record(Self.staticQR))
        #expect(r.format == "be.payconiq" && r.country == "BE" && r.status == .uncertain)
        #expect(r.amount == nil && r.remittanceInformation == nil && r.reference == nil)
        #expect(r.extras["be.query.a"] == "1500" && r.extras["be.query.d"] == "Lidgeld 2026")
        #expect(r.extras["be.query.r"] == "+++010/8068/17183+++")
        #expect(r.extras["be.url"] == Self.staticQR && r.extras["be.linkKind"] == "payconiq")
        #expect(r.diagnostics.map(\.code) == [.paymentLink] && r.diagnostics.first?.severity == .info)
    }

    @Test func commonParameterNamesMap() throws {
        let link = "https://payconiq.com/t/1/x?amount=15.00&description=Lidgeld%202026&reference=%2B%2B%2B010%2F8068%2F17183%2B%2B%2B"
        let r = try #require(Payconiq.record(link))
        #expect(r.amount == Amount(value: Decimal(string: "15")!, currency: "EUR"))
        #expect(r.remittanceInformation == "Lidgeld 2026")
        #expect(r.reference == Reference(type: .belgianStructured, value: "010806817183", valid: true))
    }

    @Test func merchantLinkWithoutFields() throws {
        let r = try #require(Payconiq.record("https://payconiq.com/pay/2/5c1b589a296e9a0f2d4b4d7e"))
        #expect(r.amount == nil && r.creditor == nil && r.reference == nil && r.status == .uncertain)
    }

    @Test func rejections() {
        #expect(Payconiq.error("https://payconiq.com/t/1/x?amount=15.001")?.code == .amountInvalid)
        #expect(Payconiq.error("https://payconiq.com/t/1/x?D=50%ZZ")?.code == .structureInvalid)
        #expect(Payconiq.error("https://payconiq.com/t/1/x?D=a b")?.code == .structureInvalid)
        #expect(Payconiq.error("https://example.com/pay?x=1")?.code == .headerInvalid)
        #expect(Payconiq.error("https://notpayconiq.com/pay/1")?.code == .headerInvalid)
        let e = Payconiq.error("https://payconiq.com/t/1/x?D=ok&amount=1.555")
        #expect(e?.offset == 32 && e?.field == "amount")
    }

    @Test func sniff() {
        let f = BelgianPayconiqLink()
        for yes in ["https://payconiq.com/pay/1/abc", "HTTPS://WWW.PAYCONIQ.COM/t/1/x", "payconiq://payment/1", "http://portal.payconiq.com/qrcode?c=1"] {
            #expect(f.matches(Payload(text: yes)), "\(yes)")
        }
        for no in ["https://payconiq.co/pay", "https://xpayconiq.com/pay", "payconiq.com/pay/1", "https://payconiq.com.evil.io/",
                   "BCD\n002\n1\nSCT", "https://example.com/pay?x=1", ""] {
            #expect(!f.matches(Payload(text: no)), "\(no)")
        }
    }

    @Test func goldenFloor() { #expect(Payconiq.kit.goldenCaseCount >= 8) }
}

@Suite struct PayconiqSniffIsolationTests {
    @Test func claimsNoForeignPayload() {
        let claims = Payconiq.kit.foreignClaims()
        #expect(claims.isEmpty, "\(claims.prefix(5))")
    }
}
