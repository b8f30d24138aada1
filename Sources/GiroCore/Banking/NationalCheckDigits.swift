/// National BBAN check digits, per country (formats-west §9.4, formats-cee §0.3): part of the IBAN registry's data.
/// The switch below maps each country code to a check algorithm; the algorithms are named for what they compute.
///
/// Countries not listed have no national check Giro knows of; their IBANs rest on mod 97 alone.
package enum NationalCheckDigits {
    /// Countries whose BBAN check Giro verifies.
    package static let supportedCountries: Set<String> = [
        "BE", "FR", "MC", "ES", "IT", "SM", "PT", "SI", "RS", "ME", "MK", "BA", "TL", "XK",
        "HR", "FI", "NO", "CZ", "SK", "MR", "TN", "HU",
        "GF", "GP", "MQ", "RE", "PF", "TF", "YT", "NC", "BL", "MF", "PM", "WF",
    ]

    /// A description of the failed check, or nil when the BBAN passes (or the country has no check).
    package static func failure(country: IBANCountry, bban: ArraySlice<UInt8>) -> String? {
        guard bban.count == country.length - 4 else { return "length" }
        var it = country.code.utf8.makeIterator()
        guard let c0 = it.next(), let c1 = it.next() else { return nil }
        return failure(c0, c1, bban: bban)
    }

    /// The same for the country's two letters; `bban` must have the registry length.
    static func failure(_ c0: UInt8, _ c1: UInt8, bban: ArraySlice<UInt8>) -> String? {
        // The rules below use 0-based positions; rebase (copy) only for countries that have a rule.
        var rebased: ArraySlice<UInt8> { bban.startIndex == 0 ? bban : Array(bban)[...] }
        switch (c0, c1) {
        case (66, 69): return firstTenMod97(rebased)                                                   // BE
        case (70, 82), (77, 67), (71, 70), (71, 80), (77, 81), (82, 69), (80, 70), (84, 70),
             (89, 84), (78, 67), (66, 76), (77, 70), (80, 77), (87, 70): return ribKey(rebased)   // FR MC + French territories
        case (69, 83): return dualMod11Weighted(rebased)                                                     // ES
        case (73, 84), (83, 77): return cinLetter(rebased)                                           // IT SM
        case (83, 73):                                                                     // SI
            // Accounts of the Bank of Slovenia (bank code 01) do not follow the national check.
            if bban.starts(with: [48, 49]) { return nil }
            return ISO7064.mod97(bban) == 1 ? nil : "BBAN mod 97 ≠ 1"
        case (82, 83):                                                                     // RS
            // Bank 908 (National Bank of Serbia) accounts are seen with a shifted check; skip them.
            if bban.starts(with: [57, 48, 56]) { return nil }
            return ISO7064.mod97(bban) == 1 ? nil : "BBAN mod 97 ≠ 1"
        case (80, 84), (77, 69), (77, 75), (66, 65), (84, 76), (88, 75):                  // PT ME MK BA TL XK
            return ISO7064.mod97(bban) == 1 ? nil : "BBAN mod 97 ≠ 1"
        case (77, 82), (84, 78):                                                           // MR TN
            guard let r = ISO7064.mod97(bban.dropLast(2)) else { return "digits" }
            return twoDigits(bban.suffix(2)) == 97 - (r * 100) % 97 ? nil : "key ≠ 97 − (BBAN·100 mod 97)"
        case (72, 82):                                                                     // HR
            return ISO7064.isValidMod11_10(bban.prefix(7)) && ISO7064.isValidMod11_10(bban.dropFirst(7)) ? nil
                : "bank code or account number fails ISO 7064 MOD 11,10"
        case (70, 73): return Luhn.isValid(bban) ? nil : "Luhn check fails"                   // FI
        case (78, 79): return weightedMod11Tail(rebased)                                                    // NO
        case (67, 90), (83, 75): return prefixedAccountMod11(bban)                                        // CZ SK
        case (72, 85): return giroGroups9731(bban)                                                      // HU
        default: return nil
        }
    }

    static func twoDigits<C: Collection<UInt8>>(_ s: C) -> Int? {
        guard s.count == 2, let a = s.first, let z = s.dropFirst().first, a >= 48, a <= 57, z >= 48, z <= 57 else { return nil }
        return Int(a - 48) * 10 + Int(z - 48)
    }

    static func number<C: Collection<UInt8>>(_ s: C) -> Int? {
        var v = 0
        for d in s { guard d >= 48, d <= 57 else { return nil }; v = v * 10 + Int(d - 48) }
        return v
    }

    static func firstTenMod97(_ b: ArraySlice<UInt8>) -> String? {
        guard let n = number(b[0..<10]), let c = twoDigits(b[10..<12]) else { return "digits" }
        let r = n % 97
        return (r == 0 ? 97 : r) == c ? nil : "first 10 digits mod 97 ≠ last 2"
    }

    static func ribKey(_ b: ArraySlice<UInt8>) -> String? {
        // Letters in the RIB map to digits: A–I → 1–9, J–R → 1–9, S–Z → 2–9.
        var digits: [UInt8] = []
        for c in b {
            switch c {
            case 48...57: digits.append(c)
            case 65...73: digits.append(c - 65 + 49)
            case 74...82: digits.append(c - 74 + 49)
            case 83...90: digits.append(c - 83 + 50)
            default: return "character"
            }
        }
        guard let bank = number(digits[0..<5]), let branch = number(digits[5..<10]),
              let account = number(digits[10..<21]), let key = number(digits[21..<23]) else { return "digits" }
        return 97 - (89 * bank + 15 * branch + 3 * account) % 97 == key ? nil : "RIB key"
    }

    static func dualMod11Weighted(_ b: ArraySlice<UInt8>) -> String? {
        let weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
        func dc<C: Collection<UInt8>>(_ digits: C) -> Int? {
            var sum = 0
            for (i, d) in digits.enumerated() { guard d >= 48, d <= 57 else { return nil }; sum += Int(d - 48) * weights[i] }
            let v = 11 - sum % 11
            return v == 11 ? 0 : v == 10 ? 1 : v
        }
        guard let d1 = dc([48, 48] + Array(b[0..<8])), let d2 = dc(b[10..<20]),
              b[8] >= 48, b[8] <= 57, b[9] >= 48, b[9] <= 57 else { return "digits" }
        return Int(b[8] - 48) == d1 && Int(b[9] - 48) == d2 ? nil : "control digits (DC)"
    }

    static func cinLetter(_ b: ArraySlice<UInt8>) -> String? {
        let odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
        var sum = 0
        for (i, c) in b[1..<23].enumerated() {
            let v: Int
            switch c {
            case 48...57: v = Int(c - 48)
            case 65...90: v = Int(c - 65)
            default: return "character"
            }
            sum += i % 2 == 0 ? odd[v] : v
        }
        return Int(b[0]) == 65 + sum % 26 ? nil : "CIN letter"
    }

    static func weightedMod11Tail(_ b: ArraySlice<UInt8>) -> String? {
        let weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        var sum = 0
        for (i, d) in b[0..<10].enumerated() { sum += Int(d - 48) * weights[i] }
        let r = sum % 11
        if r == 1 { return "account cannot have a check digit" }
        let check = r == 0 ? 0 : 11 - r
        return Int(b[10] - 48) == check ? nil : "mod 11 check digit"
    }

    private static let prefixWeights = WeightedMod11(weights: [10, 5, 8, 4, 2, 1])
    private static let numberWeights = WeightedMod11(weights: [6, 3, 7, 9, 10, 5, 8, 4, 2, 1])

    /// Positions relative to `b.startIndex`: the hot CZ/SK path needs no rebased copy.
    static func prefixedAccountMod11(_ b: ArraySlice<UInt8>) -> String? {
        let s = b.startIndex
        guard b.count >= 20 else { return "length" }
        return prefixWeights.isValid(b[(s + 4)..<(s + 10)]) && numberWeights.isValid(b[(s + 10)..<(s + 20)]) ? nil
            : "account prefix or number fails weighted mod 11"
    }

    /// Hungarian GIRO account (formats-cee §6.4): bank+branch (7) + check, then the account (15) + check,
    /// each with weights 9,7,3,1 repeating and Σ ≡ 0 (mod 10). An 8-8 account is the 16 digits padded with zeros.
    /// Positions relative to `b.startIndex` (no rebased copy).
    static func giroGroups9731(_ b: ArraySlice<UInt8>) -> String? {
        guard b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return "digits" }
        guard b.count >= 24 else { return "length" }
        let s = b.startIndex
        if !WeightedModulus.holds(b[s..<(s + 8)], weights: WeightedModulus.nineSevenThreeOne, modulus: 10) { return "bank/branch group fails the 9-7-3-1 check" }
        if !WeightedModulus.holds(b[(s + 8)..<(s + 24)], weights: WeightedModulus.nineSevenThreeOne, modulus: 10) { return "account number fails the 9-7-3-1 check" }
        return nil
    }
}
