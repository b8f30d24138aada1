import Foundation
import GiroCore
import GiroCzechia
import Testing

/// QR Faktura (SID): the invoice descriptor and the payable data copied from it.
@Suite struct SIDTests {
    static let base = "SID*1.0*ID:FV2024-001*DD:20240105*AM:1210.00"

    @Test func realMoneyS5Invoice() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-sid-2")))
        #expect(r.format == "cz.sid" && r.status == .valid && r.warnings.isEmpty)
        let inv = try #require(r.invoice)
        #expect(inv.id == "2001401154" && inv.issueDate == "2014-04-04" && inv.dueDate == "2014-04-12")
        #expect(inv.totalAmount == 61189 && inv.nonTaxableAmount == Decimal(string: "-0.24"))
        #expect(inv.taxPerformance == "0" && inv.documentType == "0" && inv.includesAdvances == false)
        #expect(inv.software == "MoneyS5-1.7.1" && inv.account?.bic == "KOMBCZPP")
        #expect(r.amount == Amount(value: 61189, currency: "CZK"))
        #expect(r.creditor?.account?.iban == "CZ9701000000007098760287" && r.dueDate == "2014-04-12")
        #expect(r.symbols?.variable == "3310001054")
    }

    @Test func allFields() throws {
        let text = Self.base + "*TB2:10*T2:1*DPPD:20240110*FX:25.123*FXA:100*CC:EUR*X-URL:HTTP://X.CZ*X-SHOP:7"
        let inv = try #require(CZ.record(text)?.invoice)
        #expect(inv.taxes == [InvoiceTax(rateClass: "reduced2", base: 10, tax: 1)])
        #expect(inv.taxDeclarationDate == "2024-01-10" && inv.exchangeRate == Decimal(string: "25.123") && inv.foreignCurrencyUnits == 100)
        #expect(inv.currency == "EUR" && inv.url == "HTTP://X.CZ" && inv.unknownTags == ["X-SHOP": "7"])
        #expect(inv.raw == text)
    }

    @Test func currencyDefaultsToCZKForThePayableAmount() throws {
        #expect(CZ.record(Self.base)?.amount?.currency == "CZK")
    }

    @Test(arguments: [
        ("SID*1.0*DD:20240105*AM:1", "field_missing"),
        ("SID*1.0*ID:1*AM:1", "field_missing"),
        ("SID*1.0*ID:1*DD:20240105", "field_missing"),
        ("SID*1.0*ID:1*DD:20240230*AM:1", "date_invalid"),
        (base + "*TP:5", "field_invalid"),
        (base + "*TD:6", "field_invalid"),
        (base + "*SA:2", "field_invalid"),
        (base + "*VS:1A", "field_invalid"),
        (base + "*VIR:CZ-1", "identification_invalid"),
        (base + "*INR:123456789", "field_too_long"),
        (base + "*T0:1.234", "amount_invalid"),
        (base + "*CC:czk", "currency_invalid"),
        (base + "*FX:1,5", "field_invalid"),
        (base + "*DD:20240106", "duplicate_key"),
        (base + "*ACC:CZ5855000000001265098002", "iban_invalid_checksum"),
        ("SID*1.0*ID:" + String(repeating: "1", count: 41) + "*DD:20240105*AM:1", "field_too_long"),
    ])
    func rejections(_ text: String, _ code: String) {
        #expect(CZ.error(text)?.code.rawValue == code, "\(text)")
    }
}
