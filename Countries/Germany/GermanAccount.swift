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
        var u: [UInt8] = Array("DE00".utf8)
        u.reserveCapacity(22)
        u += bankCode.utf8
        u += repeatElement(UInt8(ascii: "0"), count: 10 - number.utf8.count)
        u += number.utf8
        // Check digits: 98 − (BBAN + "DE00") mod 97; nil only for a non-alphanumeric, which `validate` rules out.
        let remainder = ISO7064.mod97(u[4...], then: u[0..<4]) ?? 0
        let check = 98 - remainder
        u[2] = UInt8(48 + check / 10)
        u[3] = UInt8(48 + check % 10)
        return String(decoding: u, as: UTF8.self)
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
