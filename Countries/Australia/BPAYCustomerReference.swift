import GiroCore

/// BPAY Customer Reference Number (`giro check au-crn [--algorithm MOD10V01|MOD10V05]`): 2 to 20 digits, the last
/// one a check digit by the biller's routine (MOD10V01 when not told). Which routine a biller uses is not printed on
/// the bill: it is registered with BPAY for the biller code.
struct BPAYCustomerReference: Identifier {
    let kind = "au-crn"
    let country: String? = "AU"
    let summary = "BPAY customer reference number (CRN): 2-20 digits, check digit by --algorithm (MOD10V01 default)"
    let example = "1234 5678 903"
    var rule: BPAYCheckDigitRule = .mod10v01

    static let maxDigits = 20

    var options: [IdentifierOption] {
        [IdentifierOption(name: "algorithm", summary: "the biller's BPAY check-digit routine",
                          values: BPAYCheckDigitRule.names, defaultValue: BPAYCheckDigitRule.mod10v01.rawValue)]
    }

    func configured(_ settings: [String: String]) throws(GiroError) -> any Identifier {
        let resolved = try IdentifierSettings.resolve(settings, options: options, kind: kind)
        var copy = self
        copy.rule = BPAYCheckDigitRule(rawValue: resolved["algorithm"] ?? "") ?? .mod10v01
        return copy
    }

    func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let read = try AustralianDigits.read(input, label: "CRN", maxDigits: Self.maxDigits, code: .referenceInvalid,
                                             field: "reference", name: "a BPAY CRN")
        let d = read.digits
        guard d.count >= 2 else {
            throw GiroError(.referenceInvalid, field: "reference", "a BPAY CRN has 2 to 20 digits, found \(d.count)")
        }
        let expected = rule.checkDigit(d[0..<(d.count - 1)]) ?? -1
        let found = Int(d[d.count - 1] - 48)
        guard found == expected else {
            throw GiroError(.referenceInvalidChecksum, field: "reference", offset: read.offsets[d.count - 1],
                            "\(rule.rawValue) check digit \(found) does not match: expected \(expected)")
        }
        return ValidIdentifier(compact: read.text, formatted: read.text,
                               details: ["algorithm": rule.rawValue, "checkDigit": String(expected)])
    }
}

/// BPAY biller code (`giro check au-biller-code`): 3 to 10 digits, the last a Luhn (MOD10V01) check digit. BPAY does
/// not publish the rule; every biller code printed by the public sources in the README passes it.
struct BPAYBillerCode: Identifier {
    let kind = "au-biller-code"
    let country: String? = "AU"
    let summary = "BPAY biller code: 3-10 digits, Luhn (MOD10V01) check digit"
    let example = "129163"

    func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let read = try AustralianDigits.read(input, label: "Biller Code", maxDigits: 10, code: .identificationInvalid,
                                             field: "billerCode", name: "a BPAY biller code")
        let d = read.digits
        guard d.count >= 3 else {
            throw GiroError(.identificationInvalid, field: "billerCode", "a BPAY biller code has 3 to 10 digits, found \(d.count)")
        }
        let expected = Luhn.checkDigit(d[0..<(d.count - 1)]) ?? -1
        let found = Int(d[d.count - 1] - 48)
        guard found == expected else {
            throw GiroError(.identificationInvalid, field: "billerCode", offset: read.offsets[d.count - 1],
                            "biller code check digit \(found) does not match Luhn: expected \(expected)")
        }
        return ValidIdentifier(compact: read.text, formatted: read.text, details: ["algorithm": "MOD10V01", "checkDigit": String(expected)])
    }
}
