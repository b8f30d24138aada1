import Foundation
import GiroCore
import GiroUnitedKingdom
import Testing

@Suite struct NormalisationTests {
    @Test func eightDigitsAndSeparators() throws {
        for s in ["089999 66374958", "08-99-99 66374958", "08 99 99 6637 4958", "08999966374958", "089999-66374958",
                  "  089999 - 66374958\n"] {
            let a = try UKAccount.parse(s)
            #expect(a.sortCode.description == "089999" && a.number.description == "66374958" && a.normalisation == .none, "\(s)")
        }
        #expect(try UKAccount.parse("089999 66374958").formatted == "08-99-99 66374958")
        #expect(try UKAccount.parse("089999 66374958").compact == "08999966374958")
    }

    @Test func sixAndSevenDigitsArePadded() throws {
        var a = try UKAccount.parse("107999 837491")
        #expect(a.number.description == "00837491" && a.normalisation == .sixDigits)
        a = try UKAccount.parse("107999 8837491")
        #expect(a.number.description == "08837491" && a.normalisation == .sevenDigits)
        a = try UKAccount(sortCode: "10-79-99", account: "1234567")
        #expect(a.number.description == "01234567")
    }

    @Test func nineDigitsSantander() throws {
        // nn-nn-nn 123456789 → sort code nn-nn-n1, account 23456789.
        let a = try UKAccount.parse("090128 123456789")
        #expect(a.sortCode.description == "090121" && a.number.description == "23456789")
        #expect(a.enteredSortCode.description == "090128" && a.normalisation == .nineDigitsSantander)
        let r = UKModulus.check(a)
        #expect(r.account.sortCode.description == "090121" && r.details["enteredSortCode"] == "090128")
    }

    @Test func tenDigits() throws {
        // NatWest: the last eight, a hyphen after the second digit ignored.
        var a = try UKAccount(sortCode: "60-16-13", account: "01-23456789")
        #expect(a.number.description == "23456789" && a.normalisation == .tenDigitsLastEight)
        a = try UKAccount.parse("601613 0123456789")
        #expect(a.number.description == "23456789")
        // Co-operative Bank: the first eight.
        a = try UKAccount.parse("089000 1234567890")
        #expect(a.number.description == "12345678" && a.normalisation == .tenDigitsFirstEight)
        // Elsewhere the caller says (Leeds Building Society: first eight); automatic rejects.
        let e = #expect(throws: GiroError.self) { try UKAccount.parse("309070 1234567890") }
        #expect(e?.code == .inputInvalid && e?.field == "account")
        a = try UKAccount.parse("309070 1234567890", tenDigitRule: .firstEight)
        #expect(a.number.description == "12345678")
        a = try UKAccount.parse("309070 1234567890", tenDigitRule: .lastEight)
        #expect(a.number.description == "34567890")
        // Citibank inside the Co-operative Bank block is not Co-op.
        #expect(throws: GiroError.self) { try UKAccount.parse("083001 1234567890") }
    }

    @Test func paddedAccountsCheckLikeTheirEightDigitForm() throws {
        let six = try UKModulus.check("180002 000190")
        let eight = try UKModulus.check("180002 00000190")
        #expect(six.status == .valid && six.checks == eight.checks && six.account.normalisation == .sixDigits)
        let seven = try UKModulus.check("089999 0374958")
        #expect(seven.checks == (try UKModulus.check("089999 00374958")).checks)
        // A nine-digit number is checked at the sort code its first digit completes.
        let nine = try UKModulus.check("089990 666374958")  // → 089996 66374958
        #expect(nine.account.sortCode.description == "089996" && nine.account.number.description == "66374958")
    }

    @Test func codableRoundTrip() throws {
        let r = try UKModulus.check("309070 12345668")
        let data = try JSONEncoder().encode(r)
        let back = try JSONDecoder().decode(UKModulusResult.self, from: data)
        #expect(back == r)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""sortCode":"309634""#) && json.contains(#""status":"valid""#))
    }
}

@Suite struct JunkInputTests {
    func error(_ s: String, sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        do {
            let r = try UKModulus.check(s)
            Issue.record("accepted \(s.debugDescription): \(r)", sourceLocation: sourceLocation)
            return nil
        } catch { return error }
    }

    @Test func typedErrorsWithFieldAndOffset() {
        let cases: [(String, String, Int)] = [
            ("", "input", 0),
            ("   ", "input", 0),
            ("08999X 66374958", "input", 5),
            ("089999 6637495Z", "input", 14),
            ("-089999 66374958", "input", 0),
            ("089999 66374958-", "input", 15),
            ("089999--66374958", "input", 7),
            ("08999", "sortCode", 5),
            ("089999", "account", 6),
            ("089999 12345", "account", 12),
            ("089999 12345678901", "account", 17),
            ("0899996 6374958", "sortCode", 6),
            ("089999 66374958 123", "account", 18),
            ("08-99-99\t66374958", "input", 8),
            ("０８９９９９ 66374958", "input", 0),
            ("089999\u{0}66374958", "input", 6),
        ]
        for (input, field, offset) in cases {
            guard let e = error(input) else { continue }
            #expect(e.code == .inputInvalid, "\(input.debugDescription)")
            #expect(e.field == field && e.offset == offset, "\(input.debugDescription): \(e)")
        }
        #expect(throws: GiroError.self) { try UKAccount(sortCode: "08-99", account: "66374958") }
        #expect(throws: GiroError.self) { try UKAccount(sortCode: "089999", account: "") }
        #expect(throws: GiroError.self) { try UKAccount(sortCode: "08--99-99", account: "66374958") }
        #expect(throws: GiroError.self) { try UKAccount(sortCode: "089999", account: "6637495.8") }
    }

    @Test func invalidResultCarriesATypedError() throws {
        let r = try UKModulus.check("089999 66374959")
        #expect(r.status == .invalid && !r.isValid)
        #expect(r.error?.code == .ukModulusInvalid && r.error?.field == "account")
        #expect(try UKModulus.check("089999 66374958").error == nil)
    }

    @Test func sortCodeNotInTableIsPresumedValid() throws {
        let r = try UKModulus.check("000000 12345678")
        #expect(r.status == .notCheckable && r.reason == .sortCodeNotInTable && r.isValid && r.rows == 0 && r.checks.isEmpty)
        #expect(UKModulus.rows(for: r.account.sortCode).isEmpty)
    }
}
