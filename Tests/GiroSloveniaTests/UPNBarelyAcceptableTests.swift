import GiroCore
import GiroTestSupport
import GiroSlovenia
import Testing

/// Deviations seen in the wild that decode with one named warning and the same payment data; and every
/// class of docs/decoding-policy.md that applies to UPN QR with its code, severity, uncertainty and status.
@Suite struct UPNBarelyAcceptableTests {
    static let clean = UPN.record(UPNPayload.bytes())

    func expectTolerated(_ bytes: [UInt8], _ codes: [ErrorCode], eci: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(UPN.record(bytes, eci: eci, sourceLocation: sourceLocation), codes, sameAs: Self.clean,
                                           in: [.field(\.creditor), .field(\.amount), .field(\.reference), .field(\.remittanceInformation)],
                                           sourceLocation: sourceLocation)
    }

    @Test func noFinalLFIsOnlyNoted() {
        let r = UPN.record(UPNPayload.bytes(tail: ""))
        #expect(r?.warnings.isEmpty == true && r?.diagnostics.map(\.code) == [.finalSeparatorMissing])
    }

    @Test func utf8WithoutECI() { expectTolerated(UPNPayload.bytes(charset: .utf8), [.charsetMismatch]) }

    @Test func utf8WithECI26() { expectTolerated(UPNPayload.bytes(charset: .utf8), [.charsetMismatch], eci: 26) }

    @Test func checksumCountedInUTF8Bytes() {
        expectTolerated(UPNPayload.bytes(checksum: "202", charset: .utf8), [.charsetMismatch, .upnChecksumUTF8Bytes])
    }

    @Test func crlfSeparators() { expectTolerated(UPNPayload.bytes(separator: "\r\n", tail: "\r\n"), [.lineEndingCR]) }

    @Test func trailingEmptyLines() { expectTolerated(UPNPayload.bytes(tail: "\n\n\n"), [.trailingEmptyLines]) }

    @Test func trailingSpaceCountedByTheChecksum() {
        expectTolerated(UPNPayload.changed([12: "Plačilo najemnine za marec 2017 "]), [.whitespaceTrimmed])
    }

    @Test func amountNotZeroPadded() { expectTolerated(UPNPayload.changed([8: "8105"]), [.upnAmountUnpadded]) }

    @Test func checksumNotZeroPadded() {
        let fields = ["UPNQR", "", "", "", "", "", "", "", "00000000100", "", "", "OTHR", "Test", "", "SI56020170014356205", "SI99", "A", "", "B"]
        let sum = fields.reduce(19) { $0 + $1.count }
        #expect(sum < 100)
        let r = UPN.record(UPNPayload.bytes(fields, checksum: String(sum)))
        #expect(UPN.warningCodes(r) == ["upn_checksum_unpadded"])
    }

    @Test func overLongFieldKept() {
        let name = String(repeating: "A", count: 34)
        let r = UPN.record(UPNPayload.changed([16: name]))
        #expect(r?.creditor?.name == name && UPN.warningCodes(r) == ["field_too_long"])
    }

    @Test func reserveOverPadded() {
        let r = UPN.record(UPNPayload.bytes(tail: "\n" + String(repeating: " ", count: 300)))
        #expect(UPN.warningCodes(r) == ["payload_over_limit"] && r?.extras["si.reserve"] == "300")
    }

    @Test func invalidPayerIBANKeptAsNumber() throws {
        let r = try #require(UPN.record(try UPN.vector("upnqr-5")))
        #expect(r.debtor?.account == Account(number: "SI56011008881234567"))
        #expect(UPN.warningCodes(r) == ["iban_invalid_checksum"])
        #expect(r.creditor?.account?.iban == "SI56011008881000030" && r.reference?.valid == true)
    }

    @Test func lowerCasePurposeCode() {
        let r = UPN.record(UPNPayload.changed([11: "rent"]))
        #expect(r?.purpose == "RENT" && UPN.warningCodes(r) == ["purpose_invalid"])
    }

    @Test func referenceWithSpacesCompacted() { expectTolerated(UPNPayload.changed([15: "SI12 1234567890120"]), [.referenceNotCompact]) }

    @Test func unknownSIModelNotChecked() {
        let r = UPN.expectPolicy(UPNPayload.changed([15: "SI771234"]), .referenceModelUnknown, uncertain: true, status: .uncertain)
        #expect(r?.reference?.valid == nil && UPN.warningCodes(r) == ["reference_model_unknown"])
    }

    @Test func lowerCaseFlag() {
        let r = UPN.record(UPNPayload.changed([10: "x"]))
        #expect(r?.extras["si.urgent"] == "true" && UPN.warningCodes(r) == ["upn_flag_invalid"])
    }

    @Test func ibanWithSpaces() {
        let fields = UPNPayload.with([14: "SI56 0201 7001 4356 205"])
        expectTolerated(UPNPayload.bytes(fields), [.ibanSpaces])
    }

    @Test func nationalCheckFailingOnAValidIBANIsKept() {
        // Mod 97 holds (SI94), the Slovenian control digits (00) do not.
        let r = UPN.expectPolicy(UPNPayload.changed([14: "SI94020170014356200"]), .ibanInvalidNationalCheck,
                                 uncertain: true, status: .uncertain)
        #expect(r?.creditor?.account?.iban == "SI94020170014356200")
    }

    @Test func reserveWithContentKept() {
        let r = UPN.expectPolicy(UPNPayload.bytes(tail: "\nEXTRA"), .reservedFieldUsed, uncertain: false, status: .valid)
        #expect(r?.extras["si.reserved"] == "EXTRA" && r?.creditor == Self.clean?.creditor)
    }

    @Test func guessedCharsetIsUncertainDeclaredIsNot() {
        UPN.expectPolicy(UPNPayload.bytes(charset: .utf8), .charsetMismatch, uncertain: true, status: .uncertain)
        UPN.expectPolicy(UPNPayload.bytes(charset: .utf8), eci: 26, .charsetMismatch, uncertain: false, status: .valid)
    }

    @Test func missingNamePurposeAndReferenceKept() {
        UPN.expectPolicy(UPNPayload.changed([16: ""]), .fieldMissing, uncertain: true, status: .uncertain)
        UPN.expectPolicy(UPNPayload.changed([11: ""]), .fieldMissing, uncertain: true, status: .uncertain)
        let r = UPN.expectPolicy(UPNPayload.changed([15: ""]), .fieldMissing, uncertain: true, status: .uncertain)
        #expect(r?.reference == nil)
    }

    @Test func unclassifiedReferenceIsUncertain() {
        UPN.expectPolicy(UPNPayload.changed([15: "123456"]), .referenceUnclassified, uncertain: true, status: .uncertain)
    }

    @Test func payerSideProblemsLeaveTheStatusAlone() {
        UPN.expectPolicy(UPNPayload.changed([4: "SI121234567890121"]), .referenceInvalid, uncertain: false, status: .valid)
        UPN.expectPolicy(UPNPayload.changed([1: "SI56020170014356206"]), .ibanInvalidChecksum, uncertain: false, status: .valid)
    }

    @Test func cosmeticAndTooLongAreValid() {
        UPN.expectPolicy(UPNPayload.changed([16: String(repeating: "A", count: 34)]), .fieldTooLong, uncertain: false, status: .valid)
        UPN.expectPolicy(UPNPayload.changed([15: "SI12 1234567890120"]), .referenceNotCompact, uncertain: false, status: .valid)
        UPN.expectPolicy(UPNPayload.bytes(separator: "\r\n", tail: "\r\n"), .lineEndingCR, uncertain: false, status: .valid)
    }

    @Test func rejectionsOfThePolicyCarryThePartialRecord() {
        // SI model and RF references whose check digits fail.
        let e = UPN.expectRejection(UPNPayload.changed([15: "SI121234567890121"]), .referenceInvalidChecksum)
        #expect(e?.partial?.creditor?.account == Self.clean?.creditor?.account && e?.partial?.amount == Self.clean?.amount)
        UPN.expectRejection(UPNPayload.changed([15: "RF82352ADD05899"]), .referenceInvalidChecksum)
    }
}
