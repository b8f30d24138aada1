import Foundation
import GiroCore
@testable import GiroHungary
import Testing

/// Deviations MNB QR readers meet: each decodes with exactly its named warning and the same payment data.
@Suite struct MNBQRTolerancesTests {
    static let clean = MNB.record(MNB.text(MNB.base))

    func expectTolerated(_ text: String, _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        expectTolerated(Array(text.utf8), code, sourceLocation: sourceLocation)
    }

    func expectTolerated(_ bytes: [UInt8], _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let r = MNB.record(bytes, sourceLocation: sourceLocation) else { return }
        #expect(r.warnings.map(\.code) == [code], "warnings: \(r.warnings)", sourceLocation: sourceLocation)
        #expect(r.creditor?.account?.iban == Self.clean?.creditor?.account?.iban && r.amount == Self.clean?.amount,
                sourceLocation: sourceLocation)
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

    @Test func invalidBICKeptAndFlagged() throws {
        let r = try #require(MNB.record(MNB.text(MNB.with([3: "12345678901"]))))
        #expect(MNB.warnings(r) == ["bic_invalid"] && r.status == .uncertain && r.creditor?.account?.bic == "12345678901")
    }

    @Test func expiredValidity() { expectTolerated(MNB.text(MNB.with([7: "20200101120000+1"])), .validityExpired) }

    @Test func purposeNotACode() throws {
        let r = try #require(MNB.record(MNB.text(MNB.with([8: "acc1"]))))
        #expect(MNB.warnings(r) == ["purpose_invalid"] && r.purpose == "acc1" && r.status == .uncertain)
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
