import Foundation
import GiroCore
@testable import GiroUnitedKingdom
import GiroTestSupport
import Testing

@Suite struct PayByBankLinkTests {
    static let bankDetails = "https://pay.example.co.uk/request?name=Jane%20Doe&sortcode=08-99-99&accountnumber=66374958&amount=10.00&reference=INV-1"

    @Test func sortCodeAndAccountInTheRecord() throws {
        let r = try #require(UKLink.record(Self.bankDetails))
        #expect(r.format == "gb.pay-by-bank" && r.country == "GB" && r.status == .uncertain)
        #expect(r.creditor?.account == Account(number: "66374958", bankCode: "089999") && r.creditor?.name == "Jane Doe")
        #expect(r.amount == Amount(value: 10, currency: "GBP"))
        #expect(r.reference == Reference(type: .other, value: "INV-1", valid: nil))
        #expect(r.extras["gb.linkKind"] == "bank-details" && r.diagnostics.map(\.code) == [.paymentLink])
    }

    @Test func monzoPathCarriesHandleAndAmount() throws {
        let r = try #require(UKLink.record("https://monzo.me/janedoe/12.50?d=Invoice%2042"))
        #expect(r.amount == Amount(value: Decimal(string: "12.5")!, currency: "GBP") && r.remittanceInformation == "Invoice 42")
        #expect(r.extras["gb.handle"] == "janedoe" && r.extras["gb.linkKind"] == "monzo" && r.creditor == nil)
        #expect(UKLink.record("https://monzo.me/janedoe")?.amount == nil)
        #expect(UKLink.record("https://www.monzo.me/janedoe/")?.extras["gb.handle"] == "janedoe")
    }

    @Test func modulusFailureKeptUncertain() throws {
        // Official case 29 (fails MOD10) and case 23 (exception 5, second check digit wrong).
        for (sc, acc) in [("089999", "66374959"), ("938063", "15764273")] {
            let r = try #require(UKLink.record("https://x.example/p?sortcode=\(sc)&accountnumber=\(acc)"))
            #expect(UKLink.warnings(r) == ["uk_modulus_invalid"] && r.status == .uncertain && r.creditor?.account?.number == acc)
            #expect(r.warnings.first?.uncertain == true && r.warnings.first?.field == "creditor.account.number")
        }
    }

    @Test(arguments: ["107999 88837491", "202959 63748472", "938600 42368003", "086090 06774744", "309070 12345668", "180002 00000190"])
    func officialPassingCasesRaiseNoWarning(_ pair: String) {
        let p = pair.split(separator: " ")
        let r = UKLink.record("https://x.example/p?sc=\(p[0])&acc=\(p[1])")
        #expect(UKLink.warnings(r).isEmpty && r?.creditor?.account?.bankCode == String(p[0]))
    }

    @Test func normalisedAccountsSayHow() {
        let r = UKLink.record("https://x.example/p?sortcode=107999&accountnumber=837491")
        #expect(r?.extras["gb.normalisation"] == "six_digits_padded" && r?.creditor?.account?.number == "837491")
    }

    @Test func rejections() {
        #expect(UKLink.error("https://x.example/p?sortcode=08999&accountnumber=66374958")?.field == "creditor.account.bankCode")
        #expect(UKLink.error("https://x.example/p?sortcode=089999&accountnumber=12345")?.code == .fieldInvalid)
        #expect(UKLink.error("https://monzo.me/janedoe/1,50")?.code == .amountInvalid)
        #expect(UKLink.error("https://monzo.me/")?.code == .headerInvalid)
        #expect(UKLink.error("https://x.example/p?sortcode=089999")?.code == .headerInvalid)
        #expect(UKLink.error("ftp://x.example/p?sortcode=089999&accountnumber=66374958")?.code == .headerInvalid)
    }

    @Test func queryAmountWinsOverThePath() {
        let r = UKLink.record("https://monzo.me/janedoe/5?amount=6")
        #expect(r?.amount?.value == 6 && UKLink.warnings(r) == ["duplicate_key"])
    }

    @Test func sniff() {
        let f = UKPayByBankLink()
        for yes in [Self.bankDetails, "https://monzo.me/x", "HTTP://MONZO.ME/x/1", "https://a.b/?SC=1&Acc=2", "https://a.b/x?q=1&sort_code=1&account=2"] {
            #expect(f.matches(Payload(text: yes)), "\(yes)")
        }
        for no in ["https://monzo.me/", "https://monzo.me", "https://monzo.me/?d=x", "https://monzo.me.example.com/x", "https://xmonzo.me/x",
                   "https://a.b/?sortcode=1", "https://a.b/?account=2", "https://a.b/#sc=1&acc=2", "https://a.b/p#x?sc=1&acc=2", "monzo.me/x", "bank://x?sc=1&acc=2"] {
            #expect(!f.matches(Payload(text: no)), "\(no)")
        }
    }

    @Test func claimsNoForeignPayload() {
        let claims = UKLink.kit.foreignClaims()
        #expect(claims.isEmpty, "\(claims.prefix(5))")
    }

    @Test func goldenFloor() { #expect(UKLink.kit.goldenCaseCount >= 15) }

    @Test func mutatedFixturesNeverCrash() {
        for f in UKLink.kit.fixtures() { #expect(UKLink.kit.mutationFailures(f.bytes).isEmpty, "\(f.name)") }
    }

    @Test func seededMutationsPinned() {
        let (records, errors) = UKLink.kit.seededMutations(Array(Self.bankDetails.utf8), seed: 0x474B)
        #expect(records == 867 && errors == 1133, "records \(records), errors \(errors)")
    }
}
