import Foundation
import GiroCore
import GiroTestSupport
@testable import GiroHungary
import Testing

/// MNB QR code: the 17 fields, HCT versus RTP, and every rejection.
@Suite struct MNBQRTests {
    @Test func creditTransfer() throws {
        let ids = ["SHOP1", "POS-7", "INV-1", "CUST-9", "TX-1", "LOY-3", "NAV-1"]
        var fields = MNB.with([8: "GDSV"])
        fields.replaceSubrange(10..<17, with: ids)
        let r = try #require(MNB.record(MNB.text(fields)))
        #expect(r.format == "hu.mnb-qr" && r.formatVersion == "001" && r.status == .valid && r.warnings.isEmpty)
        #expect(r.creditor?.name == "Példa Kft." && r.debtor == nil)
        #expect(r.creditor?.account == Account(iban: MNB.iban, bic: "OTPVHUHBXXX", number: "11773016-11111018", bankCode: "117"))
        #expect(r.amount == Amount(value: 1500, currency: "HUF") && r.amount?.formattedValue == "1500.00")
        #expect(r.purpose == "GDSV" && r.remittanceInformation == "Számla 2024/1")
        #expect(r.extras == ["hu.identificationCode": "HCT", "hu.validUntil": "2099-12-31T23:59:59+01:00", "hu.shopID": "SHOP1",
                             "hu.merchantDeviceID": "POS-7", "hu.invoiceID": "INV-1", "hu.customerID": "CUST-9",
                             "hu.transactionID": "TX-1", "hu.loyaltyID": "LOY-3", "hu.navCheckCode": "NAV-1"])
    }

    @Test func requestToPayDescribesThePayer() throws {
        let r = try #require(MNB.record(MNB.text(MNB.with([0: "RTP", 4: "Fizető Ferenc"]))))
        #expect(r.debtor?.name == "Fizető Ferenc" && r.creditor == nil && r.extras["hu.identificationCode"] == "RTP")
    }

    @Test func openAmount() {
        #expect(MNB.record(MNB.text(MNB.with([6: ""])))?.amount == nil)
    }

    @Test func twentyFourDigitAccount() throws {
        let r = MNB.record(MNB.text(MNB.with([5: "HU93116000060000000012345676"])))
        #expect(r?.creditor?.account?.number == "11600006-00000000-12345676")
    }

    @Test func huqrReadVector() throws {
        let r = try #require(MNB.record(try MNB.vector("mnb-hu-1")))
        #expect(r.extras["hu.navCheckCode"] == "TEST" && r.amount?.value == 1500)
        // The vector's BIC `12345678901` is a placeholder: dropped, the record stays valid.
        #expect(MNB.warnings(r) == ["placeholder_value", "validity_expired"] && r.status == .valid)
        #expect(r.creditor?.account?.bic == nil)
        #expect(r.extras["hu.validUntil"] == "2020-12-31T23:59:59+02:00")
    }

    @Test func validityIsComparedWithTheOffset() {
        // 2024-06-01 13:30 at UTC+2 is 11:30 UTC: already past the pinned clock (12:00 UTC).
        #expect(MNB.warnings(MNB.record(MNB.text(MNB.with([7: "20240601133000+2"])))) == ["validity_expired"])
        // 2024-06-01 13:30 at UTC+1 is 12:30 UTC: still valid.
        #expect(MNB.warnings(MNB.record(MNB.text(MNB.with([7: "20240601133000+1"])))) == [])
        #expect(MNB.record(MNB.text(MNB.with([7: "20240601133000-11"])))?.extras["hu.validUntil"] == "2024-06-01T13:30:00-11:00")
    }

    @Test(arguments: [
        (MNB.with([0: "HCX"]), "header_invalid"),
        (MNB.with([1: "1"]), "version_unsupported"),
        (MNB.with([1: "000"]), "version_unsupported"),
        (MNB.with([2: "2"]), "charset_unsupported"),
        (MNB.with([3: ""]), "field_missing"),
        (MNB.with([5: ""]), "field_missing"),
        (MNB.with([5: "IBAN"]), "iban_invalid_length"),
        (MNB.with([5: "HU42117730161111101800000001"]), "iban_invalid_checksum"),
        (MNB.with([5: "DE89370400440532013000"]), "iban_country_not_allowed"),
        (MNB.with([6: "1200HUF"]), "amount_invalid"),
        (MNB.with([6: "HUF"]), "amount_invalid"),
        (MNB.with([6: "HUF1234567890123"]), "amount_invalid"),
        (MNB.with([6: "EUR15"]), "amount_invalid"),
        (MNB.with([6: "HUF-5"]), "amount_invalid"),
        (MNB.with([7: ""]), "field_missing"),
        (MNB.with([7: "20991231235959"]), "date_invalid"),
        (MNB.with([7: "2099123123595+1"]), "date_invalid"),
        (MNB.with([7: "20991231245959+1"]), "date_invalid"),
        (MNB.with([7: "20990229120000+1"]), "date_invalid"),
        (MNB.with([7: "20991231235959+15"]), "date_invalid"),
        (Array(MNB.base.prefix(16)), "structure_invalid"),
    ])
    func rejections(_ fields: [String], _ code: String) {
        #expect(MNB.error(MNB.text(fields))?.code.rawValue == code, "\(fields)")
    }

    @Test func errorsCarryThePartialRecord() throws {
        // The amount fails after the IBAN, BIC and name were read: they are in `partial`, status invalid.
        let e = try #require(MNB.kit.expectRejection(Array(MNB.text(MNB.with([6: "1200HUF"])).utf8), .amountInvalid))
        #expect(e.partial?.creditor?.account?.iban == MNB.iban && e.partial?.creditor?.name == "Példa Kft.")
        #expect(e.partial?.creditor?.account?.bic == "OTPVHUHBXXX" && e.partial?.amount == nil)
    }

    @Test func goldenFloor() { #expect(MNB.kit.goldenCaseCount >= 31) }

    @Test func invalidVectors() throws {
        #expect(MNB.error(String(decoding: try MNB.vector("mnb-hu-3"), as: UTF8.self))?.code == .structureInvalid)
        #expect(MNB.error(String(decoding: try MNB.vector("mnb-hu-4"), as: UTF8.self))?.code == .headerInvalid)
    }

    @Test func errorsCarryLineAndOffset() throws {
        let e = try #require(MNB.error(MNB.text(MNB.with([6: "1200HUF"]))))
        #expect(e.field == "amount" && e.line == 7 && e.offset == MNB.text(Array(MNB.base.prefix(6))).utf8.count)
    }

    @Test func invalidUTF8IsRejected() {
        var bytes = Array(MNB.text(MNB.base).utf8)
        bytes[20] = 0xFF
        #expect((try? MNB.format.decode(Payload(bytes: bytes))) == nil)
        do { _ = try MNB.format.decode(Payload(bytes: bytes)) } catch { #expect(error.code == .charsetInvalid) }
    }

    @Test func matchesHCTAndRTPOnly() {
        #expect(MNB.format.matches(Payload(text: "HCT\n001\n")) && MNB.format.matches(Payload(text: "RTP\r\n001")))
        #expect(!MNB.format.matches(Payload(text: "HCTX\n")) && !MNB.format.matches(Payload(text: "BCD\n001\n")))
    }

    @Test func encoderRoundTrip() throws {
        var fields = MNB.with([8: "ACCT"])
        fields.replaceSubrange(10..<17, with: ["a", "b", "c", "d", "e", "f", "g"])
        for f in [fields, MNB.with([0: "RTP", 6: ""])] {
            let text = MNB.text(f)
            let r = try #require(MNB.record(text))
            #expect(String(decoding: try MNB.format.encode(r), as: UTF8.self) == text)
        }
        var r = try #require(MNB.record(MNB.text(MNB.base)))
        r.amount = Amount(value: Decimal(string: "1.5")!, currency: "HUF")
        #expect(throws: GiroError.self) { try MNB.format.encode(r) }
    }
}
