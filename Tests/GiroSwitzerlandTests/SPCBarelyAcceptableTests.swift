import GiroCore
import GiroSwitzerland
import Testing
import GiroTestSupport

/// Inputs that are illegal under a strict reading of the IG QR-bill but occur in the wild.
/// Each one decodes, carries its named warning, and yields the same data as the clean payload.
@Suite struct SPCBarelyAcceptableTests {
    /// The data of the clean base payload, for comparison.
    static let clean: PaymentRecord? = try? SwissQRBill().decode(Payload(bytes: SPC.bytes(SPC.base)))

    func expectTolerated(_ bytes: [UInt8], _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(SPC.record(bytes, sourceLocation: sourceLocation), [code], sameAs: Self.clean,
                                           in: [.field(\.creditor), .field(\.amount), .field(\.debtor), .field(\.remittanceInformation)],
                                           sourceLocation: sourceLocation)
    }

    @Test func cleanPayloadHasNoWarnings() {
        #expect(Self.clean != nil)
        #expect(Self.clean?.diagnostics.isEmpty == true)
        #expect(Self.clean?.status == .valid)
    }

    @Test func crlfIsAllowedWithoutWarning() {
        let r = SPC.record(SPC.base, separator: "\r\n")
        #expect(r?.warnings.isEmpty == true)
        #expect(r?.creditor == Self.clean?.creditor)
    }

    @Test func loneCR() { expectTolerated(SPC.bytes(SPC.base, separator: "\r"), .lineEndingCR) }

    @Test func crCRLF() { expectTolerated(SPC.bytes(SPC.base, separator: "\r\r\n"), .lineEndingCRCRLF) }

    @Test func mixedSeparators() {
        let text = SPC.base[..<10].joined(separator: "\r\n") + "\n" + SPC.base[10...].joined(separator: "\n")
        expectTolerated(Array(text.utf8), .lineEndingsMixed)
    }

    @Test func trailingSeparator() {
        expectTolerated(SPC.bytes(SPC.base, tail: "\n"), .trailingNewline)
        expectTolerated(SPC.bytes(SPC.base, separator: "\r\n", tail: "\r\n"), .trailingNewline)
    }

    @Test(arguments: [1, 2, 3, 5])
    func trailingEmptyLines(count: Int) {
        expectTolerated(SPC.bytes(SPC.base, tail: String(repeating: "\n", count: count + 1)), .trailingEmptyLines)
    }

    @Test func trailingEmptyLinesAfterAlternativeSchemes() {
        let r = SPC.record(SPC.base + ["//S1/10/1", "eBill/B/x@y.ch", "UV;UltraPay005;12345"], tail: "\n\n\n")
        #expect(r?.alternativeSchemes == ["eBill/B/x@y.ch", "UV;UltraPay005;12345"])
        #expect(SPC.warningCodes(r) == ["trailing_empty_lines"])
    }

    @Test(arguments: ["0201", "0210", "0299"])
    func minorVersions(_ version: String) {
        let r = SPC.record(SPC.with(SPC.base, [1: version]))
        #expect(SPC.warningCodes(r) == ["minor_version"])
        #expect(r?.formatVersion == version)
        #expect(r?.status == .valid)
    }

    @Test func combinedAddress() {
        let r = SPC.record(SPC.with(SPC.base, [4: "K", 6: "Rue du Lac 1268", 7: "2501 Biel", 8: "", 9: ""]))
        #expect(SPC.warningCodes(r) == ["address_combined_deprecated"])
        #expect(r?.creditor?.address?.lines == ["Rue du Lac 1268", "2501 Biel"])
        #expect(r?.creditor?.address?.street == nil)
        #expect(r?.creditor?.address?.postalCode == nil)
    }

    @Test func nulPadding() {
        var bytes = SPC.bytes(SPC.with(SPC.base, [5: "Robert Schneider AG\u{0}\u{0}\u{0}"]))
        bytes += [0, 0, 0]
        expectTolerated(bytes, .nulPadding)
    }

    @Test func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + SPC.bytes(SPC.base)
        expectTolerated(bytes, .byteOrderMark)
        // Offsets keep pointing into the original bytes (BOM included).
        let e = SPC.error([0xEF, 0xBB, 0xBF] + SPC.bytes(SPC.with(SPC.base, [19: "USD"])))
        #expect(e?.offset == 3 + SPC.bytes(Array(SPC.base[..<19])).count + 1)
    }

    @Test(arguments: ["CH58 0079 1123 0008 8901 2", " CH5800791123000889012", "CH5800791123000889012 "])
    func spacesInOrAroundIBAN(_ iban: String) {
        expectTolerated(SPC.bytes(SPC.with(SPC.base, [3: iban])), .ibanSpaces)
    }

    @Test func lowerCaseIBAN() {
        expectTolerated(SPC.bytes(SPC.with(SPC.base, [3: "ch5800791123000889012"])), .ibanLowercase)
    }

    @Test func ultimateCreditorFilled() {
        let lines = SPC.with(SPC.base, [11: "S", 12: "Ultimate AG", 13: "Seestrasse", 14: "7", 15: "8002", 16: "Zürich", 17: "CH"])
        let r = SPC.record(lines)
        #expect(SPC.warningCodes(r) == ["ultimate_creditor_reserved"])
        #expect(r?.ultimateCreditor?.name == "Ultimate AG")
        #expect(r?.ultimateCreditor?.address?.town == "Zürich")
        #expect(r?.status == .valid)
    }

    @Test func referenceWithSpaces() {
        let r = SPC.record(SPC.with(SPC.qr, [28: "21 00000 00003 13947 14300 09017"]))
        #expect(SPC.warningCodes(r) == ["reference_not_compact"])
        #expect(r?.reference?.value == "210000000003139471430009017")
    }

    @Test func latin1Bytes() {
        var bytes = SPC.bytes(SPC.with(SPC.base, [6: "Parlamentsgeb_ude"]))
        if let i = bytes.firstIndex(of: UInt8(ascii: "_")) { bytes[i] = 0xE4 }
        let r = SPC.record(bytes)
        #expect(SPC.warningCodes(r) == ["charset_fallback"])
        #expect(r?.creditor?.address?.street == "Parlamentsgebäude")
        #expect(r?.source.charset == "ISO-8859-1")
        #expect(r?.status == .uncertain)
    }

    @Test func decomposedText() {
        let r = SPC.record(SPC.with(SPC.base, [5: "Mu\u{308}ller AG"]))
        #expect(SPC.warningCodes(r) == ["unicode_normalized"])
        #expect(r?.creditor?.name?.unicodeScalars.elementsEqual("Müller AG".unicodeScalars) == true)
    }

    @Test func severalTolerancesAtOnce() {
        let lines = SPC.with(SPC.base, [1: "0210", 3: "CH58 0079 1123 0008 8901 2"])
        let r = SPC.record([0xEF, 0xBB, 0xBF] + SPC.bytes(lines, separator: "\r", tail: "\r\r"))
        #expect(Set(SPC.warningCodes(r)) == ["byte_order_mark", "line_ending_cr", "trailing_empty_lines", "minor_version", "iban_spaces"])
    }

    // MARK: Decoding policy (docs/decoding-policy.md): code, severity, uncertain flag, status

    func expectPolicy(_ r: PaymentRecord?, _ code: ErrorCode, uncertain: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let w = r?.warnings.filter { $0.code == code } ?? []
        #expect(w.count == 1, "\(SPC.warningCodes(r))", sourceLocation: sourceLocation)
        #expect(w.first?.severity == .warning, sourceLocation: sourceLocation)
        #expect(w.first?.uncertain == uncertain, sourceLocation: sourceLocation)
        #expect(r?.status == (uncertain ? .uncertain : .valid), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["0300", "1000", "0001"])
    func unknownMajorVersionIsDecodedWithTheNewestRules(_ version: String) {
        let r = SPC.record(SPC.with(SPC.base, [1: version]))
        expectPolicy(r, .versionUnknown, uncertain: true)
        #expect(r?.formatVersion == version)
        #expect(r?.creditor == Self.clean?.creditor)
    }

    @Test func obsoleteVersion01IsRejected() {
        #expect(SPC.error(SPC.with(SPC.base, [1: "0100"]))?.code == .versionUnsupported)
    }

    @Test func unknownMinorVersionIsValid() {
        expectPolicy(SPC.record(SPC.with(SPC.base, [1: "0230"])), .minorVersion, uncertain: false)
    }

    @Test func reservedUltimateCreditorIsKeptValid() {
        let r = SPC.record(SPC.with(SPC.base, [11: "S", 12: "Ultimate AG", 15: "8000", 16: "Zürich", 17: "CH"]))
        expectPolicy(r, .ultimateCreditorReserved, uncertain: false)
        #expect(r?.ultimateCreditor?.name == "Ultimate AG")
    }

    @Test func missingCreditorNameIsKeptUncertain() {
        let r = SPC.record(SPC.with(SPC.base, [5: ""]))
        expectPolicy(r, .fieldMissing, uncertain: true)
        #expect(r?.creditor?.name == nil)
        #expect(r?.creditor?.account?.iban == "CH5800791123000889012")
    }

    @Test func guessedCharsetIsUncertain() {
        var bytes = SPC.bytes(SPC.base)
        if let i = bytes.firstIndex(of: UInt8(ascii: "B")) { bytes.insert(0xE9, at: i) }  // Latin-1 é
        expectPolicy(SPC.record(bytes), .charsetFallback, uncertain: true)
    }

    @Test func fieldTooLongIsValid() {
        expectPolicy(SPC.record(SPC.with(SPC.base, [5: String(repeating: "x", count: 71)])), .fieldTooLong, uncertain: false)
    }

    @Test func cosmeticIBANSpacesAreValid() {
        expectPolicy(SPC.record(SPC.with(SPC.base, [3: "CH58 0079 1123 0008 8901 2"])), .ibanSpaces, uncertain: false)
    }

    @Test func declaredReferenceWithAWrongCheckIsRejected() {
        #expect(SPC.error(SPC.with(SPC.scor, [28: "RF19539007547034"]))?.code == .referenceInvalidChecksum)
        #expect(SPC.error(SPC.with(SPC.qr, [28: "210000000003139471430009018"]))?.code == .referenceInvalidChecksum)
    }

    // MARK: Errors carry what was read before them

    @Test func aBadAmountAfterAGoodIBANCarriesThePartialRecord() throws {
        let e = try #require(SPC.error(SPC.with(SPC.base, [18: "12,50"])))
        #expect(e.code == .amountInvalid)
        let partial = try #require(e.partial)
        #expect(partial.status == .invalid)
        #expect(partial.formatVersion == "0200")
        #expect(partial.creditor?.account?.iban == "CH5800791123000889012")
        #expect(partial.creditor?.name == "Robert Schneider AG")
        #expect(partial.amount == nil)
        #expect(partial.debtor == nil)
    }

    @Test func aBadReferenceCarriesAmountAndDebtor() throws {
        let e = try #require(SPC.error(SPC.with(SPC.scor, [28: "RF19539007547034"])))
        #expect(e.partial?.amount?.currency == "CHF")
        #expect(e.partial?.debtor?.name == "Pia Rutschmann")
        #expect(e.partial?.reference == nil)
    }
}
