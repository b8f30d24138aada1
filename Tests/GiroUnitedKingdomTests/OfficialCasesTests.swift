import Foundation
import GiroCore
import GiroTestSupport
import GiroUnitedKingdom
import Testing

/// The 34 test cases of Vocalink's "Validating account numbers" v7.70, from the fetched corpus `uk-modulus` (scripts/fetch-corpora.sh).
enum OfficialCases {
    struct Case: Sendable, CustomTestStringConvertible {
        var number: Int
        var description: String
        var sortCode: String
        var account: String
        var valid: Bool
        var testDescription: String { "#\(number) \(sortCode) \(account) \(valid ? "Y" : "N")" }
    }

    static let file = Corpora.root.appendingPathComponent("uk-modulus/official-test-cases-v7-70.txt")

    /// Every case in the file; empty (and the tests fail) when the corpus is missing.
    static let cases: [Case] = {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        var out: [Case] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let t = line.split(separator: " ")
            guard let first = t.first, !first.hasPrefix("#"), t.count >= 5, let n = Int(first) else { continue }
            let flag = t[t.count - 1]
            out.append(Case(number: n, description: t[1..<(t.count - 3)].joined(separator: " "), sortCode: String(t[t.count - 3]),
                            account: String(t[t.count - 2]), valid: flag == "Y"))
        }
        return out
    }()
}

@Suite struct OfficialCasesTests {
    @Test(.corpus("uk-modulus")) func corpusIsPresentWithAll34Cases() {
        #expect(FileManager.default.fileExists(atPath: OfficialCases.file.path), "missing \(OfficialCases.file.path)")
        #expect(OfficialCases.cases.count == 34)
        #expect(OfficialCases.cases.map(\.number) == Array(1...34))
    }

    @Test(.corpus("uk-modulus"), arguments: OfficialCases.cases)
    func officialCase(_ c: OfficialCases.Case) throws {
        let r = try UKModulus.check(sortCode: c.sortCode, account: c.account)
        #expect(r.isValid == c.valid, "\(c.description): \(r.checks.map(\.summary))")
        #expect(r.status == (c.valid ? .valid : .invalid) || (c.number == 13 && r.status == .notCheckable))
        // The same through the one-value form.
        let one = try UKModulus.check("\(c.sortCode) \(c.account)")
        #expect(one == r)
    }

    /// The cases name the exception path they exercise; pin that path, not only the verdict.
    @Test func pathsTheCasesDescribe() throws {
        func check(_ s: String) throws -> UKModulusResult { try UKModulus.check(s) }
        // 4: exception 10 passes, 11 not needed. 5: 10 fails, 11 passes.
        var r = try check("871427 46238510")
        #expect(r.firstCheck?.exception == 10 && r.firstCheck?.outcome == .passed && r.secondCheck?.outcome == .skipped)
        r = try check("872427 46238510")
        #expect(r.firstCheck?.outcome == .failed && r.secondCheck?.exception == 11 && r.secondCheck?.outcome == .passed)
        // 6, 7: ab = 09 / 99 and g = 9 zero u–b.
        #expect(try check("871427 09123496").firstCheck?.weights == .zeroedUToB)
        #expect(try check("871427 99123496").firstCheck?.weights == .zeroedUToB)
        // 8, 9: exception 3 skips the DBLAL row; 10 runs it.
        #expect(try check("820000 73688637").secondCheck?.note == .exception3)
        #expect(try check("827999 73988638").secondCheck?.note == .exception3)
        r = try check("827101 28748352")
        #expect(r.secondCheck?.outcome == .passed && r.secondCheck?.method == .dblal)
        // 11: exception 4, remainder = gh.
        r = try check("134020 63849203")
        #expect(r.firstCheck?.exception == 4 && r.firstCheck?.remainder == 3)
        // 12: exception 1 adds 27.
        #expect(try check("118765 64371389").firstCheck?.exception == 1)
        // 13: exception 6 foreign currency.
        r = try check("200915 41011166")
        #expect(r.status == .notCheckable && r.reason == .foreignCurrencyAccount && r.isValid)
        // 15: exception 5 substitution 938600 → 938611.
        r = try check("938600 42368003")
        #expect(r.firstCheck?.sortCode?.description == "938611" && r.secondCheck?.outcome == .passed)
        // 17: exception 7 zeroes u–b when g = 9.
        #expect(try check("772798 99345694").firstCheck?.weights == .zeroedUToB)
        // 18: exception 8 checks with 090126.
        #expect(try check("086090 06774744").firstCheck?.sortCode?.description == "090126")
        // 19–22: exceptions 2 & 9.
        r = try check("309070 02355688")
        #expect(r.firstCheck?.outcome == .passed && r.firstCheck?.weights == .table && r.secondCheck?.note == .firstCheckPassed)
        r = try check("309070 12345668")
        #expect(r.firstCheck?.outcome == .failed && r.secondCheck?.sortCode?.description == "309634" && r.secondCheck?.outcome == .passed)
        #expect(try check("309070 12345677").firstCheck?.weights == .exception2)
        #expect(try check("309070 99345694").firstCheck?.weights == .exception2G9)
        // 23–25: exception 5, both check digits must be right; remainder 1 fails.
        r = try check("938063 15764273")
        #expect(r.firstCheck?.outcome == .passed && r.secondCheck?.outcome == .failed)
        r = try check("938063 15764264")
        #expect(r.firstCheck?.outcome == .failed && r.secondCheck?.note == .firstCheckFailed)
        #expect(try check("938063 15763217").firstCheck?.remainder == 1)
        // 27, 28: MOD11 + DBLAL, both must pass.
        #expect(try check("203099 66831036").secondCheck?.outcome == .failed)
        #expect(try check("203099 58716970").secondCheck?.note == .firstCheckFailed)
        // 31–33: exceptions 12 & 13.
        #expect(try check("074456 12345112").secondCheck?.note == .firstCheckPassed)
        #expect(try check("070116 34012583").secondCheck?.note == .firstCheckPassed)
        r = try check("074456 11104102")
        #expect(r.firstCheck?.outcome == .failed && r.secondCheck?.method == .mod10 && r.secondCheck?.outcome == .passed)
        // 34: exception 14, 00000190 → 00000019.
        r = try check("180002 00000190")
        #expect(r.secondCheck?.account?.description == "00000019" && r.secondCheck?.outcome == .passed)
    }

    /// Worked examples of the specification and §8.1 of formats-west.md.
    @Test func workedExamples() throws {
        var r = try UKModulus.check("089999 66374958")
        #expect(r.firstCheck?.method == .mod10 && r.firstCheck?.total == 180 && r.status == .valid)
        r = try UKModulus.check("107999 88837491")
        #expect(r.firstCheck?.method == .mod11 && r.firstCheck?.total == 242)
        r = try UKModulus.check("202959 63748472")
        #expect(r.firstCheck?.total == 143 && r.secondCheck?.total == 60 && r.methodSummary == "MOD11+DBLAL")
        // Exception 14, example 1: passes the first check.
        r = try UKModulus.check("180002 98093517")
        #expect(r.firstCheck?.total == 209 && r.secondCheck == nil && r.status == .valid)
        // Exception 14, example 2, and a last digit other than 0, 1, 9.
        r = try UKModulus.check("180002 00000190")
        #expect(r.firstCheck?.total == 21 && r.secondCheck?.total == 11)
        r = try UKModulus.check("180002 00000192")
        #expect(r.status == .invalid && r.secondCheck?.note == .exception14LastDigit)
    }
}
