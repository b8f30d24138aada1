import GiroCore
import GiroNorthMacedonia
import Testing

/// The 15-digit account ↔ `MK07…` IBAN on published values (provenance in Countries/NorthMacedonia/README.md).
@Suite struct MacedonianAccountTests {
    let account = NorthMacedonia.account

    /// SWIFT IBAN Registry: domestic example `300 0000000424 25`, IBAN example `MK07250120000058984`.
    @Test func registryExamples() throws {
        let domestic = try account.validate("300 0000000424 25")
        #expect(domestic.compact == "300000000042425" && domestic.formatted == "300-0000000424-25")
        #expect(domestic.details == ["country": "MK", "bankCode": "300", "iban": "MK07300000000042425"])
        let fromIBAN = try account.validate("MK07 2501 2000 0058 984")
        #expect(fromIBAN.compact == "250120000058984" && fromIBAN.formatted == "250-1200000589-84")
    }

    /// The Budget's treasury account at the NBRM (the ПП50 recipient account, published by state bodies) and
    /// the registry's accounts: account → `MK07` IBAN → the core's IBAN check → account.
    @Test(arguments: ["100000000063095", "300000000042425", "250120000058984"])
    func publishedAccountsBothWays(_ printed: String) throws {
        let a = try account.validate(printed)
        let iban = try #require(a.details["iban"])
        #expect(iban == "MK07" + printed)
        #expect(try IBAN.validate(Array(iban.utf8)).iban.countryCode == "MK")
        let back = try account.validate(iban)
        #expect(back.compact == printed && back.formatted == a.formatted)
    }

    @Test func printedForms() throws {
        for form in ["300-0000000424-25", "300000000042425", "300 0000000424 25", "300.0000000424.25", "300-424-25", "mk07300000000042425"] {
            #expect(try account.validate(form).compact == "300000000042425", "\(form)")
        }
    }

    @Test func invalidValuesSayWhatAndWhere() {
        #expect(failure("300-0000000424-26") == "iban_invalid_national_check@15")
        #expect(failure("30000000004242") == "field_invalid@-")
        #expect(failure("300-0000000424-2x") == "field_invalid@16")
        // A budget user's account (сметка на буџетски корисник, 10 + 3 + 2 digits) is no bank account: its last
        // two digits are no mod-97 control.
        #expect(failure("7850111088 787 10") == "iban_invalid_national_check@15")
        #expect(failure("MK07 2501 2000 0058 985") == "iban_invalid_national_check@21")
    }

    /// `code@offset` of the rejection (`-` without an offset), or `valid`.
    func failure(_ input: String) -> String {
        do { _ = try account.validate(input); return "valid" } catch { return "\(error.code.rawValue)@\(error.offset.map(String.init) ?? "-")" }
    }
}
