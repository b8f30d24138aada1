import GiroCore

/// Australian Business Number (`giro check au-abn`): 11 digits printed `51 824 753 556`. The ATO's check: subtract 1
/// from the first digit, weight the digits 10, 1, 3, 5, … 19, and the sum is a multiple of 89.
struct AustralianABN: Identifier {
    let kind = "au-abn"
    let country: String? = "AU"
    let summary = "Australian Business Number (ABN): 11 digits, ATO mod 89 check"
    let example = "51 824 753 556"

    static let weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]

    func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let read = try AustralianDigits.read(input, label: "ABN", maxDigits: 11, code: .identificationInvalid, field: "abn", name: "an ABN")
        let d = read.digits
        guard d.count == 11 else {
            throw GiroError(.identificationInvalid, field: "abn", "an ABN has 11 digits, found \(d.count)")
        }
        guard d[0] != 48 else {
            throw GiroError(.identificationInvalid, field: "abn", offset: read.offsets[0], "an ABN does not start with 0")
        }
        var sum = 0
        for (i, b) in d.enumerated() {
            sum += (Int(b - 48) - (i == 0 ? 1 : 0)) * Self.weights[i]
        }
        guard sum % 89 == 0 else {
            throw GiroError(.identificationInvalid, field: "abn", offset: read.offsets[0],
                            "ABN check fails: the weighted sum \(sum) is not a multiple of 89 (check digits are the first two)")
        }
        let s = read.text
        return ValidIdentifier(compact: s, formatted: Self.grouped(s, [2, 3, 3, 3]), details: ["checkDigits": String(s.prefix(2))])
    }

    /// `s` in groups of the given sizes, separated by spaces.
    static func grouped(_ s: String, _ sizes: [Int]) -> String {
        var parts: [Substring] = []
        var rest = Substring(s)
        for n in sizes where !rest.isEmpty {
            parts.append(rest.prefix(n))
            rest = rest.dropFirst(n)
        }
        if !rest.isEmpty { parts.append(rest) }
        return parts.joined(separator: " ")
    }
}

/// Australian Company Number (`giro check au-acn`): 9 digits printed `004 085 616`; ASIC's check digit is
/// (10 − Σ dᵢ·wᵢ mod 10) mod 10 with weights 8 … 1 over the first eight digits.
struct AustralianACN: Identifier {
    let kind = "au-acn"
    let country: String? = "AU"
    let summary = "Australian Company Number (ACN): 9 digits, ASIC check digit"
    let example = "000 000 019"

    func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let read = try AustralianDigits.read(input, label: "ACN", maxDigits: 9, code: .identificationInvalid, field: "acn", name: "an ACN")
        let d = read.digits
        guard d.count == 9 else {
            throw GiroError(.identificationInvalid, field: "acn", "an ACN has 9 digits, found \(d.count)")
        }
        var sum = 0
        for i in 0..<8 { sum += Int(d[i] - 48) * (8 - i) }
        let expected = (10 - sum % 10) % 10
        guard Int(d[8] - 48) == expected else {
            throw GiroError(.identificationInvalid, field: "acn", offset: read.offsets[8],
                            "ACN check digit \(d[8] - 48) does not match: expected \(expected)")
        }
        let s = read.text
        return ValidIdentifier(compact: s, formatted: AustralianABN.grouped(s, [3, 3, 3]), details: ["checkDigit": String(expected)])
    }
}
