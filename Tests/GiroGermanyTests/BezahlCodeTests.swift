import Foundation
import GiroCore
import GiroGermany
import GiroTestSupport
import Testing

/// Each authority, the account forms and the rejections.
@Suite struct BezahlCodeTests {
    @Test func vector1SEPAPaymentWithoutCurrency() throws {
        let r = try #require(BC.record(try BC.vector("bezahlcode-1")))
        #expect(r.status == .valid && r.warnings.isEmpty)
        #expect(r.creditor?.name == "GINI GMBH")
        #expect(r.creditor?.account?.iban == "DE27100777770209299700")
        #expect(r.creditor?.account?.bic == "DEUTDEMMXXX")
        #expect(r.amount == Amount(value: BC.decimal("140.4"), currency: "EUR"))
        #expect(r.remittanceInformation == "BezahlCode Test")
        #expect(r.diagnostics.map(\.code) == [.deCurrencyDefaulted])
        #expect(r.extras == ["de.authority": "singlepaymentsepa"])
    }

    @Test func vector2RawSpacesAndPlaceholderBIC() throws {
        let r = try #require(BC.record(try BC.vector("bezahlcode-2")))
        #expect(r.status == .valid)
        #expect(r.creditor?.name == "Gini Online Shop")
        #expect(r.creditor?.account?.bic == nil)
        #expect(r.amount == Amount(value: BC.decimal("47.65"), currency: "EUR"))
        #expect(Set(BC.warningCodes(r)) == ["de_unencoded_character", "placeholder_value"])
    }

    @Test func vector3ContactIsNotAPayment() throws {
        let e = try #require(BC.error(try BC.vector("bezahlcode-3")))
        #expect(e.code == .notAPayment)
        #expect(e.partial?.creditor?.name == "Wikimedia Fördergesellschaft")
        #expect(e.partial?.creditor?.account?.iban == "DE33100205000001194700")
        #expect(e.partial?.remittanceInformation == "A new v2 contact.")
        #expect(e.partial?.status == .invalid)
    }

    @Test func vector4SEPADirectDebit() throws {
        let r = try #require(BC.record(try BC.vector("bezahlcode-4")))
        let debit = try #require(r.directDebit)
        #expect(debit.scheme == "sepa" && debit.mandateID == "987543CB2")
        #expect(debit.creditorID == "DE02TSV01234567890")
        #expect(debit.validFrom == "2017-03-01")
        #expect(r.dueDate == "2017-03-01")
        #expect(r.amount == Amount(value: 10, currency: "USD"))
        #expect(r.reference == Reference(type: .other, value: "Fake SEPA reference", valid: nil))
        // QRCoder's test creditor id fails the EPC262-08 check: kept, but the record needs a look.
        #expect(r.status == .uncertain && BC.warningCodes(r) == ["de_creditor_id_invalid"])
    }

    @Test func classicAccountBecomesIBAN() throws {
        let r = try #require(BC.record("bank://singlepayment?name=A&account=532013000&bnc=37040044&amount=1,5&postingkey=51"))
        #expect(r.creditor?.account == Account(iban: "DE89370400440532013000", number: "532013000", bankCode: "37040044"))
        #expect(r.extras["de.blz"] == "37040044" && r.extras["de.account"] == "532013000")
        #expect(r.extras["de.postingKey"] == "51")
        #expect(r.diagnostics.contains { $0.code == .deIBANDerived && $0.severity == .info })
        #expect(r.status == .valid)
    }

    @Test func periodicPaymentsBecomeStandingOrders() throws {
        let r = try #require(BC.record("bank://periodicsinglepaymentsepa?name=A&iban=DE89370400440532013000&amount=45,00&currency=EUR&periodictimeunit=W&periodictimeunitrotation=2&periodicfirstexecutiondate=05012026&periodiclastexecutiondate=21122026"))
        #expect(r.standingOrder == StandingOrder(frequency: "biweekly", frequencyCode: "2W", firstDate: "2026-01-05", lastDate: "2026-12-21"))
        let monthly = try #require(BC.record("bank://periodicsinglepayment?name=A&account=1&bnc=37040044&periodictimeunit=M&periodictimeunitrotation=12"))
        #expect(monthly.standingOrder?.frequency == "annually")
        let odd = try #require(BC.record("bank://periodicsinglepaymentsepa?name=A&iban=DE89370400440532013000&periodictimeunit=M&periodictimeunitrotation=5"))
        #expect(odd.standingOrder?.frequency == nil && odd.standingOrder?.frequencyCode == "5M")
    }

    @Test func everyAuthorityIsRecognised() {
        let tails = ["singlepayment?name=A&account=1&bnc=37040044", "singlepaymentsepa?name=A&iban=DE89370400440532013000",
                     "singledirectdebit?name=A&account=1&bnc=37040044",
                     "singledirectdebitsepa?name=A&iban=DE89370400440532013000&creditorid=DE98ZZZ09999999999&mandateid=1",
                     "periodicsinglepayment?name=A&account=1&bnc=37040044&periodictimeunit=M&periodictimeunitrotation=1",
                     "periodicsinglepaymentsepa?name=A&iban=DE89370400440532013000&periodictimeunit=W&periodictimeunitrotation=1"]
        for tail in tails {
            let r = BC.record("bank://" + tail)
            #expect(r?.status == .valid, "\(tail)")
            #expect(BezahlCode().matches(Payload(text: "bank://" + tail)))
        }
        for contact in ["contact?name=A&account=1&bnc=37040044", "contact_v2?name=A&iban=DE89370400440532013000",
                        "contact?name=A&name=B&x=1&x=2", "contact_v2?iban=junk&amount=x"] {
            #expect(BC.error("bank://" + contact)?.code == .notAPayment)
        }
    }

    @Test(arguments: [
        ("iban=DE88370400440532013000", "iban_invalid_checksum", "creditor.account.iban"),
        ("iban=DE8937040044053201300", "iban_invalid_length", "creditor.account.iban"),
        ("iban=DE89370400440532013000&amount=1.234,56", "amount_invalid", "amount"),
        ("iban=DE89370400440532013000&amount=-5", "amount_invalid", "amount"),
        ("iban=DE89370400440532013000&amount=1,", "amount_invalid", "amount"),
        ("iban=DE89370400440532013000&amount=1000000000", "amount_out_of_range", "amount"),
        ("iban=DE89370400440532013000&currency=XXY&amount=1", "currency_invalid", "amount.currency"),
        ("iban=DE89370400440532013000&executiondate=32012026", "date_invalid", "dueDate"),
        ("amount=1", "field_missing", "creditor.account.iban"),
        ("account=1", "field_missing", "creditor.account.bankCode"),
        ("bnc=37040044", "field_missing", "creditor.account.number"),
        ("account=1&bnc=0123", "de_bank_code_invalid", "creditor.account.bankCode"),
        ("account=12a&bnc=37040044", "de_account_number_invalid", "creditor.account.number"),
        ("iban=DE89370400440532013000&name=B", "duplicate_key", "creditor.name"),
        ("iban=DE89370400440532013000&foo=1&FOO=2", "duplicate_key", "extras.de.unknown.foo"),
    ])
    func rejections(_ query: String, _ code: String, _ field: String) throws {
        let e = try #require(BC.error("bank://singlepaymentsepa?name=A&" + query))
        #expect(e.code.rawValue == code)
        #expect(e.field == field)
        #expect(e.format == "de.bezahlcode")
        #expect(e.partial?.status == .invalid)
    }

    @Test func errorsCarryTheRecordReadSoFar() throws {
        let e = try #require(BC.error("bank://singlepaymentsepa?name=Max&iban=DE89370400440532013000&amount=1x"))
        #expect(e.partial?.creditor?.name == "Max")
        #expect(e.partial?.creditor?.account?.iban == "DE89370400440532013000")
        #expect(e.offset == 69)
    }

    @Test func headerRejections() {
        #expect(BC.error("bank://singlepayment")?.code == .fieldMissing)
        #expect(BC.error("bank://unknownauthority?name=A")?.code == .headerInvalid)
        #expect(BC.error("bank://singlepaymentsepa/x?name=A")?.code == .headerInvalid)
        #expect(BC.error("https://singlepaymentsepa?name=A")?.code == .headerInvalid)
        #expect(BC.error("")?.code == .emptyPayload)
    }
}
