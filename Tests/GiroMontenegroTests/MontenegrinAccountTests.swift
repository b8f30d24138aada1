import GiroCore
import GiroMontenegro
import Testing

@Suite struct MontenegrinAccountTests {
    @Test func printedAccountToIBAN() throws {
        let valid = try Montenegro.account.validate("505-0000123456789-51")
        #expect(valid.compact == "505000012345678951" && valid.details["iban"] == "ME25505000012345678951")
        #expect(throws: GiroError.self) { try Montenegro.account.validate("505-0000123456789-52") }
    }
}
