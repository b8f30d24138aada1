import Foundation
import GiroCore
import GiroCroatia
import GiroTestSupport
import Testing

/// The rules of HUB3 (Prilog A): 14 fields, currency, amount in cents, recipient IBAN, model + reference.
@Suite struct HUB3Tests {
    @Test func specSampleIsRejectedForItsReferenceButCarriesEveryField() throws {
        // The spec's own sample fails MOD11INI (computed 8, printed 9): rejected (decoding policy), with every
        // field read before the reference in `partial`.
        let e = try #require(HUB3.expectRejection(try HUB3.vector("hub3-1"), .referenceInvalidChecksum))
        #expect(e.field == "reference" && e.line == 12)
        let r = try #require(e.partial)
        #expect(r.format == "hr.hub3" && r.country == "HR" && r.status == .invalid)
        #expect(r.amount == Amount(value: HUB3.decimal("123.55"), currency: "HRK"))
        #expect(r.debtor?.name == "ZELJKO SENEKOVIC")
        #expect(r.debtor?.address == Address(street: "IVANECKA ULICA 125", postalCode: "42000", town: "VARAZDIN"))
        #expect(r.creditor?.name == "2DBK d.d." && r.creditor?.account?.iban == "HR1210010051863000160")
        #expect(r.creditor?.address == Address(street: "ALKARSKI PROLAZ 13B", postalCode: "21230", town: "SINJ"))
        #expect(r.reference?.model == "HR01" && r.reference?.valid == false)
        #expect(r.reference?.parts == ["7269", "68949637676", "00019"])
        #expect(r.purpose == nil && r.remittanceInformation == nil)
    }

    @Test func goldenFloor() { #expect(HUB3.goldenCaseCount >= 32) }

    @Test func utf8DiacriticsWithoutECI() throws {
        // The same reference as hub3-1 (rejected); the names before it are read as UTF-8.
        let e = try #require(HUB3.expectRejection(try HUB3.vector("hub3-2"), .referenceInvalidChecksum))
        #expect(e.partial?.debtor?.name == "ŽELJKO SENEKOVIĆ" && e.partial?.source.charset == "UTF-8")
    }

    @Test func finaExamplesValidate() {
        for (model, reference) in [("HR01", "102-3057-89016"), ("HR01", "10-230578901-6"), ("HR02", "1023-5789010"),
                                   ("HR06", "102-3057-89015"), ("HR00", "123-456-789")] {
            let r = HUB3.record(HUB3Payload.changed([10: model, 11: reference]))
            #expect(r?.reference?.valid == true && r?.warnings.isEmpty == true && r?.status == .valid, "\(model) \(reference)")
        }
    }

    @Test func noReferenceIsHR99() {
        let r = HUB3.record(HUB3Payload.changed([10: "HR99", 11: ""]))
        #expect(r?.reference == nil && r?.warnings.isEmpty == true)
    }

    @Test func headerMustBeHRVHUB30() {
        #expect(HUB3.error(HUB3Payload.changed([0: "HRVHUB300"]))?.code == .headerInvalid)
        #expect(!HUB3.format.matches(Payload(bytes: Array("HRVHUB20\n".utf8))))
    }

    @Test func currency() {
        #expect(HUB3.record(HUB3Payload.changed([1: "HRK"]))?.amount?.currency == "HRK")
        #expect(HUB3.error(HUB3Payload.changed([1: "USD"]))?.code == .currencyNotAllowed)
        #expect(HUB3.error(HUB3Payload.changed([1: "EU"]))?.code == .currencyInvalid)
        #expect(HUB3.error(HUB3Payload.changed([1: ""]))?.code == .fieldMissing)
    }

    @Test(arguments: ["000000000123.55", "00000000012355A", "-00000000012355", "123,55"])
    func amountMustBeDigits(_ text: String) {
        #expect(HUB3.error(HUB3Payload.changed([2: text]))?.code == .amountInvalid)
    }

    @Test func amountLimits() {
        #expect(HUB3.error(HUB3Payload.changed([2: "0000000000012355"]))?.code == .amountOutOfRange)
        #expect(HUB3.error(HUB3Payload.changed([2: ""]))?.code == .fieldMissing)
        #expect(HUB3.record(HUB3Payload.changed([2: "999999999999999"]))?.amount?.value == HUB3.decimal("9999999999999.99"))
        let zero = HUB3.record(HUB3Payload.changed([2: "000000000000000"]))
        #expect(zero?.amount?.value == 0 && zero?.diagnostics.map(\.code) == [.amountZero])
    }

    @Test func recipientAccount() throws {
        #expect(HUB3.error(HUB3Payload.changed([9: ""]))?.code == .fieldMissing)
        #expect(HUB3.error(try HUB3.vector("hub3-4"))?.code == .ibanInvalidChecksum)
        #expect(HUB3.error(try HUB3.vector("hub3-6"))?.code == .ibanInvalidLength)
        #expect(HUB3.error(HUB3Payload.changed([9: "HR1210010051863000161"]))?.code == .ibanInvalidChecksum)
        #expect(HUB3.error(HUB3Payload.changed([9: "1001005-1863000161"]))?.code == .ibanInvalidNationalCheck)
        let e = HUB3.error(HUB3Payload.changed([9: "HR12100100518630001"]))
        #expect(e?.field == "creditor.account.iban" && e?.line == 10)
    }

    @Test func fewerThan14FieldsAreRejected() {
        #expect(HUB3.error(HUB3Payload.bytes(Array(HUB3Payload.base.prefix(12))))?.code == .structureInvalid)
        // Empty fields 12–14 still count when their separators are there.
        let r = HUB3.record(HUB3Payload.changed([10: "HR99", 11: "", 12: "", 13: ""]))
        #expect(r?.warnings.isEmpty == true && r?.remittanceInformation == nil)
    }

    @Test func referenceCheckFailureRejects() {
        let e = HUB3.expectRejection(HUB3Payload.changed([11: "102-3057-89017"]), .referenceInvalidChecksum)
        #expect(e?.message.contains("check digit") == true && e?.partial?.reference?.valid == false)
        #expect(e?.partial?.creditor?.account?.iban == "HR1210010051863000160")
    }

    @Test func malformedModel() {
        let r = HUB3.record(HUB3Payload.changed([10: "XX01"]))
        #expect(r?.reference?.type == .other && HUB3.warningCodes(r) == ["reference_type_invalid"] && r?.status == .uncertain)
    }

    @Test func pdf417AndQRDecodeAlike() {
        let bytes = HUB3Payload.bytes()
        let a = try? HUB3.format.decode(Payload(bytes: bytes, symbology: .pdf417))
        let b = try? HUB3.format.decode(Payload(bytes: bytes, symbology: .qr))
        #expect(a?.creditor == b?.creditor && a?.amount == b?.amount && a?.source.symbology == "pdf417" && b?.source.symbology == "qr")
    }

    @Test func eciSelectsTheCharset() {
        let latin2 = Charset.iso8859_2.encode(HUB3Payload.with([3: "Željko Šenečić"]).joined(separator: "\n") + "\n") ?? []
        let r = HUB3.record(latin2, eci: 4)
        #expect(r?.debtor?.name == "Željko Šenečić" && r?.warnings.isEmpty == true && r?.source.charset == "ISO-8859-2")
        #expect(HUB3.error(latin2, eci: 26)?.code == .charsetInvalid)
        #expect(HUB3.error(HUB3Payload.bytes(), eci: 20)?.code == .charsetUnsupported)
    }
}
