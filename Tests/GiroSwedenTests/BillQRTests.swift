import GiroCore
@testable import GiroSweden
import GiroTestSupport
import Testing

/// The UsingQR bill code: amounts as exact decimals from the JSON text, accounts checked by payment type.
@Suite struct BillQRTests {
    @Test func bankgiroInvoice() throws {
        let r = try #require(BillQR.record(#"{"uqr":1,"tp":1,"nme":"Testbolaget AB","cid":"556677-8899","iref":"102343","idt":"20261001","ddt":"20261031","due":12500,"pt":"BG","acc":"5050-1055"}"#))
        #expect(r.status == .valid && r.formatVersion == "1")
        #expect(r.creditor?.name == "Testbolaget AB" && r.creditor?.account?.number == "5050-1055")
        #expect(r.amount == Amount(value: 12500, currency: "SEK") && r.dueDate == "2026-10-31")
        #expect(r.reference == Reference(type: .swedishOCR, value: "102343", valid: true))
        #expect(r.extras["se.qr.idt"] == "2026-10-01" && r.extras["se.qr.cid"] == "556677-8899" && r.extras["se.qr.pt"] == "BG")
    }

    @Test func amountIsExact() throws {
        let r = try #require(BillQR.record(#"{"uqr":1,"tp":1,"nme":"A","cid":"1","iref":"1001","ddt":"20220806","due":1234.56,"pt":"PG","acc":"176099-0"}"#))
        #expect(r.amount?.value == BillQR.kit.decimal("1234.56") && r.creditor?.account?.number == "17 60 99-0")
        #expect(r.reference?.type == .other)
        let nok = try #require(BillQR.record(try BillQR.vector("reinholdtsen-norwegian")))
        #expect(nok.amount == Amount(value: 2500, currency: "NOK") && nok.creditor?.account?.number == "17202612345")
    }

    @Test(arguments: [
        (#"{"uqr":1,"pt":"BG","acc":"5050-1056"}"#, "se_check_digit_invalid", "creditor.account.number"),
        (#"{"uqr":2,"pt":"BG","acc":"5050-1055"}"#, "version_unsupported", "uqr"),
        (#"{"uqr":1,"pt":"BG"}"#, "field_missing", "creditor.account"),
        (#"{"uqr":1,"pt":"BG","acc":"5050-1055","due":"1e3"}"#, "amount_invalid", "amount"),
        (#"{"uqr":1,"pt":"IBAN","acc":"SE00 1234"}"#, "iban_invalid_length", "creditor.account.iban"),
        (#"{"uqr":1,"pt":"BG","acc":"5050-1055","ddt":"2022-08-06"}"#, "date_invalid", "dueDate"),
        (#"{"uqr":1,"pt":"BG","acc":"5050-1055""#, "structure_invalid", "payload"),
    ] as [(String, String, String)])
    func rejections(_ json: String, _ code: String, _ field: String) throws {
        let e = try #require(BillQR.error(json))
        #expect(e.code.rawValue == code && e.field == field, "\(e)")
    }

    @Test func onlyUQRObjectsMatch() {
        #expect(SwedishBillQR().matches(Payload(text: #" {"uqr":1}"#)))
        #expect(!SwedishBillQR().matches(Payload(text: #"{"amount":1}"#)))
        #expect(!SwedishBillQR().matches(Payload(text: "BCD\n002\n1\nSCT")))
    }
}
