import Foundation
import GiroCore
import GiroTestSupport
@testable import GiroHungary
import Testing

/// Deviations MNB QR readers meet: each decodes with exactly its named warning and the same payment data,
/// and every class of docs/decoding-policy.md that applies to MNB QR with its code, severity, uncertainty and status.
@Suite struct MNBBarelyAcceptableTests {
    static let clean = MNB.record(MNB.text(MNB.base))

    func expectTolerated(_ text: String, _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        expectTolerated(Array(text.utf8), code, sourceLocation: sourceLocation)
    }

    func expectTolerated(_ bytes: [UInt8], _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(MNB.record(bytes, sourceLocation: sourceLocation), [code], sameAs: Self.clean,
                                           in: [.field(\.creditor?.account?.iban), .field(\.amount)], sourceLocation: sourceLocation)
    }

    @Test func cleanHasNoWarnings() { #expect(Self.clean?.diagnostics.isEmpty == true && Self.clean?.status == .valid) }

    @Test func crlf() { expectTolerated(MNB.text(MNB.base, separator: "\r\n"), .lineEndingCRLF) }

    @Test func missingFinalLineFeed() {
        expectTolerated(MNB.text(MNB.with([16: "NAV-1"]), final: false), .finalNewlineMissing)
    }

    @Test func byteOrderMark() { expectTolerated([0xEF, 0xBB, 0xBF] + Array(MNB.text(MNB.base).utf8), .byteOrderMark) }

    @Test func eightCharacterBIC() {
        expectTolerated(MNB.text(MNB.with([3: "OTPVHUHB"])), .bicNormalized)
        #expect(MNB.record(MNB.text(MNB.with([3: "OTPVHUHB"])))?.creditor?.account?.bic == "OTPVHUHB")
    }

    func policy(_ fields: [String], _ code: ErrorCode, uncertain: Bool, status: RecordStatus,
                sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        MNB.kit.expectPolicy(Array(MNB.text(fields).utf8), code, uncertain: uncertain, status: status, sourceLocation: sourceLocation)
    }

    @Test func placeholderBICDropped() {
        let r = policy(MNB.with([3: "12345678901"]), .placeholderValue, uncertain: false, status: .valid)
        #expect(r?.creditor?.account?.bic == nil && r?.creditor?.account?.iban == MNB.iban)
    }

    @Test func nationalCheckFailingOnAValidIBANIsKept() {
        let r = policy(MNB.with([5: "HU86117730161111101900000000"]), .ibanInvalidNationalCheck, uncertain: true, status: .uncertain)
        #expect(r?.creditor?.account?.iban == "HU86117730161111101900000000")
    }

    @Test func unknownMajorVersionReadWithTheNewestRules() {
        let r = policy(MNB.with([1: "002"]), .versionUnknown, uncertain: true, status: .uncertain)
        #expect(r?.formatVersion == "002" && r?.amount == Self.clean?.amount)
    }

    @Test func fieldAfterTheSeventeenthKeptAsUnknown() {
        let r = policy(MNB.base + ["extra"], .unknownKey, uncertain: false, status: .valid)
        #expect(r?.extras["hu.unknown.18"] == "extra")
    }

    @Test func missingNameKept() {
        let r = policy(MNB.with([4: ""]), .fieldMissing, uncertain: true, status: .uncertain)
        #expect(r?.creditor?.name == nil && r?.creditor?.account?.iban == MNB.iban)
    }

    @Test func cosmeticAndTooLongAreValid() {
        policy(MNB.with([9: String(repeating: "K", count: 80)]), .fieldTooLong, uncertain: false, status: .valid)
        policy(MNB.with([4: "Şahin Bt."]), .characterOutsideSet, uncertain: false, status: .valid)
        policy(MNB.with([5: MNB.iban.lowercased()]), .ibanLowercase, uncertain: false, status: .valid)
        MNB.kit.expectPolicy([0xEF, 0xBB, 0xBF] + Array(MNB.text(MNB.base).utf8), .byteOrderMark, uncertain: false, status: .valid)
    }

    @Test func expiredValidity() { expectTolerated(MNB.text(MNB.with([7: "20200101120000+1"])), .validityExpired) }

    @Test func purposeNotACode() throws {
        let r = try #require(MNB.record(MNB.text(MNB.with([8: "acc1"]))))
        #expect(MNB.warnings(r) == ["purpose_invalid"] && r.purpose == "acc1" && r.status == .valid)
    }

    @Test func characterOutsideTheHungarianSet() { expectTolerated(MNB.text(MNB.with([4: "Şahin Bt."])), .characterOutsideSet) }

    @Test func accentedVowelsAreInTheSet() {
        #expect(MNB.warnings(MNB.record(MNB.text(MNB.with([4: "ÁÉÍÓÖŐÚÜŰ áéíóöőúüű"])))) == [])
    }

    @Test func higherVersion() { expectTolerated(MNB.text(MNB.with([1: "002"])), .versionUnknown) }

    @Test func overlongTextKeptWhole() throws {
        let message = String(repeating: "K", count: 80)
        expectTolerated(MNB.text(MNB.with([9: message])), .fieldTooLong)
        #expect(MNB.record(MNB.text(MNB.with([9: message])))?.remittanceInformation == message)
        expectTolerated(MNB.text(MNB.with([12: String(repeating: "9", count: 36)])), .fieldTooLong)
    }

    @Test func overTheCharacterLimit() {
        var fields = MNB.with([4: String(repeating: "N", count: 70), 9: String(repeating: "M", count: 70)])
        fields.replaceSubrange(10..<17, with: Array(repeating: String(repeating: "I", count: 35), count: 7))
        expectTolerated(MNB.text(fields), .payloadOverLimit)
    }

    @Test func ibanLowerCase() { expectTolerated(MNB.text(MNB.with([5: MNB.iban.lowercased()])), .ibanLowercase) }
}
