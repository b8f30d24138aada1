import Foundation
import GiroCore
import GiroTestSupport
import GiroSlovenia
import Testing

/// The rules of the UPN QR standard: structure, control sum, amount, IBANs, references, dates.
@Suite struct UPNQRTests {
    @Test func officialExampleDecodesEveryField() throws {
        let r = try #require(UPN.record(try UPN.vector("upnqr-1")))
        #expect(r.status == .valid && r.diagnostics.isEmpty)
        #expect(r.source.charset == "ISO-8859-2")
        #expect(r.amount == Amount(value: UPN.decimal("81.05"), currency: "EUR"))
        #expect(r.creditor?.account?.iban == "SI56020170014356205")
        #expect(r.creditor?.name == "RentaCar d.o.o.")
        #expect(r.creditor?.address?.postalCode == "2000" && r.creditor?.address?.town == "Maribor")
        #expect(r.debtor?.name == "Janez Novak" && r.debtor?.address?.street == "Dunajska ulica 1")
        #expect(r.reference == Reference(type: .slovenianModel, value: "SI121234567890120", valid: true, model: "SI12", parts: ["1234567890120"]))
        #expect(r.purpose == "RENT")
        #expect(r.remittanceInformation == "Plačilo najemnine za marec 2017")
        #expect(r.dueDate == "2017-04-01")
        #expect(r.extras["si.checksum"] == "201")
    }

    @Test func standardSampleCarriesPayerFlagsAndDates() throws {
        let r = try #require(UPN.record(try UPN.vector("upnqr-2")))
        #expect(r.debtor?.account?.iban == "SI56020170014356205")
        #expect(r.extras["si.payerReference"] == "SI00225268-32526-222")
        #expect(r.extras["si.paymentDate"] == "2016-07-11")
        #expect(r.extras["si.urgent"] == "true")
        #expect(r.reference?.model == "SI08" && r.reference?.valid == true && r.reference?.parts == ["1236", "17", "345679"])
        #expect(r.amount?.value == UPN.decimal("1268.74"))
    }

    @Test func checksumCountsISO88592CharactersNotUTF8Bytes() {
        // 201 in characters; 202 would be the UTF-8 byte count of the same text (one č).
        #expect(UPN.record(UPNPayload.bytes(checksum: "201")) != nil)
        #expect(UPN.error(UPNPayload.bytes(checksum: "202"))?.code == .upnChecksumMismatch)
    }

    @Test func checksumMismatchRejectsWithPosition() throws {
        let e = try #require(UPN.error(try UPN.vector("upnqr-7")))
        #expect(e.code == .upnChecksumMismatch && e.field == "checksum" && e.line == 20)
    }

    @Test(arguments: ["2O1", "", "1234", "-01"])
    func checksumMustBeDigits(_ text: String) {
        #expect(UPN.error(UPNPayload.bytes(checksum: text))?.code == (text.isEmpty ? .structureInvalid : .fieldInvalid))
    }

    @Test func headerMustBeUPNQR() {
        #expect(UPN.error(UPNPayload.changed([0: "UPNQRX"]))?.code == .headerInvalid)
        #expect(!UPN.format.matches(Payload(bytes: Array("SI56…".utf8))))
    }

    @Test func nineteenFieldsAreRejected() throws {
        #expect(UPN.error(try UPN.vector("upnqr-8"))?.code == .structureInvalid)
    }

    @Test func onlyTheReserveMayFollowTheChecksum() {
        #expect(UPN.error(UPNPayload.bytes(tail: "\n   \nX"))?.code == .structureInvalid)
        let r = UPN.record(UPNPayload.bytes(tail: "\n      "))
        #expect(r?.extras["si.reserve"] == "6" && r?.warnings.isEmpty == true)
    }

    @Test func over411CharactersIsRejected() throws {
        #expect(UPN.error(try UPN.vector("upnqr-10"))?.code == .payloadOverLimit)
    }

    @Test(arguments: ["0000000810A", "81,05", "000000081.05", "-0000008105"])
    func amountMustBeDigits(_ text: String) {
        let code = UPN.error(UPNPayload.changed([8: text]))?.code
        #expect(code == .amountInvalid || code == .amountOutOfRange)
    }

    @Test func amountLimits() {
        #expect(UPN.error(UPNPayload.changed([8: "000000008105"]))?.code == .amountOutOfRange)
        #expect(UPN.error(UPNPayload.changed([8: ""]))?.code == .fieldMissing)
        let max = UPN.record(UPNPayload.changed([8: "99999999999"]))
        #expect(max?.amount?.value == UPN.decimal("999999999.99"))
        let zero = UPN.record(UPNPayload.changed([8: "00000000000"]))
        #expect(zero?.amount?.value == 0 && zero?.diagnostics.map(\.code) == [.amountZero] && zero?.warnings.isEmpty == true)
    }

    @Test func recipientIBANIsMandatoryAndChecked() {
        #expect(UPN.error(UPNPayload.changed([14: ""]))?.code == .fieldMissing)
        #expect(UPN.error(UPNPayload.changed([14: "SI56020170014356206"]))?.code == .ibanInvalidChecksum)
        #expect(UPN.error(UPNPayload.changed([14: "SI5602017001435620"]))?.code == .ibanInvalidLength)
        // Foreign IBANs are allowed (field 15 holds up to 34 characters).
        #expect(UPN.record(UPNPayload.changed([14: "DE89370400440532013000"]))?.creditor?.account?.iban == "DE89370400440532013000")
    }

    @Test func referenceModels() {
        let rf = UPN.record(UPNPayload.changed([15: "RF81352ADD05899"]))?.reference
        #expect(rf == Reference(type: .creditorReference, value: "RF81352ADD05899", valid: true, model: "RF"))
        let si05 = UPN.record(UPNPayload.changed([15: "SI0598765432100"]))?.reference
        #expect(si05?.valid == true && si05?.model == "SI05")
        let si99 = UPN.record(UPNPayload.changed([15: "SI99"]))
        #expect(si99?.reference?.model == "SI99" && si99?.warnings.isEmpty == true)
        let bad = UPN.expectRejection(UPNPayload.changed([15: "SI121234567890121"]), .referenceInvalidChecksum)
        #expect(bad?.partial?.reference?.valid == false && bad?.field == "reference" && bad?.line == 16)
        let badRF = UPN.expectRejection(UPNPayload.changed([15: "RF82352ADD05899"]), .referenceInvalidChecksum)
        #expect(badRF?.partial?.reference?.valid == false)
        let other = UPN.record(UPNPayload.changed([15: "123456"]))
        #expect(other?.reference?.type == .other && UPN.warningCodes(other) == ["reference_unclassified"])
    }

    @Test func dates() {
        let r = UPN.record(UPNPayload.changed([9: "29.02.2024", 13: "31.12.2025"]))
        #expect(r?.extras["si.paymentDate"] == "2024-02-29" && r?.dueDate == "2025-12-31")
        for bad in ["29.02.2023", "31.04.2024", "2024-01-01", "1.1.2024", "00.01.2024"] {
            let b = UPN.record(UPNPayload.changed([13: bad]))
            #expect(b?.dueDate == nil && UPN.warningCodes(b) == ["date_invalid"], "\(bad)")
        }
    }

    @Test func flags() {
        let r = UPN.record(UPNPayload.changed([2: "X", 3: "X", 10: "X"]))
        #expect(r?.extras["si.deposit"] == "true" && r?.extras["si.withdrawal"] == "true" && r?.extras["si.urgent"] == "true")
        let bad = UPN.record(UPNPayload.changed([10: "Y"]))
        #expect(bad?.extras["si.urgent"] == nil && UPN.warningCodes(bad) == ["upn_flag_invalid"])
    }

    @Test func mandatoryTextsMissingAreWarnings() {
        let r = UPN.record(UPNPayload.changed([11: "", 16: ""]))
        #expect(Set(UPN.warningCodes(r)) == ["field_missing"] && r?.status == .uncertain)
    }

    @Test func errorsCarryThePartialRecord() throws {
        // The reference fails after the recipient IBAN, amount, payer, purpose and due date were read.
        let e = try #require(UPN.expectRejection(UPNPayload.changed([15: "SI121234567890121"]), .referenceInvalidChecksum))
        let r = try #require(e.partial)
        #expect(r.creditor?.account?.iban == "SI56020170014356205" && r.amount?.value == UPN.decimal("81.05"))
        #expect(r.debtor?.name == "Janez Novak" && r.purpose == "RENT" && r.dueDate == "2017-04-01")
        #expect(r.creditor?.name == nil && r.status == .invalid)
    }

    @Test func goldenFloor() { #expect(UPN.goldenCaseCount >= 31) }

    @Test func eciSelectsTheCharset() {
        let utf8 = UPNPayload.bytes(charset: .utf8)
        #expect(UPN.record(utf8, eci: 26)?.remittanceInformation == "Plačilo najemnine za marec 2017")
        #expect(UPN.record(UPNPayload.bytes(), eci: 4)?.warnings.isEmpty == true)
        #expect(UPN.error(UPNPayload.bytes(), eci: 25)?.code == .charsetUnsupported)
        // ISO-8859-2 bytes announced as UTF-8 do not decode.
        #expect(UPN.error(UPNPayload.bytes(), eci: 26)?.code == .charsetInvalid)
    }
}
