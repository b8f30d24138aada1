import Foundation
import GiroCore
import GiroTestSupport
import GiroSerbia
import Testing

/// The rules of the NBS IPS QR code (Prilog 1 and the NBS recommendations).
@Suite struct IPSTests {
    @Test func printedBillDecodesEveryTag() throws {
        let r = try #require(IPS.record(IPSPayload.bytes()))
        #expect(r.status == .valid && r.diagnostics.isEmpty)
        #expect(r.creditor?.name == "Telekom Srbija A.D." && r.creditor?.address?.lines == ["Takovska 2", "Beograd"])
        #expect(r.creditor?.account == Account(iban: "RS35160000000000060216", number: "160-0000000000602-16", bankCode: "160"))
        #expect(r.amount == Amount(value: IPS.decimal("999.99"), currency: "RSD"))
        #expect(r.debtor?.name == "SAVVAS RADEVIĆ" && r.debtor?.address?.lines == ["IMEULICE 01", "11000 BEOGRAD 6"])
        #expect(r.purpose == "189" && r.remittanceInformation == "MTS Račun 01/2020 12345566/2")
        #expect(r.reference == Reference(type: .serbianModel, value: "97082240113797893", valid: true, model: "97", parts: ["082240113797893"]))
        #expect(r.extras["rs.kind"] == "PR")
    }

    @Test func crlfInsideNameAndPayer() throws {
        let r = try #require(IPS.record(try IPS.vector("nbs-ips-2")))
        #expect(r.creditor?.address?.lines == ["BALKANSKA 13"] && r.debtor?.address?.lines == ["ŽUPSKA 13", "BEOGRAD 6"])
        #expect(r.warnings.isEmpty && r.reference?.valid == true)
    }

    @Test func infostanModel11WithHyphens() throws {
        let r = try #require(IPS.record(try IPS.vector("nbs-ips-3")))
        #expect(r.reference?.model == "11" && r.reference?.value == "11800577342080-25127-1" && r.warnings.isEmpty)
    }

    @Test func model97CheckFailureRejectsWithThePartialRecord() throws {
        let e = try #require(IPS.expectRejection(try IPS.vector("nbs-ips-4"), .referenceInvalidChecksum))
        #expect(e.field == "reference" && e.partial?.reference?.valid == false)
        #expect(e.partial?.creditor?.account?.iban != nil && e.partial?.amount != nil)
    }

    @Test func goldenFloor() { #expect(IPS.goldenCaseCount >= 29) }

    @Test func referenceModels() {
        #expect(IPS.record(IPSPayload.changed("RO", "001234"))?.reference?.valid == true)
        #expect(IPS.record(IPSPayload.changed("RO", "9714123412"))?.reference?.valid == true)
        let bad = IPS.expectRejection(IPSPayload.changed("RO", "97-1412-3412"), .referenceInvalidChecksum)
        #expect(bad?.partial?.reference?.valid == false)
        IPS.expectRejection(IPSPayload.changed("RO", "9714123413"), .referenceInvalidChecksum)
        IPS.expectRejection(IPSPayload.changed("RO", "00" + String(repeating: "1", count: 30)), .referenceInvalidChecksum)
        let noModel = IPS.record(IPSPayload.changed("RO", "AB12"))
        #expect(noModel?.reference?.type == .other && IPS.warningCodes(noModel) == ["reference_type_invalid"])
        #expect(noModel?.status == .uncertain)
    }

    @Test func model22HasExactlyOneValidCheckDigit() {
        let valid = (0...9).filter { d in IPS.decodeError(IPSPayload.changed("RO", "22123456\(d)")) == nil }
        #expect(valid.count == 1)
    }

    @Test func allFourKinds() {
        for kind in ["PR", "PT", "EK"] {
            let r = IPS.record(IPSPayload.changed("K", kind))
            #expect(r?.extras["rs.kind"] == kind)
        }
        #expect(IPS.error(IPSPayload.changed("K", "PX"))?.code == .headerInvalid)
        #expect(!IPS.format.matches(Payload(bytes: IPSPayload.changed("K", "PX"))))
    }

    @Test func versionAndCharset() {
        #expect(IPS.error(IPSPayload.changed("V", "00"))?.code == .versionUnsupported)
        #expect(IPS.error(IPSPayload.changed("V", "1"))?.code == .versionUnsupported)
        #expect(IPS.error(IPSPayload.changed("C", "2"))?.code == .charsetUnsupported)
        #expect(IPS.error(IPSPayload.changed("V", nil))?.code == .fieldMissing)
        #expect(IPS.error([0x4B, 0x3A, 0x50, 0x52, 0x7C, 0xC3, 0x28])?.code == .charsetInvalid)
    }

    @Test func payeeAccount() {
        #expect(IPS.error(IPSPayload.changed("R", "160000000000060217"))?.code == .ipsAccountInvalid)
        #expect(IPS.error(IPSPayload.changed("R", "16000000000006021"))?.code == .ipsAccountInvalid)
        #expect(IPS.error(IPSPayload.changed("R", "RS35160000000000060216"))?.code == .ipsAccountInvalid)
        #expect(IPS.error(IPSPayload.changed("R", nil))?.code == .fieldMissing)
    }

    @Test(arguments: [("RSD999,99", "999.99"), ("RSD1025,", "1025"), ("RSD10,5", "10.5"), ("RSD0,01", "0.01"),
                      ("RSD999999999999,99", "999999999999.99")])
    func amounts(_ text: String, _ value: String) {
        #expect(IPS.record(IPSPayload.changed("I", text))?.amount?.value == IPS.decimal(value))
    }

    @Test(arguments: ["RSD,01", "RSD100.00", "RSD1,234", "RSD1,2,3", "RSD 100,00", "RSD", "100,00"])
    func malformedAmounts(_ text: String) {
        #expect(IPS.error(IPSPayload.changed("I", text))?.code == .amountInvalid)
    }

    @Test func amountLimitsAndCurrency() {
        #expect(IPS.error(IPSPayload.changed("I", "RSD1000000000000,00"))?.code == .amountOutOfRange)
        #expect(IPS.error(IPSPayload.changed("I", "EUR100,00"))?.code == .currencyNotAllowed)
        #expect(IPS.error(IPSPayload.changed("I", nil))?.code == .fieldMissing)
        let zero = IPS.record(IPSPayload.changed("I", "RSD0,00"))
        #expect(zero?.amount?.value == 0 && zero?.diagnostics.map(\.code) == [.amountZero])
    }

    @Test func errorsCarryThePartialRecord() throws {
        // The amount fails after the payee's account and name were read.
        let e = try #require(IPS.expectRejection(IPSPayload.changed("I", "RSD100.00"), .amountInvalid))
        #expect(e.partial?.creditor?.name == "Telekom Srbija A.D." && e.partial?.creditor?.account?.iban == "RS35160000000000060216")
        #expect(e.partial?.amount == nil && e.partial?.extras["rs.kind"] == "PR")
    }

    @Test func duplicateTagsAreRejected() {
        let e = IPS.error(IPSPayload.bytes(IPSPayload.base + [("N", "Druga firma")]))
        #expect(e?.code == .ipsDuplicateTag && e?.field == "creditor")
    }

    @Test func segmentWithoutColonIsRejected() {
        #expect(IPS.error(Array((IPSPayload.text(IPSPayload.base) + "|SF221").utf8))?.code == .structureInvalid)
    }

    @Test func valuesMayContainColons() {
        #expect(IPS.record(IPSPayload.changed("S", "Račun: 12:30"))?.remittanceInformation == "Račun: 12:30")
    }

    @Test func paymentCode() {
        for bad in ["389", "299", "18", "1890", "ABC"] {
            let r = IPS.record(IPSPayload.changed("SF", bad))
            #expect(IPS.warningCodes(r) == ["ips_payment_code_invalid"], "\(bad)")
        }
        let missing = IPS.record(IPSPayload.changed("SF", nil))
        #expect(IPS.warningCodes(missing) == ["field_missing"] && missing?.status == .uncertain)
    }

    @Test func merchantTags() {
        let tags: [(String, String)] = [("K", "PT"), ("V", "01"), ("C", "1"), ("R", "160000000001006645"), ("N", "Prodavnica"),
                                        ("I", "RSD450,00"), ("SF", "221"), ("M", "5411"), ("JS", "12345"), ("RL", "ORDER-1"),
                                        ("RP", "TID1234526106000001")]
        let r = IPS.record(IPSPayload.bytes(tags))
        #expect(r?.extras["rs.mcc"] == "5411" && r?.extras["rs.oneTimeCode"] == "12345")
        #expect(r?.extras["rs.payeeReference"] == "ORDER-1" && r?.extras["rs.posReference"] == "TID1234526106000001")
        #expect(r?.warnings.isEmpty == true)
        var badRP = tags
        badRP[10].1 = "TID12345"
        #expect(IPS.warningCodes(IPS.record(IPSPayload.bytes(badRP))) == ["field_invalid"])
        var badMCC = tags
        badMCC[7].1 = "54A1"
        #expect(IPS.warningCodes(IPS.record(IPSPayload.bytes(badMCC))) == ["field_invalid"])
    }

    @Test func fiscalReceiptIsNotAPayment() {
        let url = Array("https://suf.purs.gov.rs/v/?vl=A0xaUTJNN0tMWlEyTTdLTFqmOAAAKDQAAIBl".utf8)
        #expect(IPS.format.matches(Payload(bytes: url)))
        let e = IPS.error(url)
        #expect(e?.code == .notAPayment && e?.message.contains("fiscal receipt") == true)
    }

    @Test func cyrillicText() {
        let r = IPS.record(IPSPayload.changed("N", "Јавно предузеће\nБеоград"))
        #expect(r?.creditor?.name == "Јавно предузеће" && r?.warnings.isEmpty == true)
    }

    @Test func sameTextInPDF417() {
        let r = try? IPS.format.decode(Payload(bytes: IPSPayload.bytes(), symbology: .pdf417))
        #expect(r?.source.symbology == "pdf417" && r?.amount?.value == IPS.decimal("999.99"))
    }
}
