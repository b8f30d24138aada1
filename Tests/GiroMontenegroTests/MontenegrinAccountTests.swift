import GiroCore
import GiroMontenegro
import Testing

/// The 18-digit account ↔ `ME25…` IBAN on published values (provenance in Countries/Montenegro/README.md).
@Suite struct MontenegrinAccountTests {
    let account = Montenegro.account

    /// SWIFT IBAN Registry: domestic example `505 0000123456789 51`, IBAN example `ME25505000012345678951`.
    @Test func registryExample() throws {
        let valid = try account.validate("505-0000123456789-51")
        #expect(valid.compact == "505000012345678951" && valid.details["iban"] == "ME25505000012345678951")
        #expect(try account.validate("ME25 5050 0001 2345 6789 51").formatted == "505-0000123456789-51")
    }

    /// Accounts published by their holders, printed short (`510-1076-13`) or as IBANs: account → `ME25` IBAN →
    /// the core's IBAN check → account.
    @Test(arguments: [("510-1076-13", "ME25510000000000107613"), ("510-1752-22", "ME25510000000000175222"),
                      ("510-210949-21", "ME25510000000021094921"), ("510-203225-10", "ME25510000000020322510"),
                      ("510-62341-33", "ME25510000000006234133")])
    func publishedAccountsBothWays(_ printed: String, _ iban: String) throws {
        let a = try account.validate(printed)
        #expect(a.details["iban"] == iban)
        #expect(try IBAN.validate(Array(iban.utf8)).iban.countryCode == "ME")
        #expect(try account.validate(iban).compact == a.compact)
    }

    @Test func printedForms() throws {
        for form in ["510-1076-13", "510 1076 13", "510.1076.13", "510000000000107613", "510-0000000001076-13"] {
            #expect(try account.validate(form).compact == "510000000000107613", "\(form)")
        }
    }

    @Test func invalidValuesSayWhatAndWhere() {
        #expect(failure("505-0000123456789-52") == "iban_invalid_national_check@18")
        #expect(failure("510-1076-x3") == "field_invalid@9")
        #expect(failure("510-1076") == "field_invalid@-")
        #expect(failure("ME25 5050 0001 2345 6789 52") == "iban_invalid_national_check@25")
    }

    /// `code@offset` of the rejection (`-` without an offset), or `valid`.
    func failure(_ input: String) -> String {
        do { _ = try account.validate(input); return "valid" } catch { return "\(error.code.rawValue)@\(error.offset.map(String.init) ?? "-")" }
    }
}
