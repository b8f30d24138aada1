import Testing
import GiroCore
@testable import GiroSEPA
import GiroTestSupport

/// "Barely acceptable" payloads: each real-world deviation is decoded, with its own named warning,
/// and the data comes out exactly as from the clean payload.
@Suite struct EPCBarelyAcceptableTests {
    static let clean: PaymentRecord? = try? EPC.decode(EPC.base)

    /// Decodes, checks the warning codes and that the record equals the clean one (modulo diagnostics).
    func expectTolerated(_ bytes: [UInt8], _ codes: [String], sameAsClean: Bool = true,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try EPC.decode(bytes)
        #expect(r.diagnostics.allSatisfy { $0.severity == .warning }, sourceLocation: sourceLocation)
        PolicyExpectations.expectTolerated(r, codes.map(ErrorCode.init(rawValue:)), sameAs: Self.clean,
                                           in: sameAsClean ? [.field(\.comparable)] : [], sourceLocation: sourceLocation)
    }

    @Test func crlfSeparatorsAreValid() throws {
        let r = try EPC.decode(EPC.payload(EPC.base, separator: "\r\n"))
        #expect(r.warnings.isEmpty)
        #expect(r.comparable == Self.clean?.comparable)
    }

    @Test func loneCRSeparators() throws {
        try expectTolerated(EPC.payload(EPC.base, separator: "\r"), ["line_ending_cr"])
    }

    @Test func crcrlfSeparators() throws {
        try expectTolerated(EPC.payload(EPC.base, separator: "\r\r\n"), ["line_ending_crcrlf"])
    }

    @Test func mixedSeparators() throws {
        let text = "BCD\r\n002\n1\r\r\nSCT\rBHBLDEHHXXX\nFranz Mustermann\r\nDE71110220330123456789\nEUR12.30\nGDDS\nRF18539007547034"
        try expectTolerated(Array(text.utf8), ["line_endings_mixed"])
        #expect(try EPC.decode(text).extras[EPCExtrasKey.lineSeparator] == "mixed")
    }

    @Test func oneTrailingNewline() throws {
        try expectTolerated(EPC.payload(EPC.base) + [0x0A], ["trailing_newline"])
        try expectTolerated(EPC.payload(EPC.base, separator: "\r\n") + [0x0D, 0x0A], ["trailing_newline"])
    }

    @Test func trailingEmptyElements() throws {
        try expectTolerated(EPC.payload(EPC.base) + Array("\n\n\n".utf8), ["trailing_empty_lines"])
    }

    @Test func trailingEmptyElementsBeyondTwelve() throws {
        // 10 elements + 5 empty lines: more lines than elements, but all empty.
        try expectTolerated(EPC.payload(EPC.base) + Array("\n\n\n\n\n\n".utf8), ["trailing_empty_lines"])
    }

    @Test func nulPadding() throws {
        var e = EPC.base
        e[5] = "Franz Mustermann\0\0\0\0\0\0"
        try expectTolerated(EPC.payload(e) + [0, 0, 0], ["nul_padding"])
    }

    @Test func nulAndSpacePaddingSparkasseStyle() throws {
        var e = EPC.base
        e[5] = "Franz Mustermann" + String(repeating: " ", count: 16) + String(repeating: "\0", count: 29)
        try expectTolerated(EPC.payload(e), ["nul_padding", "whitespace_trimmed"])
    }

    @Test func spacesAroundFields() throws {
        var e = EPC.base
        e[5] = "  Franz Mustermann "
        e[9] = " RF18539007547034"
        e[8] = "GDDS "
        try expectTolerated(EPC.payload(e), ["whitespace_trimmed", "whitespace_trimmed", "whitespace_trimmed"])
    }

    @Test func lowerCaseIBAN() throws {
        try expectTolerated(EPC.payload(EPC.elements([7: "de71110220330123456789"])), ["iban_lowercase"])
    }

    @Test func spacesInIBAN() throws {
        try expectTolerated(EPC.payload(EPC.elements([7: "DE71 1102 2033 0123 4567 89"])), ["iban_spaces"])
        try expectTolerated(EPC.payload(EPC.elements([7: " DE71110220330123456789 "])), ["iban_spaces"])
    }

    @Test func separatorsInIBAN() throws {
        try expectTolerated(EPC.payload(EPC.elements([7: "DE71-1102-2033-0123-4567-89"])), ["iban_separators"])
    }

    @Test func spacesInAmount() throws {
        try expectTolerated(EPC.payload(EPC.elements([8: "EUR    12.30"])), ["amount_spaces"])
    }

    @Test func byteOrderMark() throws {
        try expectTolerated([0xEF, 0xBB, 0xBF] + EPC.payload(EPC.base), ["byte_order_mark"])
    }

    @Test func bicWithSpacesOrLowerCase() throws {
        try expectTolerated(EPC.payload(EPC.elements([5: "bhbl de hh xxx"])), ["bic_normalized"])
    }

    @Test func paddedServiceTag() throws {
        try expectTolerated(Array(" BCD".utf8) + Array(EPC.payload(EPC.base).dropFirst(3)), ["whitespace_trimmed"])
    }

    @Test func bicMissingInVersion001() throws {
        let r = try EPC.decode(EPC.elements([2: "001", 5: ""]))
        #expect(EPC.codes(r) == ["bic_missing"])
        #expect(r.creditor?.account?.iban == "DE71110220330123456789")
    }

    @Test func bothRemittanceForms() throws {
        let r = try EPC.decode(EPC.elements([11: "text"]))
        #expect(EPC.codes(r) == ["remittance_both_forms"])
    }

    @Test func nonRFReferenceInElement10() throws {
        let r = try EPC.decode(EPC.elements([10: "3372/12 RgNr.: 2201207"]))
        #expect(EPC.codes(r) == ["reference_unclassified"])
        #expect(r.reference?.value == "3372/12 RgNr.: 2201207")
    }

    @Test func purposeNotAFourLetterCode() throws {
        let r = try EPC.decode(EPC.elements([9: "1234"]))
        #expect(EPC.codes(r) == ["purpose_invalid"])
        #expect(r.purpose == "1234")
    }

    @Test func unknownCharsetCode() throws {
        try expectTolerated(EPC.payload(EPC.elements([3: "9"])), ["charset_fallback"], sameAsClean: false)
    }

    @Test func charsetMismatch() throws {
        let r = try EPC.decode(EPC.elements([3: "2", 6: "Franz Mustermänn"]))
        #expect(EPC.codes(r) == ["charset_mismatch"])
        #expect(r.creditor?.name == "Franz Mustermänn")
    }

    @Test func overTheSizeLimit() throws {
        let r = try EPC.decode(EPC.elements([6: String(repeating: "N", count: 70), 10: "",
                                             11: String(repeating: "T", count: 140), 12: String(repeating: "I", count: 70)]))
        #expect(EPC.codes(r) == ["payload_over_limit"])
    }

    @Test func amountZero() throws {
        let r = try EPC.decode(EPC.elements([8: "EUR0.00"]))
        #expect(EPC.codes(r) == ["amount_zero"])
        #expect(r.amount == nil)
    }

    @Test func everythingAtOnce() throws {
        // Sparkasse + payme + QRCoder deviations in one payload.
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("BCD\r\r\n001\r\n1\r\nSCT\r\nbhbldehhxxx\r\n Franz Mustermann   \0\0\0\r\nde71 1102 2033 0123 4567 89\r\nEUR  12.30\r\nGDDS\r\nRF18539007547034\r\n\r\n\r\n".utf8)
        let r = try EPC.decode(bytes)
        #expect(Set(EPC.codes(r)) == ["byte_order_mark", "nul_padding", "line_endings_mixed", "trailing_empty_lines",
                                      "bic_normalized", "whitespace_trimmed", "iban_spaces", "iban_lowercase", "amount_spaces"])
        var expected = Self.clean?.comparable
        expected?.formatVersion = "001"
        #expect(r.comparable == expected)
        #expect(r.status == .valid)
    }

    // MARK: Decoding policy (docs/decoding-policy.md): code, severity, uncertain flag, status

    /// Expects exactly one warning `code` with the given uncertainty, and the record's status to follow from it.
    func expectPolicy(_ r: PaymentRecord, _ code: ErrorCode, uncertain: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let w = r.warnings.filter { $0.code == code }
        #expect(w.count == 1, "\(EPC.codes(r))", sourceLocation: sourceLocation)
        #expect(w.first?.severity == .warning, sourceLocation: sourceLocation)
        #expect(w.first?.uncertain == uncertain, sourceLocation: sourceLocation)
        #expect(r.status == (uncertain ? .uncertain : .valid), sourceLocation: sourceLocation)
    }

    @Test func nationalCheckFailingOnACorrectMod97IsKeptUncertain() throws {
        // BE41…: mod-97 correct, Belgian check digits 35 instead of 34.
        let r = try EPC.decode(EPC.elements([5: "", 7: "BE41539007547035", 10: ""], count: 9))
        expectPolicy(r, .ibanInvalidNationalCheck, uncertain: true)
        #expect(r.creditor?.account?.iban == "BE41539007547035")
        #expect(r.warnings.first?.line == 7)
    }

    @Test(arguments: ["003", "000", "100"])
    func unknownMajorVersionIsDecodedWithTheNewestRules(version: String) throws {
        let r = try EPC.decode(EPC.elements([2: version, 5: ""]))
        expectPolicy(r, .versionUnknown, uncertain: true)
        #expect(r.formatVersion == version)
        // v002 rules: no BIC needed for an EEA account.
        #expect(!EPC.codes(r).contains("bic_missing"))
    }

    @Test func aBICThatIsNotISO9362IsAPlaceholder() throws {
        let r = try EPC.decode(EPC.elements([5: "12345678"]))
        expectPolicy(r, .placeholderValue, uncertain: false)
        #expect(r.creditor?.account?.bic == nil)
    }

    @Test func aMissingNameIsKeptUncertain() throws {
        let r = try EPC.decode(EPC.elements([6: ""]))
        expectPolicy(r, .fieldMissing, uncertain: true)
    }

    @Test func fieldTooLongIsKeptValid() throws {
        let r = try EPC.decode(EPC.elements([6: String(repeating: "x", count: 71)]))
        expectPolicy(r, .fieldTooLong, uncertain: false)
    }

    @Test func charsetContradictedByTheBytesIsUncertain() throws {
        var e = EPC.elements([3: "2", 6: "Müller"])
        e[5] = "Müller"
        expectPolicy(try EPC.decode(e), .charsetMismatch, uncertain: true)
    }

    @Test func charsetFallbackIsUncertain() throws {
        var bytes = EPC.payload(EPC.elements([6: "M"]))
        // "M" → "Mü" in ISO-8859-1 under a UTF-8 declaration.
        if let i = bytes.firstIndex(of: UInt8(ascii: "M")) { bytes.insert(0xFC, at: i + 1) }
        expectPolicy(try EPC.decode(bytes), .charsetFallback, uncertain: true)
    }

    @Test func cosmeticDeviationsStayValid() throws {
        let r = try EPC.decode(EPC.elements([7: "DE71 1102 2033 0123 4567 89"]))
        expectPolicy(r, .ibanSpaces, uncertain: false)
    }

    @Test func aDeclaredRFReferenceWithAWrongCheckIsRejected() {
        let e = EPC.error(EPC.elements([10: "RF19539007547034"]))
        #expect(e?.code == .referenceInvalidChecksum)
        #expect(e?.partial?.status == .invalid)
    }

    // MARK: Errors carry what was read before them

    @Test func aBadAmountAfterAGoodIBANCarriesThePartialRecord() throws {
        let e = try #require(EPC.error(EPC.elements([8: "EUR12,30"])))
        #expect(e.code == .amountInvalid)
        let partial = try #require(e.partial)
        #expect(partial.status == .invalid)
        #expect(partial.creditor?.name == "Franz Mustermann")
        #expect(partial.creditor?.account?.iban == "DE71110220330123456789")
        #expect(partial.creditor?.account?.bic == "BHBLDEHHXXX")
        #expect(partial.formatVersion == "002")
        #expect(partial.amount == nil)
    }

    @Test func aBadIBANCarriesTheHeaderAndName() throws {
        let e = try #require(EPC.error(EPC.elements([7: "DE71110220330123456780"])))
        #expect(e.code == .ibanInvalidChecksum)
        #expect(e.partial?.creditor?.name == "Franz Mustermann")
        #expect(e.partial?.extras[EPCExtrasKey.identification] == "SCT")
    }
}
