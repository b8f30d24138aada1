import Foundation
import GiroCore
@testable import GiroSlovakia
import Testing

/// Deviations PAY by square readers meet in the wild: each decodes with exactly its named warning.
@Suite struct PayBySquareTolerancesTests {
    static let document = PBS.document([PBS.payment()], beneficiaries: [["Obec", "", ""]])
    static let clean = PBS.record(PBS.encode(document))

    func expectTolerated(_ text: String, _ code: ErrorCode, sameData: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let r = PBS.record(text, sourceLocation: sourceLocation) else { return }
        #expect(r.warnings.map(\.code) == [code], "warnings: \(r.warnings)", sourceLocation: sourceLocation)
        guard sameData else { return }
        #expect(r.creditor == Self.clean?.creditor && r.amount == Self.clean?.amount && r.symbols == Self.clean?.symbols,
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
        #expect(PBS.warnings(r) == ["length_field_mismatch"] && r.extras["invoiceID"] == "random-id")
        #expect(PBS.warnings(PBS.record(Golden.fixture("tolerate-length-field-short"))) == ["length_field_mismatch"])
    }

    @Test func ibanFailingItsChecksIsKeptAndFlagged() throws {
        let bad = "SK9711000000002918599669"
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment(accounts: [(bad, "")])]))))
        #expect(PBS.warnings(r) == ["iban_invalid_checksum"] && r.status == .uncertain && r.creditor?.account?.iban == bad)
        // The xseman fixtures use IBANs that pass mod 97 but not the Slovak account check.
        #expect(PBS.warnings(PBS.record(try PBS.vector("bysquare-1"))) == ["iban_invalid_national_check"])
    }

    @Test func invalidBICIsKeptAndFlagged() throws {
        let r = try #require(PBS.record(PBS.encode(PBS.document([PBS.payment(accounts: [(PBS.iban, "TATR")])]))))
        #expect(PBS.warnings(r) == ["bic_invalid"] && r.creditor?.account?.bic == "TATR")
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
        #expect(PBS.warnings(r) == ["field_missing"] && r.status == .uncertain)
    }

    @Test func fieldsAfterTheDocumentKept() throws {
        let r = try #require(PBS.record(PBS.encode(Self.document + "\tnavyse\tx")))
        #expect(PBS.warnings(r) == ["unexpected_fields"] && r.extras["trailingFields"] == "navyse\tx")
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
}
