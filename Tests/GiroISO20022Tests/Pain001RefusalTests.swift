import Foundation
import Giro
import GiroTestSupport
import Testing

/// Records that cannot be a credit transfer are refused with a stable code, naming the record and field.
@Suite struct Pain001RefusalTests {
    static func transfer(amount: String? = "12.30", currency: String = "EUR", iban: String? = "DE89370400440532013000") -> PaymentRecord {
        var r = PaymentRecord(format: "sepa.epc-qr", country: nil, formatVersion: "002")
        r.creditor = Party(name: "Creditor", account: Account(iban: iban, number: iban == nil ? "19-2000145399/0800" : nil))
        r.amount = amount.flatMap { DecimalText.parse($0) }.map { Amount(value: $0, currency: currency) }
        return r
    }

    func refusal(_ records: [PaymentRecord], _ flavor: Pain001Flavor = .sepa) -> GiroError? {
        do throws(GiroError) {
            _ = try Pain001Export.document(records, options: Pain001Support.options(flavor))
            return nil
        } catch { return error }
    }

    @Test func nationalAccountOnly() {
        let e = refusal([Self.transfer(), Self.transfer(iban: nil)])
        #expect(e?.code == .exportIBANMissing)
        #expect(e?.field == "records[1].creditor.account.iban")
    }

    @Test func nationalAccountConvertedByTheCountryRule() throws {
        var r = Self.transfer(iban: nil)
        r.country = "CZ"
        r.creditor?.account?.number = "19-2000145399/0800"
        let converted = r.withNationalAccountIBAN()
        #expect(converted.creditor?.account?.iban == "CZ6508000000192000145399")
        let doc = try Pain001Export.document([converted], options: Pain001Support.options(.v03))
        #expect(doc.xml.contains("<IBAN>CZ6508000000192000145399</IBAN>"))
        // A number that fails its check stays without IBAN and is refused.
        r.creditor?.account?.number = "19-2000145398/0800"
        #expect(r.withNationalAccountIBAN().creditor?.account?.iban == nil)
    }

    @Test func missingAndNonPositiveAmounts() {
        #expect(refusal([Self.transfer(amount: nil)])?.code == .exportAmountMissing)
        #expect(refusal([Self.transfer(amount: "0")])?.code == .exportAmountNotPositive)
        #expect(refusal([Self.transfer(amount: "-5.00")])?.field == "records[0].amount.value")
        #expect(refusal([Self.transfer(amount: "1.005")])?.code == .amountInvalid)
        #expect(refusal([Self.transfer(amount: "1000000000.00")])?.code == .amountOutOfRange)
    }

    @Test func currencyPerFlavour() {
        #expect(refusal([Self.transfer(currency: "CZK")], .sepa)?.code == .currencyNotAllowed)
        #expect(refusal([Self.transfer(currency: "USD")], .ch)?.code == .currencyNotAllowed)
        #expect(refusal([Self.transfer(currency: "CZK")], .v03) == nil)
        #expect(refusal([Self.transfer(currency: "eur")], .v03)?.code == .currencyInvalid)
    }

    @Test func paymentLinkAndContact() throws {
        let link = try Pain001Support.record("nl.payment-link/" + (try linkFixture()))
        #expect(refusal([link])?.code == .exportNotATransfer)
        var contact = Self.transfer()
        contact.extras["de.authority"] = "contact_v2"
        #expect(refusal([contact])?.code == .exportNotATransfer)
        var rejected = Self.transfer()
        rejected.status = .invalid
        #expect(refusal([rejected])?.field == "records[0].status")
    }

    @Test func qrReferenceIsNotSEPA() throws {
        var qrr = try Pain001Support.record("ch.qr-bill/valid-qrr-1.txt")
        qrr.amount?.currency = "EUR"
        #expect(qrr.reference?.type == .qrReference)
        #expect(refusal([qrr], .sepa)?.code == .referenceTypeInvalid)
        #expect(refusal([qrr], .ch) == nil)
    }

    @Test func debtorAndOptions() {
        var o = Pain001Support.options(.sepa)
        o.debtorIBAN = "DE89370400440532013001"
        #expect(throws: GiroError.self) { try Pain001Export.document([Self.transfer()], options: o) }
        o = Pain001Support.options(.sepa)
        o.executionDate = "2026-13-01"
        #expect(code(o) == .dateInvalid)
        o.executionDate = "2026-02-29"
        #expect(code(o) == .dateInvalid)
        o.executionDate = "2028-02-29"
        #expect(code(o) == nil)
        o = Pain001Support.options(.sepa)
        o.messageID = "bad id with spaces"
        #expect(code(o) == .fieldInvalid)
        o = Pain001Support.options(.ch)
        o.debtorIBAN = "DE89370400440532013000"
        #expect(code(o)?.rawValue == "field_missing")
        #expect(refusal([])?.code == .exportRecordCount)
    }

    func code(_ options: Pain001Options) -> ErrorCode? {
        do throws(GiroError) {
            _ = try Pain001Export.document([Self.transfer()], options: options)
            return nil
        } catch { return error.code }
    }

    func linkFixture() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: Pain001Support.root.appendingPathComponent("fixtures/payloads/nl.payment-link").path)
        return try #require(names.sorted().first { ($0.hasPrefix("valid") || $0.hasPrefix("tolerate")) && $0.hasSuffix(".txt") })
    }
}
