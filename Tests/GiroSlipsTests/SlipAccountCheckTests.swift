import Foundation
import Giro
import Testing

/// The `account-check` rule runs the national check the reader was handed (GiroSlips imports no plug-in):
/// `SlipReader.builtIn` has the UK modulus check, a bare `SlipReader(templates:)` has none and says so.
@Suite struct SlipAccountCheckTests {
    func page(_ name: String) throws -> PageWords {
        let url = SlipFixtures.folder.appendingPathComponent("gb.bank-giro-credit/\(name)-scan.words")
        return try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
    }

    func uncertainCodes(_ r: PaymentRecord) -> [String] {
        r.diagnostics.filter(\.uncertain).map(\.code.rawValue)
    }

    @Test func theBuiltInReaderChecksTheUKModulus() throws {
        let good = try #require(SlipReader.builtIn.read(words: try page("gas-bill")).first).record
        #expect(good.status == .valid)
        #expect(good.creditor?.account?.bankCode == "089999" && good.creditor?.account?.number == "66374958")
        let bad = try #require(SlipReader.builtIn.read(words: try page("modulus-failure")).first).record
        #expect(bad.status == .uncertain)
        #expect(uncertainCodes(bad) == ["uk_modulus_invalid"])
        // The failing pair is kept: the payer's bank checks it again.
        #expect(bad.creditor?.account?.number == "66374959")
    }

    @Test func aReaderWithoutTheCheckSaysTheAccountIsUnchecked() throws {
        let bare = SlipReader(templates: SlipReader.builtInTemplates)
        let r = try #require(bare.read(words: try page("gas-bill")).first).record
        #expect(r.status == .uncertain)
        #expect(uncertainCodes(r) == ["slip_rule_failed"])
    }

    @Test func aHandedInCheckIsTheOneThatRuns() throws {
        var reader = SlipReader(templates: SlipReader.builtInTemplates)
        reader.rules.accounts["GB"] = RefusingAccountRule()
        let r = try #require(reader.read(words: try page("gas-bill")).first).record
        #expect(uncertainCodes(r) == ["test_account_refused"])
    }
}

/// A bank's own pair check handed to the reader: refuses every pair.
struct RefusingAccountRule: NationalAccountRule {
    let countryCode = "GB"
    let checksPairs = true
    func read(_ compact: String) -> NationalAccountReading { .notAnAccount }
    func check(bankCode: String, number: String) -> GiroError? {
        GiroError(ErrorCode("test_account_refused"), field: "account", "\(bankCode) \(number) refused")
    }
}
