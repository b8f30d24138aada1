import Foundation
import GiroCore
@testable import GiroSlovakia
import Testing
import GiroTestSupport

/// Deviations PAY by square readers meet in the wild: each decodes with exactly its named warning.
@Suite struct PBSBarelyAcceptableTests {
    static let document = PBS.document([PBS.payment()], beneficiaries: [["Obec", "", ""]])
    static let clean = PBS.record(PBS.encode(document))

    func expectTolerated(_ text: String, _ code: ErrorCode, sameData: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(PBS.record(text, sourceLocation: sourceLocation), [code], sameAs: Self.clean,
                                           in: sameData ? [.field(\.creditor), .field(\.amount), .field(\.symbols)] : [],
                                           sourceLocation: sourceLocation)
    }

    @Test func cleanHasNoWarnings() {
        #expect(Self.clean?.diagnostics.isEmpty == true && Self.clean?.status == .valid)
    }

    @Test func emptyExtensionFlagsReadAsZero() throws {
        // bsqr.co writes '' instead of '0' (vector bysquare-3): normal, no warning.
        let text = Self.document.replacingOccurrences(of: "\t0\t0\tObec", with: "\t\t\tObec")
        #expect(PBS.warnings(PBS.record(PBS.encode(text))) == [])
    }

    @Test func v100WithoutBeneficiaryIsNormal() {
        #expect(PBS.warnings(PBS.record(PBS.encode(PBS.document([PBS.payment()]), version: 0))) == [])
    }

    @Test func lowerCaseBase32() { expectTolerated(PBS.encode(Self.document).lowercased(), .base32Lowercase) }

    @Test(arguments: ["\n", "\r\n", " "])
    func trailingWhitespace(_ tail: String) { expectTolerated(PBS.encode(Self.document) + tail, .trailingNewline) }

    @Test func byteOrderMark() {
        guard let r = PBS.record([0xEF, 0xBB, 0xBF] + Array(PBS.encode(Self.document).utf8)) else { return }
        #expect(PBS.warnings(r) == ["byte_order_mark"])
    }

    @Test func superfluousBase32Character() throws {
        expectTolerated(PBS.encode(Self.document) + "0", .base32ExtraCharacters)
        let r = try #require(PBS.record(try PBS.vector("bysquare-5")))
        #expect(PBS.warnings(r) == ["base32_extra_characters", "bic_country_mismatch"] && r.creditor?.account?.iban == "NL32ABNA7023532722")
    }

    @Test func wrongLengthField() throws {
        let r = try #require(PBS.record(try PBS.vector("bysquare-4")))
        #expect(PBS.warnings(r) == ["length_field_mismatch"] && r.extras["sk.invoiceID"] == "random-id")
        #expect(PBS.warnings(PBS.record(Golden.fixture("tolerate-length-field-short"))) == ["length_field_mismatch"])
    }

    @Test func ibanFailingMod97IsRejected() throws {
        let e = PBS.error(PBS.encode(PBS.document([PBS.payment(accounts: [("SK9711000000002918599669", "")])])))
        #expect(e?.code == .ibanInvalidChecksum)
        #expect(e?.field == "payments[0].bankAccounts[0].iban")
        // Read before the account: the amount is in the partial record.
        #expect(e?.partial?.amount?.value == PBS.kit.decimal("12.50"))
        #expect(e?.partial?.status == .invalid)
    }

    @Test func nationalCheckFailingOnACorrectMod97IsKeptUncertain() throws {
        // The xseman fixtures use IBANs that pass mod 97 but not the Slovak account check.
        let r = PBS.record(try PBS.vector("bysquare-1"))
        expectPolicy(r, .ibanInvalidNationalCheck, uncertain: true)
    }

    @Test func aBICThatIsNotISO9362IsAPlaceholder() throws {
        let r = PBS.record(PBS.encode(PBS.document([PBS.payment(accounts: [(PBS.iban, "TATR")])])))
        expectPolicy(r, .placeholderValue, uncertain: false)
        #expect(r?.creditor?.account?.bic == nil)
    }

    @Test func impossibleDate() throws {
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment(due: "20230231")]))))
        #expect(PBS.warnings(r) == ["date_invalid"] && r.dueDate == nil && r.status == .uncertain)
    }

    @Test func overlongNoteKeptWhole() throws {
        let note = String(repeating: "x", count: 150)
        let r = PBS.record(PBS.encode(PBS.document([PBS.payment(note: note)])))
        #expect(PBS.warnings(r) == ["field_too_long"] && r?.remittanceInformation == note)
    }

    @Test func version120WithoutBeneficiaryName() throws {
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment()]), version: 2)))
        #expect(PBS.warnings(r) == ["beneficiary_name_missing"] && r.status == .uncertain)  // a dated rule, in force since 2025-04-01
    }

    @Test func fieldsAfterTheDocumentKept() throws {
        let r = try #require(PBS.record(PBS.encode(Self.document + "\tnavyse\tx")))
        #expect(PBS.warnings(r) == ["unexpected_fields"] && r.extras["sk.unknown.trailingFields"] == "navyse\tx")
        // Empty surplus fields (bsqr.co pads with them) are silent.
        #expect(PBS.warnings(PBS.record(PBS.encode(Self.document + "\t\t\t\t"))) == [])
    }

    @Test func documentEndingAfterTheAccounts() throws {
        let text = ["", "1", "1", "1", "EUR", "", "", "", "", "", "", "1", PBS.iban, ""].joined(separator: "\t")
        let r = try #require(PBS.record(PBS.encode(text)))
        #expect(PBS.warnings(r) == ["fields_missing"] && r.amount?.value == 1)
    }

    @Test func bicOfAnotherCountry() throws {
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment(accounts: [(PBS.iban, "BREXPLPW")])]))))
        #expect(PBS.warnings(r) == ["bic_country_mismatch"] && r.status == .uncertain && r.creditor?.account?.bic == "BREXPLPW")
    }

    // MARK: Decoding policy (docs/decoding-policy.md): code, severity, uncertain flag, status

    func expectPolicy(_ r: PaymentRecord?, _ code: ErrorCode, uncertain: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let w = r?.warnings.filter { $0.code == code } ?? []
        #expect(w.count == 1, "\(PBS.warnings(r))", sourceLocation: sourceLocation)
        #expect(w.first?.severity == .warning, sourceLocation: sourceLocation)
        #expect(w.first?.uncertain == uncertain, sourceLocation: sourceLocation)
        #expect(r?.status == (uncertain ? .uncertain : .valid), sourceLocation: sourceLocation)
    }

    @Test(arguments: [3, 15])
    func unknownVersionIsReadWithTheNewestRules(_ nibble: Int) {
        let r = PBS.record(PBS.encode(PBS.document([PBS.payment()]), version: nibble))
        expectPolicy(r, .versionUnknown, uncertain: true)
        #expect(r?.formatVersion == String(nibble))
        #expect(r?.creditor?.account?.iban == PBS.iban)
    }

    @Test func impossibleDateIsUncertain() {
        expectPolicy(PBS.record(PBS.encode(PBS.document([PBS.payment(due: "20230231")]))), .dateInvalid, uncertain: true)
    }

    @Test func trailingFieldsAreKeptValid() {
        let r = PBS.record(PBS.encode(Self.document + "\tnavyse"))
        expectPolicy(r, .unexpectedFields, uncertain: false)
        #expect(r?.extras["sk.unknown.trailingFields"] == "navyse")
    }

    @Test func cosmeticLowerCaseIsValid() {
        expectPolicy(PBS.record(PBS.encode(Self.document).lowercased()), .base32Lowercase, uncertain: false)
    }

    @Test func checksumOverThePayloadIsRejected() {
        #expect(PBS.error(Golden.fixture("invalid-crc"))?.code == .crcMismatch)
    }

    @Test func fieldTooLongIsValid() {
        expectPolicy(PBS.record(PBS.encode(PBS.document([PBS.payment(note: String(repeating: "x", count: 141))]))),
                     .fieldTooLong, uncertain: false)
    }

    @Test func aWarningOnTheSecondPaymentMakesTheWholeDocumentUncertain() throws {
        let second = PBS.payment(due: "20230231")
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment(), second]))))
        expectPolicy(r, .dateInvalid, uncertain: true)
        #expect(r.warnings.first?.field == "payments[1].dueDate")
        #expect(r.additionalPayments.first?.status == .uncertain)
    }

    // MARK: Errors carry what was read before them

    @Test func aBadFieldAfterTheAccountCarriesThePartialRecord() throws {
        let text = PBS.document([PBS.payment(standingOrder: ["5", "", "X", ""])])
        let e = try #require(PBS.error(PBS.encode(text)))
        #expect(e.code == .fieldInvalid)
        let partial = try #require(e.partial)
        #expect(partial.status == .invalid)
        #expect(partial.creditor?.account?.iban == PBS.iban)
        #expect(partial.amount?.value == PBS.kit.decimal("12.50"))
        #expect(partial.symbols?.variable == "2025")
    }

    @Test func aBadSecondPaymentCarriesTheFirst() throws {
        let bad = PBS.payment(amount: "1,50")
        let e = try #require(PBS.error(PBS.encode(PBS.document([PBS.payment(), bad]))))
        #expect(e.code == .amountInvalid)
        #expect(e.field == "payments[1].amount")
        #expect(e.partial?.creditor?.account?.iban == PBS.iban)
        #expect(e.partial?.additionalPayments.count == 1)
    }
}
