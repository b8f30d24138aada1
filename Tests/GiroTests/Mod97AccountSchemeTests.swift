import Giro
import Testing

/// The 15-, 16- and 18-digit mod-97 account scheme the core shares with BA, MK, ME and RS: MOD 97-10 catches
/// every single-digit substitution and every adjacent transposition (97 is prime and greater than the digit
/// differences), so each one of a valid account is rejected as a wrong control.
@Suite struct Mod97AccountSchemeTests {
    @Test(arguments: [
        (BosniaAndHerzegovina.account as any Identifier, "1990440001200279"),
        (NorthMacedonia.account, "300000000042425"),
        (Montenegro.account, "505000012345678951"),
        (Serbia.account, "840000000095584510"),
    ])
    func everySingleDigitErrorIsCaught(account: any Identifier, valid: String) throws {
        _ = try account.validate(valid)
        let digits = Array(valid.utf8)
        for i in digits.indices {
            for d in UInt8(ascii: "0")...UInt8(ascii: "9") where d != digits[i] {
                var wrong = digits
                wrong[i] = d
                #expect(Self.code(account, wrong) == "iban_invalid_national_check", "\(account.kind) digit \(i)")
            }
            if i + 1 < digits.count, digits[i] != digits[i + 1] {
                var swapped = digits
                swapped.swapAt(i, i + 1)
                #expect(Self.code(account, swapped) == "iban_invalid_national_check", "\(account.kind) swap \(i)")
            }
        }
    }

    static func code(_ account: any Identifier, _ bytes: [UInt8]) -> String {
        do { _ = try account.validate(String(decoding: bytes, as: UTF8.self)); return "valid" } catch { return error.code.rawValue }
    }
}
