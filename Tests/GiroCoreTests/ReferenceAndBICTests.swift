import Testing
@testable import GiroCore

@Suite struct ReferenceAndBICTests {
    @Test func creditorReference() throws {
        #expect(try CreditorReference.validate(Array("RF18 5390 0754 7034".utf8)) == "RF18539007547034")
        #expect(CreditorReference.isValid("RF18 5390 0754 70Y"))
        #expect(CreditorReference.isValid("RF7420191230100521UPV0857"))
        #expect(!CreditorReference.isValid("RF17 5390 0754 7034"))
        #expect(!CreditorReference.isValid("RF720191230100405JSH0438"))
        #expect(CreditorReference.make("539007547034") == "RF18539007547034")
        #expect(CreditorReference.format("RF18539007547034") == "RF18 5390 0754 7034")
        do { _ = try CreditorReference.validate(Array("RF17539007547034".utf8)); Issue.record("accepted") } catch {
            #expect(error.code == .referenceInvalidChecksum)
        }
    }

    @Test func qrReference() throws {
        #expect(QRReference.isValid("210000000003139471430009017"))
        #expect(QRReference.isValid("21 00000 00003 13947 14300 09017"))
        #expect(!QRReference.isValid("000000000000000000000000000"))
        #expect(!QRReference.isValid("210000000003139471430009018"))
        #expect(QRReference.format("210000000003139471430009017") == "21 00000 00003 13947 14300 09017")
    }

    @Test func bic() {
        #expect(BIC.isValid("AGRIFRPP882"))
        #expect(BIC.isValid("E097AEXXXXX"))
        #expect(BIC.isValid("ABNA BE 2A"))
        #expect(!BIC.isValid("AGRIFRPP8"))
        #expect(!BIC.isValid("AGRIF2PP"))
        #expect(!BIC.isValid("AGRIQQPP"))
    }

    @Test func currencyAndCountry() {
        #expect(Currency.minorUnits(of: "CHF") == 2)
        #expect(Currency.minorUnits(of: "JPY") == 0)
        #expect(Currency.minorUnits(of: "KWD") == 3)
        #expect(Currency.minorUnits(of: "XXX") == nil)
        #expect(CountryCode.isValid("XK") && CountryCode.isValid("CH") && !CountryCode.isValid("EU"))
        #expect(CountryCode.allCodes.count == 250)
    }
}
