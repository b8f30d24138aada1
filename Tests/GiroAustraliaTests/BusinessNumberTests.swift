import GiroCore
@testable import GiroAustralia
import Testing

/// ABN (ATO mod 89) and ACN (ASIC check digit) on published numbers, printed forms and the failures' codes.
@Suite struct BusinessNumberTests {
    @Test(arguments: ["51 824 753 556", "51824753556", "ABN 51 824 753 556", "abn: 51-824-753-556", "51.824.753.556", "51,824,753,556"])
    func atoExampleInItsPrintedForms(_ printed: String) throws {
        let v = try AustralianABN().validate(printed)
        #expect(v.compact == "51824753556")
        #expect(v.formatted == "51 824 753 556")
    }

    @Test func atoWorkedExampleSum() {
        // ATO: (5−1)·10 + 1·1 + 8·3 + 2·5 + 4·7 + 7·9 + 5·11 + 3·13 + 5·15 + 5·17 + 6·19 = 534 = 6·89.
        let d = [4, 1, 8, 2, 4, 7, 5, 3, 5, 5, 6]
        #expect(zip(d, AustralianABN.weights).map(*).reduce(0, +) == 534)
    }

    @Test func wrongCheckAndMalformedAreTypedErrors() {
        #expect(code { try AustralianABN().validate("51 824 753 557") } == "identification_invalid")
        #expect(code { try AustralianABN().validate("51 824 753 55") } == "identification_invalid")
        #expect(offset { try AustralianABN().validate("51 824 753 55X") } == 13)
        #expect(offset { try AustralianABN().validate("01 824 753 556") } == 0)
        #expect(code { try AustralianABN().validate(String(repeating: "5", count: 200)) } == "identification_invalid")
    }

    @Test func acnPublishedExamples() throws {
        for printed in ["000 000 019", "000 250 000", "010 499 966", "010 749 961", "ACN 004 044 937"] {
            #expect(AustralianACN().isValid(printed), "\(printed)")
        }
        #expect(try AustralianACN().validate("000000019").formatted == "000 000 019")
        #expect(offset { try AustralianACN().validate("000 000 018") } == 10)
    }

    @Test func companyABNEndsInItsACN() throws {
        // NAB: ABN 12 004 044 937 carries ACN 004 044 937.
        let abn = try AustralianABN().validate("12 004 044 937")
        #expect(AustralianACN().isValid(String(abn.compact.suffix(9))))
    }
}

func thrown(_ body: () throws -> ValidIdentifier) -> GiroError? {
    do { _ = try body(); return nil } catch let e as GiroError { return e } catch { return nil }
}

func code(_ body: () throws -> ValidIdentifier) -> String? { thrown(body)?.code.rawValue }

func offset(_ body: () throws -> ValidIdentifier) -> Int? { thrown(body)?.offset }
