import GiroBosniaAndHerzegovina
import GiroCore
import Testing

/// The 16-digit account ↔ `BA39…` IBAN on published values (provenance in Countries/BosniaAndHerzegovina/README.md).
@Suite struct BosnianAccountTests {
    let account = BosniaAndHerzegovina.account

    /// SWIFT IBAN Registry: domestic example `199-044-00012002-79`, IBAN example `BA391290079401028494`.
    @Test func registryExamples() throws {
        let domestic = try account.validate("199-044-00012002-79")
        #expect(domestic.compact == "1990440001200279" && domestic.formatted == "199-044-00012002-79")
        #expect(domestic.details == ["country": "BA", "bankCode": "199", "iban": "BA391990440001200279"])
        let fromIBAN = try account.validate("BA39 1290 0794 0102 8494")
        #expect(fromIBAN.compact == "1290079401028494" && fromIBAN.formatted == "129-007-94010284-94")
    }

    /// Deposit accounts of JRT Trezor BiH published for administrative fees (sps.gov.ba, bihkonk.gov.ba): the
    /// printed account gives `BA39` + the digits, the core's IBAN check (mod 97 and the national digits) accepts
    /// it, and reading the IBAN back gives the same account.
    @Test(arguments: ["3380002210018390", "5517902220404858", "5556000031201417", "5620128137723339", "5556000060067744", "1341021020000276"])
    func publishedAccountsBothWays(_ printed: String) throws {
        let a = try account.validate(printed)
        let iban = try #require(a.details["iban"])
        #expect(iban == "BA39" + printed)
        let checked = try IBAN.validate(Array(iban.utf8))
        #expect(checked.iban.countryCode == "BA")
        let back = try account.validate(iban)
        #expect(back.compact == printed && back.formatted == a.formatted)
    }

    @Test func printedForms() throws {
        for form in ["199-044-00012002-79", "1990440001200279", "1990 4400 0120 0279", "199.044.00012002.79", " 199 044 00012002 79 ", "ba391990440001200279"] {
            #expect(try account.validate(form).compact == "1990440001200279", "\(form)")
        }
        // bank-number-control with the 11-digit number's leading zeros left out
        #expect(try account.validate("199-4400012002-79").compact == "1990440001200279")
    }

    @Test func invalidValuesSayWhatAndWhere() {
        #expect(failure("199-044-00012002-78") == "iban_invalid_national_check@17")
        #expect(failure("BA39 1290 0794 0102 8495") == "iban_invalid_national_check@22")
        #expect(failure("199-044-0001200-79") == "field_invalid@-")
        #expect(failure("338O002210018390") == "field_invalid@3")
        #expect(failure("12345678901234567") == "field_invalid@-")
        #expect(failure("") == "field_invalid@-")
        #expect(failure(String(repeating: "1", count: 300)) == "field_invalid@-")
    }

    @Test func slipRuleReadsAccountsAndIBANs() {
        guard case .account(let a) = account.read("3380002210018390") else { Issue.record("not read"); return }
        #expect(a.iban == "BA393380002210018390" && a.number == "338-000-22100183-90" && a.bankCode == "338")
        #expect(account.read("3380002210018391") == .failedCheck("3380002210018391"))
        #expect(account.read("ABC") == .notAnAccount)
    }

    /// `code@offset` of the rejection (`-` without an offset), or `valid`.
    func failure(_ input: String) -> String {
        do { _ = try account.validate(input); return "valid" } catch { return "\(error.code.rawValue)@\(error.offset.map(String.init) ?? "-")" }
    }
}
