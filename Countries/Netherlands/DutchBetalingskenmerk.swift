import GiroCore

/// Dutch betalingskenmerk (`giro check nl-betalingskenmerk`): 7 digits (no check), 9–14 digits (check digit and
/// length code) or 16 digits (check digit), weighted mod 11 (GiroCore's `WeightedMod11Reference`, which the SEPA
/// plug-in and the OCR parsers share). Accepted as printed: the Belastingdienst prints `5010.0021.6701.0010`,
/// acceptgiros `5010 0021 6701 0010`.
package struct DutchBetalingskenmerk: Identifier {
    public let kind = "nl-betalingskenmerk"
    public let country: String? = "NL"
    public let summary = "Dutch betalingskenmerk: 7, 9–14 or 16 digits, weighted mod 11"
    public let example = "5010.0021.6701.0010"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard input.utf8.count <= 64 else {
            throw GiroError(.referenceInvalid, field: "reference", "a betalingskenmerk has at most 16 digits; the input has \(input.utf8.count) bytes")
        }
        let checked = try Self.validate(Array(input.utf8))
        var details = ["checkDigit": checked.hasCheckDigit ? "verified" : "none"]
        if let code = checked.lengthCode { details["lengthCode"] = String(code) }
        return ValidIdentifier(compact: checked.compact, formatted: WeightedMod11Reference.formatted(checked.compact), details: details)
    }

    /// What a valid betalingskenmerk carries.
    package struct Checked: Sendable, Hashable {
        package var compact: String
        /// `false` for the 7-digit form, which has no check digit.
        package var hasCheckDigit: Bool
        /// The length code (9–14-digit forms only).
        package var lengthCode: Int?
    }

    /// Validates; spaces, dots and dashes (print groups of four) are ignored. Offsets are those of the input.
    package static func validate(_ bytes: ArraySlice<UInt8>, field: String = "reference") throws(GiroError) -> Checked {
        var d: [UInt8] = []
        var at: [Int] = []
        d.reserveCapacity(16)
        for (i, b) in zip(bytes.indices, bytes) where b != 0x20 && b != UInt8(ascii: ".") && b != UInt8(ascii: "-") {
            guard b >= 48, b <= 57 else {
                throw GiroError(.referenceInvalid, field: field, offset: i - bytes.startIndex, "a betalingskenmerk holds digits only")
            }
            guard d.count < 16 else {
                throw GiroError(.referenceInvalid, field: field, offset: i - bytes.startIndex, "a betalingskenmerk has at most 16 digits")
            }
            d.append(b)
            at.append(i - bytes.startIndex)
        }
        let n = d.count
        let compact = String(decoding: d, as: UTF8.self)
        switch n {
        case 7: return Checked(compact: compact, hasCheckDigit: false, lengthCode: nil)
        case 9...14, 16: break
        default:
            throw GiroError(.referenceInvalid, field: field, "a betalingskenmerk has 7, 9–14 or 16 digits, found \(n)")
        }
        var lengthCode: Int?
        if n <= 14 {
            let written = Int(d[1] - 48)
            guard written == (n - 2) % 10 else {
                throw GiroError(.referenceInvalid, field: field, offset: at[1],
                                "length code \(written) does not match the \(n - 2) digits after it")
            }
            lengthCode = written
        }
        let expected = WeightedMod11Reference.checkDigit(d[1...])
        guard Int(d[0] - 48) == expected else {
            throw GiroError(.referenceInvalidChecksum, field: field, offset: at[0],
                            "check digit \(d[0] - 48) does not match: weighted mod 11 gives \(expected)")
        }
        return Checked(compact: compact, hasCheckDigit: true, lengthCode: lengthCode)
    }

    package static func validate(_ bytes: [UInt8], field: String = "reference") throws(GiroError) -> Checked {
        try validate(bytes[...], field: field)
    }

    /// A payment link's reference: 16 digits (or 9–14 with a length code) → `nl.betalingskenmerk`; other digit
    /// strings are not claimed.
    static func linkReference(_ value: String) -> Result<Reference, GiroError>? {
        let u = Array(value.utf8).filter { $0 != 0x20 }
        guard u.count == 16 || (9...14).contains(u.count), u.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        do {
            let c = try validate(u)
            return .success(Reference(type: .dutchPaymentReference, value: c.compact, valid: true))
        } catch { return .failure(error) }
    }
}
