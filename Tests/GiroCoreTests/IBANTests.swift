import Testing
@testable import GiroCore

@Suite struct IBANTests {
    @Test func workedExampleGB() throws {
        let iban = try IBAN("GB82 WEST 1234 5698 7654 32")
        #expect(iban.compact == "GB82WEST12345698765432")
        #expect(iban.formatted == "GB82 WEST 1234 5698 7654 32")
        #expect(iban.bankCode == "WEST")
    }

    @Test(arguments: [
        ("DE0212030000000020251", ErrorCode.ibanInvalidLength),
        ("AT93 1904 3002 3457 3201 99", .ibanInvalidLength),
        ("NL56 3003 0A17 1643 00", .ibanInvalidBBAN),
        ("BE68530907547034", .ibanInvalidChecksum),
        ("BE41091811735141", .ibanInvalidNationalCheck),
        ("ES2121000418450200051331", .ibanInvalidNationalCheck),
        ("HR1210010052863000160", .ibanInvalidChecksum),
        ("QQ12345678", .ibanInvalidCountry),
        ("DE", .ibanInvalidLength),
        ("DE89 3704 0044 0532 0130 0€", .ibanInvalidFormat),
        ("DE00370400440532013000", .ibanInvalidChecksum),
    ])
    func rejects(_ text: String, _ code: ErrorCode) {
        #expect(throws: GiroError.self) { try IBAN(text) }
        do { _ = try IBAN(text); Issue.record("accepted \(text)") } catch { #expect(error.code == code, "\(text): \(error)") }
    }

    @Test func compactionIsReported() throws {
        let (iban, info) = try IBAN.validate(Array("de89 3704-0044.0532 0130 00".utf8))
        #expect(iban.compact == "DE89370400440532013000")
        #expect(info.removedSpaces && info.removedOtherSeparators && info.loweredCase)
    }

    @Test func qrIBAN() throws {
        #expect(try IBAN("CH4431999123000889012").isQRIBAN)
        #expect(try !IBAN("CH5800791123000889012").isQRIBAN)
    }

    /// Every registry country: a synthetic valid IBAN (structure-conform BBAN with correct check digits,
    /// national check digits computed where the country has them) and two invalid variants.
    @Test func everyRegistryCountry() throws {
        #expect(IBANRegistry.countries.filter(\.inSWIFTRegistry).count == 89)
        for entry in IBANRegistry.countries {
            let valid = try #require(SyntheticIBAN.make(entry), "no synthetic IBAN for \(entry.code)")
            #expect(IBAN.isValid(valid), "\(entry.code): \(valid) should be valid")
            // A changed check digit fails mod 97.
            var u = Array(valid.utf8)
            u[3] = u[3] == 57 ? 48 : u[3] + 1
            let badCheck = String(decoding: u, as: UTF8.self)
            #expect(!IBAN.isValid(badCheck), "\(entry.code): \(badCheck) should be invalid")
            // One character too many fails the registry length.
            #expect(!IBAN.isValid(valid + "0"), "\(entry.code): over-long should be invalid")
        }
    }

    @Test(arguments: [
        "BE68539007547034", "FR1420041010050500013M02606", "ES9121000418450200051332", "IT60X0542811101000000123456",
        "SI56191000000123438", "RS35260005601001611379", "HR1210010051863000160", "FI2112345600000785",
        "NO9386011117947", "CZ5855000000001265098001", "TN5910006035183598478831", "XK051212012345678906",
        "GR1601101050000010547023795", "CH4431999123000889012", "DE89370400440532013000", "AT611904300234573201",
        "PT50000201231234567890154", "MR1300020001010000123456753", "SK3112000000198742637541",
    ])
    func registrySamplesAreValid(_ text: String) throws {
        _ = try IBAN(text)
    }
}

/// Builds a valid IBAN for a registry entry: a random BBAN that fits the structure (seeded, so repeatable),
/// drawn until the national check (if the country has one) passes; then the IBAN check digits.
enum SyntheticIBAN {
    static func make(_ e: IBANCountry) -> String? {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(e.code.utf8.reduce(1) { $0 &* 31 &+ Int($1) })
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<200_000 {
            let bban: [UInt8] = e.classes.map { c in
                switch c {
                case UInt8(ascii: "a"): return UInt8(65 + next(26))
                case UInt8(ascii: "n"): return UInt8(48 + next(10))
                default: return next(2) == 0 ? UInt8(65 + next(26)) : UInt8(48 + next(10))
                }
            }
            guard NationalCheckDigits.failure(country: e, bban: bban[...]) == nil else { continue }
            let cc = Array(e.code.utf8)
            guard let r = ISO7064.mod97(bban, then: cc + [48, 48]) else { return nil }
            let check = 98 - r
            return String(decoding: cc + [UInt8(48 + check / 10), UInt8(48 + check % 10)] + bban, as: UTF8.self)
        }
        return nil
    }
}
