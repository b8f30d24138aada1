import Foundation
import GiroCore
import GiroCzechia
import Testing
import GiroTestSupport

/// Deviations SPAYD readers meet in the wild: each decodes, carries exactly its named warning, and
/// yields the same payment data as the clean payload.
@Suite struct CZBarelyAcceptableTests {
    static let clean = CZ.record(CZ.base)

    func expectTolerated(_ text: String, _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation) {
        expectTolerated(Array(text.utf8), code, sourceLocation: sourceLocation)
    }

    func expectTolerated(_ bytes: [UInt8], _ code: ErrorCode, sameData: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(CZ.record(bytes, sourceLocation: sourceLocation), [code], sameAs: Self.clean,
                                           in: sameData ? [.field(\.creditor), .field(\.amount), .field(\.symbols), .field(\.dueDate)] : [],
                                           sourceLocation: sourceLocation)
    }

    @Test func cleanPayloadHasNoWarnings() {
        #expect(Self.clean?.diagnostics.isEmpty == true && Self.clean?.status == .valid)
    }

    @Test func trailingStarIsNormal() {
        #expect(CZ.warnings(CZ.record(CZ.base + "*")) == [])
    }

    @Test func lowerCasePercentEscapesAreNormal() {
        #expect(CZ.record(CZ.base.replacingOccurrences(of: "NADACI", with: "%c3%a1%2a"))?.remittanceInformation == "PRISPEVEK NA á*")
    }

    @Test func byteOrderMark() { expectTolerated([0xEF, 0xBB, 0xBF] + Array(CZ.base.utf8), .byteOrderMark) }

    @Test(arguments: ["\n", "\r\n", "*\n"])
    func trailingLineBreak(_ tail: String) { expectTolerated(CZ.base + tail, .trailingNewline) }

    @Test func whitespaceAroundValue() {
        expectTolerated(CZ.base.replacingOccurrences(of: "AM:555.55", with: "AM: 555.55 "), .whitespaceTrimmed)
    }

    @Test func unknownStandardKeyKeptInExtras() throws {
        expectTolerated(CZ.base + "*FOO:BAR", .unknownKey)
        #expect(CZ.record(CZ.base + "*FOO:BAR")?.extras["cz.unknown.FOO"] == "BAR")
    }

    @Test func unknownCustomKeyIsSilent() {
        #expect(CZ.warnings(CZ.record(CZ.base + "*X-FOO:BAR")) == [])
    }

    @Test func invalidPercentEscapeKeptLiterally() {
        let text = CZ.base.replacingOccurrences(of: "NA NADACI", with: "100% %G1 %4")
        expectTolerated(text, .percentEscapeInvalid)
        #expect(CZ.record(text)?.remittanceInformation == "PRISPEVEK 100% %G1 %4")
    }

    @Test func overlongTextKeptWhole() {
        let message = String(repeating: "Y", count: 75)
        let text = CZ.base.replacingOccurrences(of: "PRISPEVEK NA NADACI", with: message)
        expectTolerated(text, .fieldTooLong)
        #expect(CZ.record(text)?.remittanceInformation == message)
    }

    @Test func ibanLowerCase() {
        expectTolerated(CZ.base.replacingOccurrences(of: "CZ3301000000000002970297", with: "cz3301000000000002970297"), .ibanLowercase)
    }

    @Test func foreignCurrency() throws {
        let text = CZ.base.replacingOccurrences(of: "CC:CZK", with: "CC:EUR")
        expectTolerated(Array(text.utf8), .currencyNotDomestic, sameData: false)
        #expect(CZ.record(text)?.amount?.currency == "EUR")
    }

    @Test(arguments: ["2.0", "9.9"])
    func unknownMajorVersion(_ v: String) {
        expectTolerated(CZ.base.replacingOccurrences(of: "SPD*1.0*", with: "SPD*\(v)*"), .versionUnknown)
    }

    @Test(arguments: ["1.1", "1.2"])
    func definedMinorVersionsAreNormal(_ v: String) {
        #expect(CZ.warnings(CZ.record(CZ.base.replacingOccurrences(of: "SPD*1.0*", with: "SPD*\(v)*"))) == [])
    }

    @Test func crcMismatchIsRejected() throws {
        let text = String(decoding: try CZ.vector("spayd-6"), as: UTF8.self).replacingOccurrences(of: "AM:399.01", with: "AM:399.02")
        let e = try #require(CZ.error(text))
        #expect(e.code == .crcMismatch)
        #expect(e.partial?.status == .invalid)
        #expect(e.partial?.amount?.value == CZ.spaydKit.decimal("399.02"))
    }

    @Test func crcInLowerCaseHexIsAccepted() throws {
        let text = String(decoding: try CZ.vector("spayd-6"), as: UTF8.self).replacingOccurrences(of: "2B3CD92E", with: "2b3cd92e")
        #expect(CZ.warnings(CZ.record(text)) == [])
    }

    @Test func latin1BytesAfterPercentDecoding() throws {
        let text = CZ.base.replacingOccurrences(of: "NA NADACI", with: "%E8ESK%C9")
        let r = try #require(CZ.record(text))
        #expect(CZ.warnings(r) == ["charset_fallback"] && r.status == .uncertain)
        #expect(r.remittanceInformation == "PRISPEVEK èESKÉ" && r.source.charset == "ISO-8859-1")
    }

    @Test func domesticAccountNumberConverted() throws {
        let text = "SPD*1.0*ACC:721-77628031/0710*AM:1.00"
        let r = try #require(CZ.record(text))
        #expect(CZ.warnings(r) == ["domestic_account_converted"])
        #expect(r.creditor?.account?.iban == "CZ5207100007210077628031" && r.creditor?.account?.number == "721-77628031/0710")
        // A domestic number failing its weighted check is not converted, so the IBAN check rejects it.
        #expect(CZ.error("SPD*1.0*ACC:721-77628032/0710*AM:1.00")?.code == .ibanInvalidFormat)
    }
}

/// The same leniencies for QR Faktura (SID), each with its warning.
@Suite struct SIDTolerancesTests {
    static let base = "SID*1.0*ID:FV2024-001*DD:20240105*AM:1210.00"

    @Test func unknownKeyKeptInUnknownTags() throws {
        let r = try #require(CZ.record(Self.base + "*ZZ:1"))
        #expect(CZ.warnings(r) == ["unknown_key"] && r.invoice?.unknownTags == ["ZZ": "1"])
    }

    @Test func customKeyIsSilent() {
        #expect(CZ.warnings(CZ.record(Self.base + "*X-SHOP:7")) == [])
    }

    @Test func trailingLineBreak() { #expect(CZ.warnings(CZ.record(Self.base + "\r\n")) == ["trailing_newline"]) }

    @Test func byteOrderMark() { #expect(CZ.warnings(CZ.record([0xEF, 0xBB, 0xBF] + Array(Self.base.utf8))) == ["byte_order_mark"]) }

    @Test func unknownMajorVersion() {
        #expect(CZ.warnings(CZ.record(Self.base.replacingOccurrences(of: "SID*1.0", with: "SID*3.1"))) == ["version_unknown"])
    }

    @Test func invalidPercentEscapeKeptLiterally() throws {
        let r = try #require(CZ.record(Self.base.replacingOccurrences(of: "FV2024-001", with: "50%")))
        #expect(CZ.warnings(r) == ["percent_escape_invalid"] && r.invoice?.id == "50%")
    }

    @Test func percentEscapesAreDecoded() {
        #expect(CZ.record(Self.base.replacingOccurrences(of: "FV2024-001", with: "FV%2F1"))?.invoice?.id == "FV/1")
    }

    @Test func latin1AfterPercentDecoding() throws {
        let r = try #require(CZ.record(Self.base.replacingOccurrences(of: "FV2024-001", with: "%C8J")))
        #expect(CZ.warnings(r) == ["charset_fallback"] && r.invoice?.id == "ÈJ" && r.status == .uncertain)
    }

    @Test func whitespaceAroundValue() {
        #expect(CZ.warnings(CZ.record(Self.base.replacingOccurrences(of: "AM:1210.00", with: "AM: 1210.00"))) == ["whitespace_trimmed"])
    }

    // MARK: Decoding policy (docs/decoding-policy.md): code, severity, uncertain flag, status

    func expectPolicy(_ r: PaymentRecord?, _ code: ErrorCode, uncertain: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let w = r?.warnings.filter { $0.code == code } ?? []
        #expect(w.count == 1, "\(CZ.warnings(r))", sourceLocation: sourceLocation)
        #expect(w.first?.severity == .warning, sourceLocation: sourceLocation)
        #expect(w.first?.uncertain == uncertain, sourceLocation: sourceLocation)
        #expect(r?.status == (uncertain ? .uncertain : .valid), sourceLocation: sourceLocation)
    }

    @Test func nationalCheckFailingOnACorrectMod97IsKeptUncertain() {
        // CZ76…248: mod-97 correct, Czech account check (weighted mod 11) wrong.
        let r = CZ.record("SPD*1.0*ACC:CZ7608000000192235210248*AM:1.00")
        expectPolicy(r, .ibanInvalidNationalCheck, uncertain: true)
        #expect(r?.creditor?.account?.iban == "CZ7608000000192235210248")
    }

    @Test(arguments: ["2.0", "9.1"])
    func unknownMajorVersionIsUncertain(_ v: String) {
        let r = CZ.record(CZ.base.replacingOccurrences(of: "SPD*1.0*", with: "SPD*\(v)*"))
        expectPolicy(r, .versionUnknown, uncertain: true)
        #expect(r?.formatVersion == v)
    }

    @Test func unknownMinorVersionIsValid() {
        expectPolicy(CZ.record(CZ.base.replacingOccurrences(of: "SPD*1.0*", with: "SPD*1.7*")), .minorVersion, uncertain: false)
    }

    @Test func unknownKeyIsKeptInExtrasValid() {
        let r = CZ.record(CZ.base + "*FOO:BAR")
        expectPolicy(r, .unknownKey, uncertain: false)
        #expect(r?.extras["cz.unknown.FOO"] == "BAR")
    }

    @Test func placeholderBICIsDroppedValid() {
        let r = CZ.record("SPD*1.0*ACC:CZ5855000000001265098001+RZB*AM:1.00")
        expectPolicy(r, .placeholderValue, uncertain: false)
        #expect(r?.creditor?.account?.bic == nil)
        #expect(r?.creditor?.account?.iban == "CZ5855000000001265098001")
    }

    @Test func cosmeticIBANSpacesAreValid() {
        expectPolicy(CZ.record("SPD*1.0*ACC:CZ58 5500 0000 0012 6509 8001*AM:1.00"), .ibanSpaces, uncertain: false)
    }

    @Test func fieldTooLongIsValid() {
        expectPolicy(CZ.record("SPD*1.0*ACC:CZ5855000000001265098001*MSG:" + String(repeating: "x", count: 61)), .fieldTooLong, uncertain: false)
    }

    @Test func guessedCharsetIsUncertain() {
        expectPolicy(CZ.record(CZ.base.replacingOccurrences(of: "NA NADACI", with: "%E8ESK%C9")), .charsetFallback, uncertain: true)
    }

    @Test func alternativeAccountsShareThePolicy() {
        // The whole record's status is derived from every account's diagnostics.
        let r = CZ.record("SPD*1.0*ACC:CZ5855000000001265098001*ALT-ACC:CZ7608000000192235210248*AM:1.00")
        expectPolicy(r, .ibanInvalidNationalCheck, uncertain: true)
        #expect(r?.warnings.first?.field == "alternativeAccounts[0].iban")
    }

    @Test func sidUnknownMajorVersionIsUncertain() {
        let r = CZ.record("SID*2.0*ID:1*DD:20240101*AM:10.00")
        expectPolicy(r, .versionUnknown, uncertain: true)
    }

    // MARK: Errors carry what was read before them

    @Test func aBadAmountAfterAGoodIBANCarriesThePartialRecord() throws {
        let e = try #require(CZ.error("SPD*1.0*ACC:CZ5855000000001265098001*RN:Firma*AM:12,50"))
        #expect(e.code == .amountInvalid)
        let partial = try #require(e.partial)
        #expect(partial.status == .invalid)
        #expect(partial.creditor?.account?.iban == "CZ5855000000001265098001")
        #expect(partial.creditor?.name == "Firma")
        #expect(partial.formatVersion == "1.0")
        #expect(partial.amount == nil)
    }

    @Test func aBadEmbeddedInvoiceCarriesThePayment() throws {
        let e = try #require(CZ.error("SPD*1.0*ACC:CZ5855000000001265098001*AM:480.50*X-INV:SID%2A1.0%2AID:1%2ADD:2024"))
        #expect(e.code == .dateInvalid)
        #expect(e.partial?.amount?.value == CZ.spaydKit.decimal("480.50"))
        #expect(e.partial?.invoice?.id == "1")
    }

    @Test func aBadSIDDateCarriesTheInvoiceNumber() throws {
        let e = try #require(CZ.error("SID*1.0*ID:FV-7*DD:2024"))
        #expect(e.code == .dateInvalid)
        #expect(e.partial?.invoice?.id == "FV-7")
        #expect(e.partial?.status == .invalid)
    }
}
