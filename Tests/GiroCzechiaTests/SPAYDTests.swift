import Foundation
import GiroCore
import GiroCzechia
import Testing

/// SPAYD payment orders, standing orders and direct-debit consents: what each key becomes.
@Suite struct SPAYDTests {
    @Test func officialPaymentOrder() throws {
        let r = try #require(CZ.record(CZ.base))
        #expect(r.format == "cz.spayd" && r.country == "CZ" && r.formatVersion == "1.0" && r.status == .valid)
        #expect(r.creditor?.account?.iban == "CZ3301000000000002970297")
        #expect(r.creditor?.account?.number == "2970297/0100" && r.creditor?.account?.bankCode == "0100")
        #expect(r.amount == Amount(value: Decimal(string: "555.55")!, currency: "CZK"))
        #expect(r.reference == Reference(type: .czechPaymentIdentifier, value: "7004139146", valid: nil))
        #expect(r.symbols == PaymentSymbols(variable: "0987654321", constant: "0558", specific: "1234567890"))
        #expect(r.dueDate == "2021-04-30")
        #expect(r.remittanceInformation == "PRISPEVEK NA NADACI")
        #expect(r.standingOrder == nil && r.directDebit == nil && r.diagnostics.isEmpty)
    }

    @Test func instantPaymentRequest() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-2")))
        #expect(r.extras["cz.paymentType"] == "IP")
    }

    @Test func standingOrder() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-3")))
        #expect(r.standingOrder == StandingOrder(frequency: "monthly", frequencyCode: "1M", firstDate: "2021-04-30",
                                                 lastDate: "2023-04-30", stopOnDeath: false))
        #expect(r.dueDate == nil)
        #expect(r.amount?.value == Decimal(string: "555.55"))
    }

    @Test(arguments: [("1D", "daily"), ("1M", "monthly"), ("3M", "quarterly"), ("6M", "semiannually"), ("1Y", "annually")])
    func frequencies(_ code: String, _ name: String) throws {
        let r = try #require(CZ.record(CZ.base + "*FRQ:" + code))
        #expect(r.standingOrder?.frequency == name && r.standingOrder?.frequencyCode == code)
    }

    @Test func directDebitConsent() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-4")))
        #expect(r.amount == nil, "SCD's AM is a limit, not a payment")
        let dd = try #require(r.directDebit)
        #expect(dd.maxAmount?.value == Decimal(string: "555.55") && dd.limitPeriod == "monthly")
        #expect(dd.validFrom == "2021-04-30" && dd.validTill == "2026-04-30" && dd.stopOnDeath == false)
        #expect(r.extras["cz.descriptor"] == "SCD")
    }

    @Test func percentEncodedUTF8AndRepeatedCustomKeys() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-5")))
        #expect(r.remittanceInformation == "T-Mobile - QR platba123áé ‰*")
        #expect(r.extras["cz.unknown.X-CUSTOM"] == "123" && r.extras["cz.unknown.X-CUSTOM#2"] == "456" && r.extras["cz.unknown.X-CUSTOM#3"] == "orang utan")
        #expect(r.alternativeAccounts.map(\.iban) == ["CZ9003000000192235210247", "CZ4601000000192235210247"])
        #expect(r.creditor?.name == "T-Mobile Czech Republic a.s.")
        #expect(r.creditor?.account?.number == "19-2235210247/0800")
    }

    @Test(arguments: ["spayd-6", "spayd-7"])
    func crc32Verified(_ vector: String) throws {
        let r = try #require(CZ.record(try CZ.vector(vector)))
        #expect(r.warnings.isEmpty && r.status == .valid)
        #expect(r.extras["cz.crc32"] != nil)
    }

    @Test func crc32IsOverTheCanonicalSortedString() {
        // spayd-kotlin's worked example: with the final '*' the CRC is 2B3CD92E, without it 87E9CCB6.
        let canonical = "SPD*1.0*ACC:CZ0608000000192235210247*ALT-ACC:CZ9003000000192235210247,CZ4601000000192235210247*AM:399.01*CC:CZK*MSG:T-Mobile - QR platba123%C3%A1%C3%A9 %E2%80%B0%2A*RN:T-Mobile Czech Republic a.s.*X-CUSTOM:ayyy*X-CUSTOM:ayyyy*X-CUSTOM:orang utan*X-SS:11*X-VS:1113334445*"
        #expect(CRC32.hex(CRC32.checksum(Array(canonical.utf8))) == "2B3CD92E")
        #expect(CRC32.hex(CRC32.checksum(Array(canonical.utf8.dropLast()))) == "87E9CCB6")
        // Attribute order in the payload does not matter: the CRC is over the sorted form.
        let shuffled = "SPD*1.0*X-VS:1113334445*CRC32:2B3CD92E*RN:T-Mobile Czech Republic a.s.*AM:399.01*X-CUSTOM:orang utan*CC:CZK*X-CUSTOM:ayyyy*ACC:CZ0608000000192235210247*MSG:T-Mobile - QR platba123%C3%A1%C3%A9 %E2%80%B0%2A*X-SS:11*ALT-ACC:CZ9003000000192235210247,CZ4601000000192235210247*X-CUSTOM:ayyy"
        #expect(CZ.warnings(CZ.record(shuffled)) == [])
    }

    @Test func ibanWithBIC() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-8")))
        #expect(r.creditor?.account?.bic == "RZBCCZPP" && r.creditor?.account?.number == "1265098001/5500")
        #expect(r.reference?.value == "1234567890123456")
    }

    @Test func embeddedInvoice() throws {
        let r = try #require(CZ.record(try CZ.vector("spayd-sid-1")))
        let inv = try #require(r.invoice)
        #expect(inv.id == "1963/160/2015" && inv.issueDate == "2016-12-01" && inv.taxPointDate == "2016-12-01")
        #expect(inv.sellerVATID == "CZ60194383" && inv.sellerCompanyID == "60194383" && inv.buyerVATID == "CZ12345678")
        #expect(inv.taxes == [InvoiceTax(rateClass: "standard", base: 1000, tax: 210), InvoiceTax(rateClass: "reduced1", base: 6500, tax: 975)])
        #expect(inv.nonTaxableAmount == 850 && inv.totalAmount == nil)
        #expect(r.amount?.value == 9535)
    }

    @Test func valuesMayContainColons() throws {
        let r = try #require(CZ.record(CZ.base.replacingOccurrences(of: "MSG:PRISPEVEK NA NADACI", with: "MSG:CAS 10:30")))
        #expect(r.remittanceInformation == "CAS 10:30")
    }

    @Test func plusStaysPlus() throws {
        #expect(CZ.record(CZ.base.replacingOccurrences(of: "NA NADACI", with: "A+B"))?.remittanceInformation == "PRISPEVEK A+B")
    }

    @Test func emptyOptionalValuesReadAsAbsent() throws {
        let r = try #require(CZ.record("SPD*1.0*ACC:CZ3301000000000002970297*AM:*MSG:*X-VS:"))
        #expect(r.amount == nil && r.remittanceInformation == nil && r.symbols == nil)
    }

    @Test(arguments: [
        ("SPD*1.0*AM:1", "field_missing"),
        ("SPD*1.0*ACC:CZ5855000000001265098021", "iban_invalid_checksum"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*AM:123,0", "amount_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*AM:1.005", "amount_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*AM:-1", "amount_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*AM:10000000", "amount_out_of_range"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*CC:CZ", "currency_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*CC:XXY", "currency_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*RF:12345678901234560", "field_too_long"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*RF:12A", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*DT:2021043", "date_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*DL:20211301", "date_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*FRQ:1W", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*DH:X", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*NT:S", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*X-PER:45", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*X-KS:12345678901", "field_too_long"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*PT:INST", "field_too_long"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*CRC32:12345", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*AM:1*AM:1", "duplicate_key"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*X-VS:1*X-VS:2", "duplicate_key"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*Msg:x", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*-X:x", "field_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001**AM:1", "structure_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*:1", "structure_invalid"),
        ("SPD*X.0*ACC:CZ5855000000001265098001", "version_unsupported"),
        ("SPD*", "version_unsupported"),
        ("SPE*1.0*ACC:CZ5855000000001265098001", "header_invalid"),
        ("SPD*1.0*ACC:CZ5855000000001265098001*X-INV:SID%2A1.0%2AID:1%2ADD:2024", "date_invalid"),
    ])
    func rejections(_ text: String, _ code: String) {
        #expect(CZ.error(text)?.code.rawValue == code, "\(text)")
    }

    @Test func errorsCarryTheKeyAndOffset() throws {
        let e = try #require(CZ.error("SPD*1.0*ACC:CZ5855000000001265098001*X-VS:12A"))
        #expect(e.field == "X-VS" && e.offset == 37 && e.format == "cz.spayd")
        let inner = try #require(CZ.error("SPD*1.0*ACC:CZ5855000000001265098001*X-INV:SID%2A1.0%2AID:1%2ADD:2024"))
        #expect(inner.field == "invoice.DD")
    }

    @Test func matchesOnlySPDAndSCD() {
        #expect(CZ.spayd.matches(Payload(text: "SPD*1.0*")) && CZ.spayd.matches(Payload(text: "SCD*1.0*")))
        #expect(!CZ.spayd.matches(Payload(text: "SID*1.0*")) && !CZ.spayd.matches(Payload(text: "SPD1.0")))
        #expect(CZ.sid.matches(Payload(text: "SID*1.0*")) && !CZ.sid.matches(Payload(text: "SPD*1.0*")))
    }
}
