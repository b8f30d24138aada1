import GiroCore

/// A pre-IBAN German account: Bankleitzahl (8 digits, first not 0) and account number (1–10 digits).
///
/// Only these public structure rules are checked. The account's own check digit depends on one of the
/// Bundesbank's ~150 check methods, chosen per BLZ from the Bundesbank's table, which the project does not
/// ship: no method is applied (see the README).
struct GermanAccount {
    let bankCode: String
    let number: String

    enum Problem: Error {
        case bankCode(String)
        case number(String)
    }

    static func validate(bankCode: String, number: String) -> Result<GermanAccount, Problem> {
        let blz = bankCode.utf8
        guard blz.count == 8, blz.allSatisfy(isDigit) else {
            return .failure(.bankCode("a Bankleitzahl has 8 digits, found '\(bankCode)'"))
        }
        guard blz.first != UInt8(ascii: "0") else {
            return .failure(.bankCode("a Bankleitzahl does not start with 0 ('\(bankCode)')"))
        }
        let account = number.utf8
        guard (1...10).contains(account.count), account.allSatisfy(isDigit) else {
            return .failure(.number("a German account number has 1–10 digits, found '\(number)'"))
        }
        guard account.contains(where: { $0 != UInt8(ascii: "0") }) else {
            return .failure(.number("the account number is all zeros (a placeholder)"))
        }
        return .success(GermanAccount(bankCode: bankCode, number: number))
    }

    /// `DE` + check digits + BLZ + the account number zero-padded to 10 digits (the ISO 13616 BBAN).
    var iban: String {
        let bban = bankCode + String(repeating: "0", count: 10 - number.utf8.count) + number
        // nil only for a non-alphanumeric character, which `validate` has ruled out.
        let check = ISO7064.mod97CheckDigits(Array((bban + "DE").utf8)) ?? 0
        return "DE" + (check < 10 ? "0" : "") + String(check) + bban
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
