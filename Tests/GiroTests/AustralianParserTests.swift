import Foundation
import Giro
import Testing

/// Australia in `giro parse`: ABN, BSB, account, BPAY biller code and CRN after their labels; look-alikes repaired
/// only when the check (ABN mod 89, biller code Luhn) then holds.
@Suite struct AustralianParserTests {
    func parse(_ text: String, country: String? = "AU") throws -> [ParseCandidate] {
        let group = try ParserGroup.registry(["iban", "amount", "date", "reference", "national"], country: country)
        return try group.parse(text, context: ParseContext(country: country))
    }

    @Test func abnRepairedWhenMod89Holds() throws {
        let c = try #require(try parse("ABN: 51 824 753 556").first { $0.type == "au.abn" })
        #expect(c.value == "51824753556" && c.status == .valid && c.fields["country"] == "AU")
        let repaired = try #require(try parse("ABN 5l 824 753 SS6").first { $0.type == "au.abn" })
        #expect(repaired.value == "51824753556" && repaired.status == .valid && repaired.corrections.count == 3)
        // A failing check is never a valid ABN (as read it is reported invalid, or loses its bytes to the amount).
        #expect(try parse("ABN 51 824 753 557").allSatisfy { $0.type != "au.abn" || $0.status == .invalid })
        #expect(try parse("ABN 5l824753557").contains { $0.type == "au.abn" && $0.status == .invalid && $0.corrections.isEmpty })
    }

    @Test func bpayBoxBillerCodeAndReference() throws {
        let found = try parse("BPAY Biller Code: 129163 Ref: 1234 5678 90")
        #expect(found.contains { $0.type == "au.biller-code" && $0.value == "129163" })
        let crn = try #require(found.first { $0.type == "au.crn" })
        #expect(crn.value == "1234567890" && crn.status == .uncertain)
    }

    @Test func bsbAndAccount() throws {
        let found = try parse("BSB 062-000 Account number 1234 5678")
        #expect(found.contains { $0.type == "au.bsb" && $0.value == "062000" && $0.status == .valid })
        #expect(found.contains { $0.type == "au.account" && $0.value == "12345678" && $0.status == .uncertain })
        #expect(try parse("Phone 062 000 1234").allSatisfy { $0.type != "au.bsb" && $0.type != "au.account" })
    }
}
