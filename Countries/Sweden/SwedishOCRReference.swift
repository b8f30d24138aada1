import GiroCore

/// The OCR reference (OCR-nummer) of a bankgiro or PlusGiro payment: 2 to 25 digits, the last the 10-modul check
/// digit over all before it; with the length check the payee may agree with Bankgirot, the digit before it is the
/// total length mod 10 (itself inside the 10-modul sum). Bankgirot, "Bankgiro Inbetalningar Användarmanual",
/// OCR-referenskontroll.
enum SwedishOCR {
    static let lengths = 2...25

    /// The compact digits of a valid reference.
    static func validate(_ d: SwedishDigits, lengthDigit: Bool, field: String = "reference") throws(GiroError) -> String {
        guard lengths.contains(d.count) else {
            throw GiroError(.referenceInvalid, field: field, offset: d.count > lengths.upperBound ? d.offset(lengths.upperBound) : nil,
                            "an OCR reference has 2 to 25 digits, found \(d.count)")
        }
        if lengthDigit {
            guard d.count >= 3 else {
                throw GiroError(.referenceInvalid, field: field, "an OCR reference with a length digit has at least 3 digits")
            }
            let expected = d.count % 10
            guard Int(d.digits[d.count - 2] - 48) == expected else {
                throw GiroError(.seLengthDigitInvalid, field: field, offset: d.offset(d.count - 2),
                                "the length digit is \(d.digits[d.count - 2] - 48); the reference has \(d.count) digits, so it is \(expected)")
            }
        }
        guard Luhn.isValid(d.digits) else {
            throw GiroError(.referenceInvalidChecksum, field: field, offset: d.offset(d.count - 1),
                            "the check digit does not match (10-modul): expected \(Luhn.checkDigit(d.digits.dropLast()) ?? 0)")
        }
        return d.text
    }

    /// Whether the next-to-last digit happens to be the length mod 10.
    static func hasLengthDigit(_ compact: String) -> Bool {
        let u = Array(compact.utf8)
        return u.count >= 3 && Int(u[u.count - 2] - 48) == u.count % 10
    }
}

/// `giro check se-ocr [--length-digit]`.
package struct SwedishOCRReference: Identifier {
    public let kind = "se-ocr"
    public let country: String? = "SE"
    public let summary = "Swedish OCR reference (OCR-nummer): 2-25 digits, 10-modul check digit, optional length digit"
    public let example = "1234567897"
    /// Whether the reference must carry a length digit (`--length-digit`).
    package let requiresLengthDigit: Bool

    package init(requiresLengthDigit: Bool = false) { self.requiresLengthDigit = requiresLengthDigit }

    public var options: [IdentifierOption] {
        [IdentifierOption(name: "length-digit", summary: "the next-to-last digit must be the length mod 10 (Bankgirot's length check)")]
    }

    public func configured(_ settings: [String: String]) throws(GiroError) -> any Identifier {
        let resolved = try IdentifierSettings.resolve(settings, options: options, kind: kind)
        return SwedishOCRReference(requiresLengthDigit: resolved["length-digit"] == "true")
    }

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        let d = try SwedishDigits(input, code: .referenceInvalid, field: "reference", what: "an OCR reference")
        let compact = try SwedishOCR.validate(d, lengthDigit: requiresLengthDigit)
        return ValidIdentifier(compact: compact, formatted: compact,
                               details: ["country": "SE", "checkDigit": String(compact.suffix(1)),
                                         "lengthDigit": SwedishOCR.hasLengthDigit(compact) ? "consistent" : "absent"])
    }
}
