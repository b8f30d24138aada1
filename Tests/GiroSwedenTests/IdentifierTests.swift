import GiroCore
@testable import GiroSweden
import Testing

/// `se-bankgiro`, `se-plusgiro`, `se-account`, `se-ocr`: printed forms in, compact and print forms out, typed
/// errors with the offending byte.
@Suite struct IdentifierTests {
    @Test(arguments: [
        ("se-bankgiro", "5402-9681", "54029681", "5402-9681"),
        ("se-bankgiro", "160 9908", "1609908", "160-9908"),
        ("se-plusgiro", "28 65 43-4", "2865434", "28 65 43-4"),
        ("se-plusgiro", "176099-0", "1760990", "17 60 99-0"),
        ("se-account", "8214-9 923 472 612-4", "821499234726124", "8214-9 923 472 612-4"),
        ("se-account", "3300,8413283949", "33008413283949", "3300-8413283949"),
        ("se-account", "9071, 417 23 83", "90714172383", "9071-4172383"),
        ("se-account", "6789123456789", "6789123456789", "6789-123456789"),
        ("se-ocr", "1234 5678 97", "1234567897", "1234567897"),
    ])
    func printedFormsNormalise(_ kind: String, _ printed: String, _ compact: String, _ formatted: String) throws {
        let id = try #require(Sweden.descriptor.identifiers.first { $0.kind == kind })
        let v = try id.validate(printed)
        #expect(v.compact == compact && v.formatted == formatted, "\(v)")
    }

    @Test func accountDetailsNameTheBankAndMethod() throws {
        let swedbank = try Sweden.bankAccount.validate("8424-4,983 189 224-6")
        #expect(swedbank.details["bank"] == "Swedbank" && swedbank.details["type"] == "2" && swedbank.details["comment"] == "3")
        #expect(swedbank.details["method"] == "10-modul" && swedbank.details["clearing"] == "84244")
        let klarna = try Sweden.bankAccount.validate("97891111113")
        #expect(klarna.details["bank"] == "Klarna Bank" && klarna.details["method"] == "11-modul" && klarna.details["comment"] == "2")
        let shb = try Sweden.bankAccount.validate("6789 123 456 789")
        #expect(shb.details["bank"] == "Handelsbanken" && shb.details["method"] == "11-modul" && shb.details["accountNumber"] == "123456789")
        let personkonto = try Sweden.bankAccount.validate("3300 000620-5124")
        #expect(personkonto.details["bank"] == "Nordea (personkonto)" && personkonto.details["method"] == "10-modul")
    }

    @Test(arguments: [
        ("se-bankgiro", "5402-9682", "se_check_digit_invalid", "account", 8),
        ("se-bankgiro", "5402-968A", "field_invalid", "account", 8),
        ("se-bankgiro", "540-29", "field_invalid", "account", nil),
        ("se-plusgiro", "28 65 43-5", "se_check_digit_invalid", "account", 9),
        ("se-account", "9999-1234567", "se_clearing_unknown", "account.clearing", 0),
        ("se-account", "8424-1,983 189 224-6", "se_check_digit_invalid", "account.clearing", 5),
        ("se-account", "6789123456788", "se_check_digit_invalid", "account.number", 12),
        ("se-account", "5000 12345678", "field_invalid", "account.number", 5),
        ("se-ocr", "1234567890", "reference_invalid_checksum", "reference", 9),
        ("se-ocr", "12345A", "reference_invalid", "reference", 5),
    ] as [(String, String, String, String, Int?)])
    func rejectionsPointAtTheFault(_ kind: String, _ input: String, _ code: String, _ field: String, _ offset: Int?) throws {
        let id = try #require(Sweden.descriptor.identifiers.first { $0.kind == kind })
        let e = try #require(throws: GiroError.self) { try id.validate(input) }
        #expect(e.code.rawValue == code && e.field == field && e.offset == offset, "\(e)")
    }

    @Test func typeOneChecksCoverTheRightDigits() throws {
        // Comment 1 (SEB 5120 and 9120): the check leaves out the clearing number's first digit, so both
        // clearing numbers take the same account; comment 2 (Klarna) covers all eleven digits.
        let seb = try #require(Self.typeOne(clearing: "5120", comment: 1))
        #expect(Sweden.bankAccount.isValid("5120" + seb))
        #expect(Sweden.bankAccount.isValid("9120" + seb))
        #expect(!Sweden.bankAccount.isValid("5121" + seb))
        #expect(Sweden.bankAccount.isValid("97891111113") && !Sweden.bankAccount.isValid("97881111113"))
    }

    /// Seven account digits completing a valid type-1 account (the 11-modul rule written out independently).
    static func typeOne(clearing: String, comment: Int) -> String? {
        for last in 0...9 {
            let account = "123456\(last)"
            let digits = Array((comment == 1 ? String(clearing.dropFirst()) : clearing) + account)
            let sum = digits.reversed().enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 10 + 1) }
            if sum % 11 == 0 { return account }
        }
        return nil
    }

    @Test func lengthDigitOption() throws {
        let strict = try Sweden.ocrReference.configured(["length-digit": "true"])
        // 123456 + length digit 8 (8 digits) + check digit.
        let withLength = "1234568" + String(Luhn.checkDigit(Array("1234568".utf8)) ?? 0)
        #expect(try strict.validate(withLength).compact == withLength)
        let e = try #require(throws: GiroError.self) { try strict.validate("1234567897") }
        #expect(e.code == .seLengthDigitInvalid && e.offset == 8)
        // Without the option the length digit is not required, only noted.
        #expect(try Sweden.ocrReference.validate(withLength).details["lengthDigit"] == "consistent")
        #expect(try Sweden.ocrReference.validate("1234567897").details["lengthDigit"] == "absent")
        #expect(throws: GiroError.self) { try Sweden.ocrReference.configured(["length-digit": "maybe"]) }
        #expect(throws: GiroError.self) { try Sweden.bankgiro.configured(["length-digit": "true"]) }
    }

    @Test func junkNeverTraps() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 -,.#>Hx\u{a0}é".unicodeScalars)
        for _ in 0..<3000 {
            let n = Int.random(in: 0...40, using: &rng)
            let s = String(String.UnicodeScalarView((0..<n).map { _ in alphabet.randomElement(using: &rng)! }))
            for id in Sweden.descriptor.identifiers { _ = id.isValid(s) }
            _ = Sweden.codingLineReader.read(s)
        }
        for id in Sweden.descriptor.identifiers { #expect(!id.isValid(String(repeating: "9", count: 100_000))) }
    }
}
