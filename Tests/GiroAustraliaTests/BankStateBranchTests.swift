import GiroCore
@testable import GiroAustralia
import Testing

/// BSB: format, the embedded institution prefixes (two and three digits) and the state digit.
@Suite struct BankStateBranchTests {
    @Test func commonwealthBankExample() throws {
        let v = try AustralianBSB().validate("062-000")
        #expect(v.compact == "062000" && v.formatted == "062-000")
        #expect(v.details == ["bankCode": "06", "bank": "Commonwealth Bank of Australia", "institution": "CBA", "state": "NSW/ACT"])
    }

    @Test(arguments: [("033-088", "WBC", "VIC"), ("082 671", "NAB", "NSW/ACT"), ("736126", "WBC", "WA"), ("BSB: 553-096", "BML", "VIC")])
    func publishedBranches(_ printed: String, _ institution: String, _ state: String) throws {
        let v = try AustralianBSB().validate(printed)
        #expect(v.details["institution"] == institution && v.details["state"] == state, "\(printed): \(v.details)")
    }

    @Test func threeDigitPrefixWinsAndHasNoState() throws {
        let ing = try AustralianBSB().validate("923-100")
        #expect(ing.details["bankCode"] == "923" && ing.details["institution"] == "ING" && ing.details["state"] == nil)
        let bendigo = try AustralianBSB().validate("633-000")
        #expect(bendigo.details["institution"] == "BBL")
    }

    @Test func unknownPrefixAndMalformed() {
        #expect(code { try AustralianBSB().validate("999-999") } == "field_invalid")
        #expect(offset { try AustralianBSB().validate("  999-999") } == 2)
        #expect(code { try AustralianBSB().validate("062-00") } == "input_invalid")
        #expect(offset { try AustralianBSB().validate("062/000") } == 3)
        #expect(code { try AustralianBSB().validate("062-0000") } == "input_invalid")
    }

    @Test func prefixesAreUniqueDigits() {
        let prefixes = BSBInstitutions.all.map(\.prefix)
        #expect(Set(prefixes).count == prefixes.count)
        #expect(prefixes.allSatisfy { ($0.utf8.count == 2 || $0.utf8.count == 3) && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } })
    }
}
