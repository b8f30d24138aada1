import GiroCore
import GiroCroatia
import GiroTestSupport
import Testing

/// Deviations seen on real bills and in generators: decoded with one named warning, same payment data; and
/// every class of docs/decoding-policy.md that applies to HUB3 with its code, severity, uncertainty and status.
@Suite struct HUB3BarelyAcceptableTests {
    static let clean = HUB3.record(HUB3Payload.bytes())

    func expectTolerated(_ bytes: [UInt8], _ codes: [ErrorCode], sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(HUB3.record(bytes, sourceLocation: sourceLocation), codes, sameAs: Self.clean,
                                           in: [.field(\.creditor?.account), .field(\.amount), .field(\.reference)], sourceLocation: sourceLocation)
    }

    @Test func cleanPayloadHasNoDiagnostics() {
        #expect(Self.clean?.diagnostics.isEmpty == true && Self.clean?.status == .valid)
    }

    @Test func crlfLineEnds() { expectTolerated(HUB3Payload.bytes(separator: "\r\n", tail: "\r\n"), [.lineEndingCR]) }

    @Test func noLFAfterField14() { expectTolerated(HUB3Payload.bytes(tail: ""), [.finalSeparatorMissing]) }

    @Test func emptyLinesAfterField14() { expectTolerated(HUB3Payload.bytes(tail: "\n\n\n"), [.trailingEmptyLines]) }

    @Test func trailingSpaceInDescription() {
        expectTolerated(HUB3Payload.changed([13: "Racun 12/2024 "]), [.whitespaceTrimmed])
        #expect(HUB3.record(HUB3Payload.changed([13: "Racun 12/2024 "]))?.remittanceInformation == "Racun 12/2024")
    }

    @Test func fieldLongerThanTheLimit() {
        let street = "VELIKA GORICA,10410 VELIKA GORICA"
        let r = HUB3.record(HUB3Payload.changed([7: street]))
        #expect(r?.creditor?.address?.street == street && HUB3.warningCodes(r) == ["field_too_long"])
    }

    @Test func windows1250Bytes() {
        let text = HUB3Payload.with([3: "Željko Šenečić"]).joined(separator: "\n") + "\n"
        let r = HUB3.record(Charset.windows1250.encode(text) ?? [])
        #expect(r?.debtor?.name == "Željko Šenečić" && r?.source.charset == "Windows-1250")
        #expect(HUB3.warningCodes(r) == ["charset_fallback"])
    }

    @Test func iso88592Bytes() {
        let text = HUB3Payload.with([3: "Željko Šenečić"]).joined(separator: "\n") + "\n"
        let r = HUB3.record(Charset.iso8859_2.encode(text) ?? [])
        #expect(r?.debtor?.name == "Željko Šenečić" && r?.source.charset == "ISO-8859-2")
        #expect(HUB3.warningCodes(r) == ["charset_fallback"])
    }

    @Test func offsetsCountTheOriginalSingleByteText() throws {
        let fields = HUB3Payload.with([3: "Željko Šenečić", 13: "Račun "])
        let bytes = try #require(Charset.windows1250.encode(fields.joined(separator: "\n") + "\n"))
        let r = try #require(HUB3.record(bytes))
        let trimmed = try #require(r.warnings.first { $0.code == .whitespaceTrimmed })
        let expected = fields.prefix(13).reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        #expect(trimmed.line == 14 && trimmed.offset == expected && bytes[expected] == UInt8(ascii: "R"))
    }

    @Test func latin1MojibakeRepaired() {
        let utf8 = HUB3Payload.bytes(HUB3Payload.with([3: "Željko Šenečić"]))
        let mojibake = Array(Charset.latin1(utf8[...]).utf8)
        let r = HUB3.record(mojibake)
        #expect(r?.debtor?.name == "Željko Šenečić" && HUB3.warningCodes(r) == ["charset_mismatch"])
    }

    @Test func optionalDataAfterField14() {
        let r = HUB3.record(HUB3Payload.bytes(tail: "\nEXTRA 1\nEXTRA 2\n"))
        #expect(r?.extras["hr.optionalData"] == "EXTRA 1\nEXTRA 2" && HUB3.warningCodes(r) == ["hub3_optional_data"])
    }

    @Test func legacyVBDIAccount() {
        let r = HUB3.record(HUB3Payload.changed([9: "1001005-1863000160"]))
        #expect(r?.creditor?.account == Account(iban: "HR1210010051863000160", number: "1001005-1863000160", bankCode: "1001005"))
        #expect(HUB3.warningCodes(r) == ["hub3_legacy_account"])
    }

    @Test func foreignIBAN() {
        let r = HUB3.record(HUB3Payload.changed([9: "SI56020170014356205"]))
        #expect(r?.creditor?.account?.iban == "SI56020170014356205" && HUB3.warningCodes(r) == ["iban_country_not_allowed"])
    }

    @Test func ibanWithSpaces() { expectTolerated(HUB3Payload.changed([9: "HR12 1001 0051 8630 0016 0"]), [.ibanSpaces]) }

    @Test func modelMissing() {
        // A reference without a model cannot be checked: kept, uncertain.
        let r = HUB3.expectPolicy(HUB3Payload.changed([10: ""]), .hub3ModelMissing, uncertain: true, status: .uncertain)
        #expect(r?.reference?.valid == nil && HUB3.warningCodes(r) == ["hub3_model_missing"])
        // Neither model nor reference: read as HR99.
        HUB3.expectPolicy(HUB3Payload.changed([10: "", 11: ""]), .hub3ModelMissing, uncertain: false, status: .valid)
    }

    @Test func lowerCaseModel() { expectTolerated(HUB3Payload.changed([10: "hr01"]), [.referenceNotCompact]) }

    @Test func unknownModel() {
        let r = HUB3.expectPolicy(HUB3Payload.changed([10: "HR20"]), .referenceModelUnknown, uncertain: true, status: .uncertain)
        #expect(r?.reference?.valid == nil && HUB3.warningCodes(r) == ["reference_model_unknown"])
    }

    @Test func nationalCheckFailingOnAValidIBANIsKept() {
        // Mod 97 holds, the account's ISO 7064 check digit does not.
        let r = HUB3.expectPolicy(HUB3Payload.changed([9: "HR8210010051863000161"]), .ibanInvalidNationalCheck,
                                  uncertain: true, status: .uncertain)
        #expect(r?.creditor?.account?.iban == "HR8210010051863000161")
    }

    @Test func missingRecipientNameKept() {
        let r = HUB3.expectPolicy(HUB3Payload.changed([6: ""]), .fieldMissing, uncertain: true, status: .uncertain)
        #expect(r?.creditor?.name == nil && r?.creditor?.account?.iban == "HR1210010051863000160")
    }

    @Test func guessedCharsetIsUncertain() {
        let text = HUB3Payload.with([3: "Željko Šenečić"]).joined(separator: "\n") + "\n"
        HUB3.expectPolicy(Charset.iso8859_2.encode(text) ?? [], .charsetFallback, uncertain: true, status: .uncertain)
    }

    @Test func cosmeticAndTooLongAreValid() {
        HUB3.expectPolicy(HUB3Payload.changed([13: "Racun 12/2024 "]), .whitespaceTrimmed, uncertain: false, status: .valid)
        HUB3.expectPolicy(HUB3Payload.changed([7: "VELIKA GORICA,10410 VELIKA GORICA"]), .fieldTooLong, uncertain: false, status: .valid)
        HUB3.expectPolicy(HUB3Payload.changed([13: "Racun @ 12/2024"]), .characterOutsideSet, uncertain: false, status: .valid)
        HUB3.expectPolicy(HUB3Payload.changed([9: "HR12 1001 0051 8630 0016 0"]), .ibanSpaces, uncertain: false, status: .valid)
    }

    @Test func amountNotZeroPadded() { expectTolerated(HUB3Payload.changed([2: "12355"]), [.hub3AmountUnpadded]) }

    @Test func characterOutsideTheHUB3Set() {
        let r = HUB3.record(HUB3Payload.changed([13: "Racun @ 12/2024"]))
        #expect(r?.remittanceInformation == "Racun @ 12/2024" && HUB3.warningCodes(r) == ["character_outside_set"])
    }

    @Test func malformedPurposeCode() {
        let r = HUB3.record(HUB3Payload.changed([12: "wter"]))
        #expect(r?.purpose == "WTER" && HUB3.warningCodes(r) == ["purpose_invalid"])
    }

    @Test func byteOrderMark() { expectTolerated([0xEF, 0xBB, 0xBF] + HUB3Payload.bytes(), [.byteOrderMark]) }

    @Test func rejectionsOfThePolicyCarryThePartialRecord() {
        // A failing check under a known model, and a pre-2013 account whose own check digits fail.
        let e = HUB3.expectRejection(HUB3Payload.changed([11: "102-3057-89017"]), .referenceInvalidChecksum)
        #expect(e?.partial?.creditor?.account?.iban == "HR1210010051863000160" && e?.partial?.amount == Self.clean?.amount)
        let legacy = HUB3.expectRejection(HUB3Payload.changed([9: "1001005-1863000161"]), .ibanInvalidNationalCheck)
        #expect(legacy?.partial?.amount == Self.clean?.amount && legacy?.partial?.creditor == nil)
    }
}
