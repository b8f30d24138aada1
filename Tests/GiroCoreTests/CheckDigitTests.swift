import Testing
@testable import GiroCore

@Suite struct CheckDigitTests {
    @Test func mod97WorkedExamples() {
        // GB82 WEST 1234 5698 7654 32 → remainder 1; generating with 00 gives 82.
        #expect(ISO7064.mod97(Array("WEST12345698765432GB82".utf8)) == 1)
        #expect(ISO7064.mod97CheckDigits(Array("WEST12345698765432GB".utf8)) == 82)
    }

    /// The chunked accumulator agrees with the one-character-at-a-time definition.
    @Test func mod97MatchesNaiveDefinition() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for _ in 0..<5000 {
            let chars = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
            let initial = Int.random(in: 0..<97, using: &rng)
            var naive = initial
            for b in chars {
                let v = b <= 57 ? Int(b - 48) : Int(b - 55)
                naive = v < 10 ? (naive * 10 + v) % 97 : (naive * 100 + v) % 97
            }
            #expect(ISO7064.mod97(chars, startingWith: initial) == naive)
        }
    }

    @Test func mod11_10() {
        #expect(ISO7064.isValidMod11_10(Array("1001005".utf8)))
        #expect(ISO7064.isValidMod11_10(Array("1863000160".utf8)))
        #expect(!ISO7064.isValidMod11_10(Array("1863000161".utf8)))
    }

    @Test func mod10RecursiveWorkedExample() {
        #expect(Mod10Recursive.checkDigit(Array("21000000000313947143000901".utf8)) == 7)
        #expect(Mod10Recursive.isValid(Array("310014000183100197799111196".utf8)))
    }

    @Test func luhn() {
        #expect(Luhn.isValid(Array("79927398713".utf8)))
        #expect(!Luhn.isValid(Array("79927398710".utf8)))
        #expect(Luhn.checkDigit(Array("7992739871".utf8)) == 3)
    }

    @Test func weightedMod11() {
        let czAccount = WeightedMod11(weights: [6, 3, 7, 9, 10, 5, 8, 4, 2, 1])
        #expect(czAccount.isValid(Array("1265098001".utf8)))
        #expect(!czAccount.isValid(Array("1265098002".utf8)))
        let nl = WeightedMod11(weights: [1, 2, 4, 8, 5, 10, 9, 7, 3, 6], fromRight: true)
        #expect(nl.remainder(Array("12".utf8)) == (2 * 1 + 1 * 2) % 11)
    }

    @Test func nonDigitsAreRefusedNotTrapped() {
        #expect(ISO7064.mod97(Array("12$4".utf8)) == nil)
        #expect(ISO7064.mod11_10CheckDigit(Array("1a".utf8)) == nil)
        #expect(Mod10Recursive.checkDigit(Array("x".utf8)) == nil)
        #expect(Luhn.checkDigit(Array("\u{00}".utf8)) == nil)
        #expect(!Luhn.isValid([UInt8]()))
        #expect(WeightedMod11(weights: []).remainder(Array("1".utf8)) == nil)
    }
}
