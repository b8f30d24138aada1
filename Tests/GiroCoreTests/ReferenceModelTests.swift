import GiroCore
import Testing

/// Worked examples of formats-cee.md §0.3, §1.6, §2.4 and §3.5 (FINA, ZBS and NBS documents), each re-computed.
struct ReferenceModelTests {
    @Test(arguments: [
        ("HR01", "102-3057-89016"), ("HR01", "10-230578901-6"), ("HR02", "1023-5789010"), ("HR02", "578901-10235"),
        ("HR02", "1023-5789-9016"), ("HR06", "102-3057-89015"), ("HR06", "102305-789011"), ("HR00", "123-456"),
        ("HR12", "2004940339319"), ("HR13", "3456789012"), ("HR14", "2233445568"), ("HR99", ""), ("01", "102-3057-89016"),
        ("hr17", "2340009"), ("HR69", "40002-00000000001-100"),
    ])
    func croatianValid(model: String, reference: String) {
        let r = ReferenceModelScheme.hr.check(model: model, reference: reference)
        #expect(r.valid, "\(r.problems)")
        #expect(r.known)
    }

    @Test func croatianPartsAndModelAreReported() {
        let r = ReferenceModelScheme.hr.check(model: "01", reference: "102-3057-89016")
        #expect(r.model == "HR01")
        #expect(r.parts == ["102", "3057", "89016"])
    }

    @Test(arguments: [
        ("HR01", "7269-68949637676-00019", "P1–P3 check digit is 9, expected 8"),
        ("HR02", "1023-5789011", "P2 check digit is 1, expected 0"),
        ("HR13", "2456789012", "P1 must start with 3"),
        ("HR16", "12345-1234", "reference has 2 groups; the model allows 3"),
        ("HR43", "123-12345678-12345-12", "P4 has 2 digits; the model needs 3"),
        ("HR00", "12a-3", "P1 contains characters other than digits"),
        ("HR00", "1--3", "P2 is empty"),
        ("HR00", "1234567890123", "P1 has 13 digits; at most 12"),
        ("HR00", "123456789-123456789-1234", "reference has 24 characters; at most 22"),
        ("HR99", "123", "model HR99 means no reference, but one is given"),
        ("HR12", "1111111111111", "P1 fails the MOD11 JMBG check"),
        ("HR40", "01112345678", "P1 has three identical digits in a row"),
        ("HR83", "1234-1234567-123456", "P2 must start with 0 or 3"),
    ])
    func croatianInvalid(model: String, reference: String, problem: String) {
        let r = ReferenceModelScheme.hr.check(model: model, reference: reference)
        #expect(!r.valid)
        #expect(r.problems.contains(problem), "\(r.problems)")
    }

    @Test func croatianUnknownModel() {
        let r = ReferenceModelScheme.hr.check(model: "HR21", reference: "123")
        #expect(!r.known && !r.valid)
        #expect(ReferenceModelScheme.hr.check(model: "XX01", reference: "1").problems == ["model XX01 is not HR followed by two digits"])
    }

    @Test(arguments: [
        ("SI12", "1234567890120"), ("SI05", "98765432100"), ("SI19", "35980621-62006"), ("SI08", "1236-17-345679"),
        ("12", "1234567890120"), ("SI99", ""), ("SI00", "12-34"),
    ])
    func slovenianValid(model: String, reference: String) {
        let r = ReferenceModelScheme.si.check(model: model, reference: reference)
        #expect(r.valid, "\(r.problems)")
    }

    @Test(arguments: [
        ("SI12", "1234567890121", "P1 check digit is 1, expected 0"),
        ("SI12", "12345-67890120", "reference has 2 groups; the model allows 1"),
        ("SI00", "123456789012345678901", "reference has 21 digits; at most 20"),
    ])
    func slovenianInvalid(model: String, reference: String, problem: String) {
        let r = ReferenceModelScheme.si.check(model: model, reference: reference)
        #expect(!r.valid)
        #expect(r.problems.contains(problem), "\(r.problems)")
    }

    @Test(arguments: [("97", "14123412"), ("97", "163220000111111111000"), ("97", "082240113797893"), ("00", "1234"),
                      ("11", "800577342080-25127-1")])
    func serbianValid(model: String, reference: String) {
        let r = TwoDigitReferenceModels.check(model: model, reference: reference)
        #expect(r.valid, "\(r.problems)")
    }

    @Test func serbianInvalid() {
        #expect(TwoDigitReferenceModels.check(model: "97", reference: "123456789012345").problems == ["check digits are 12, expected 20"])
        #expect(!TwoDigitReferenceModels.check(model: "00", reference: "12-3").valid)
        #expect(!TwoDigitReferenceModels.check(model: "42", reference: "123").known)
        #expect(!TwoDigitReferenceModels.check(model: "97", reference: "1").valid)
    }

    @Test func moduliWorkedExamples() {
        #expect(NationalModuli.mod11INICheckDigit(Array("10230578901".utf8)) == 6)
        #expect(NationalModuli.mod11INICheckDigit(Array("33444555666".utf8)) == 9)
        #expect(NationalModuli.mod11P7CheckDigit(Array("345678901".utf8)) == 2)
        #expect(NationalModuli.mod10ZBCheckDigit(Array("223344556".utf8)) == 8)
        #expect(NationalModuli.isValidMod11JMBG(Array("2004940339319".utf8)))
        #expect(ISO7064.mod97CheckDigits(Array("123412".utf8)) == 14)
        #expect(NationalModuli.mod11INICheckDigit(Array("1x".utf8)) == nil)
    }
}

struct NationalAccountNumberTests {
    @Test func czechWorkedExample() throws {
        let a = try #require(PrefixedAccountNumber("721-77628031/0710"))
        #expect(a.iban(country: "CZ") == "CZ5207100007210077628031")
        #expect(a.formatted == "721-77628031/0710")
        #expect(PrefixedAccountNumber(iban: "CZ5207100007210077628031") == a)
        #expect(a.iban(country: "SK").hasPrefix("SK"))
        #expect(PrefixedAccountNumber(iban: a.iban(country: "SK")) == a)
        #expect(PrefixedAccountNumber(validatedIBAN: "CZ5207100007210077628031") == a)
        #expect(PrefixedAccountNumber(validatedIBAN: "CZ3301000000000002970297")?.formatted == "2970297/0100")
        #expect(PrefixedAccountNumber(validatedIBAN: "CZ52071000072100776280") == nil)
        #expect(PrefixedAccountNumber(validatedIBAN: "DE5207100007210077628031") == nil)
        #expect(PrefixedAccountNumber(validatedIBAN: "CZ520710000721007762803x") == nil)
    }

    @Test(arguments: ["721-77628032/0710", "77628031/071", "-77628031/0710", "1/0710", "0000000000/0100", "7a1-77628031/0710",
                      "77628031", "1234567-77628031/0710"])
    func czechInvalid(_ text: String) {
        #expect(PrefixedAccountNumber(text) == nil)
    }

    @Test func czechIBANWithBadCheckIsRejected() {
        #expect(PrefixedAccountNumber(iban: "CZ5307100007210077628031") == nil)
        #expect(PrefixedAccountNumber(iban: "DE5207100007210077628031") == nil)
    }

    @Test func serbian() throws {
        let a = try #require(Mod97AccountNumber("840-955845-10"))
        #expect(a.compact == "840000000095584510")
        #expect(a.iban(country: "RS") == "RS35840000000095584510")
        #expect(a.formatted == "840-0000000955845-10")
        #expect(Mod97AccountNumber("840000000095584510") == a)
        #expect(Mod97AccountNumber("840000000095584511") == nil)
        #expect(Mod97AccountNumber("840-955845-1") == nil)
        #expect(IBAN.isValid("RS35840000000095584510"))
    }
}
