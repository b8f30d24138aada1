import Foundation
import Giro
import Testing

/// A bank code and an account number printed in boxes apart (a UK giro credit of another printer: the sort code at
/// the top right, the account under its own label at the left) are paired by the country's pair check.
@Suite struct SlipPairedAccountTests {
    typealias G = SlipGenericTests

    /// No title, so no template fits: the generic reader pairs the sort code with the account the UK modulus
    /// accepts (the Vocalink worked example 08-99-99 66374958), and a label cut short is no payee name.
    static func page(sortCode: String, account: String) -> PageWords {
        G.page([
            G.place("Credit account", 100, 60), G.place("Code no.", 1600, 60), G.place(sortCode, 1800, 60),
            G.place("Credit account no.", 700, 300), G.place(account, 700, 350),
            G.place("Account name", 1200, 300), G.place("Eastvale Energy Ltd", 1200, 350),
            G.place("Paid in by", 700, 600), G.place("James Robinson", 700, 650),
            G.place("Total £", 1900, 600), G.place("705.51", 2100, 650),
        ])
    }

    @Test func sortCodeAndAccountApartArePaired() throws {
        let found = G.reader.read(words: Self.page(sortCode: "08-99-99", account: "66374958"))
        try #require(found.count == 1)
        let r = found[0].record
        #expect(r.country == "GB" && r.status == .uncertain)
        #expect(r.creditor?.account?.bankCode == "089999" && r.creditor?.account?.number == "66374958")
        #expect(r.creditor?.name == "Eastvale Energy Ltd" && r.debtor?.name == "James Robinson")
        #expect(r.amount == Amount(value: Decimal(string: "705.51")!, currency: "GBP"))
    }

    /// The same page with an account the modulus rejects: no checked account, so no account is made up.
    @Test func aPairTheModulusRejectsIsNoAccount() {
        let found = G.reader.read(words: Self.page(sortCode: "08-99-99", account: "66374959"))
        #expect(found.allSatisfy { $0.record.creditor?.account?.number != "66374959" })
    }
}
