import GiroCore

/// Belgian structured communication (OGM / VCS, "gestructureerde mededeling"): 12 digits, the last two the
/// first ten mod 97 (remainder 0 → 97), printed `+++ddd/dddd/ddddd+++` or `***ddd/dddd/ddddd***`
/// (`giro check be-ogm`). The check itself is GiroCore's `Mod97Reference`, which the SEPA plug-in and the OCR
/// parsers share.
///
/// A malformed value (`reference_invalid`) and a wrong check (`reference_invalid_checksum`) are distinct errors,
/// because a wrong check is the common case in hand-typed or template text (formats-west §6.1).
package struct BelgianOGM: Identifier {
    public let kind = "be-ogm"
    public let country: String? = "BE"
    public let summary = "Belgian structured communication (OGM/VCS): 12 digits, mod 97"
    public let example = "+++010/8068/17183+++"

    package init() {}

    public func validate(_ input: String) throws(GiroError) -> ValidIdentifier {
        guard input.utf8.count <= 64 else {
            throw GiroError(.referenceInvalid, field: "reference", "a Belgian structured communication has 12 digits; the input has \(input.utf8.count) bytes")
        }
        let compact = try Self.validate(Array(input.utf8))
        return ValidIdentifier(compact: compact, formatted: Mod97Reference.formatted(compact))
    }

    /// Validates and returns the 12 compact digits. Frame marks (`+`, `*`), `/`, `.`, `-` and spaces are dropped.
    package static func validate(_ bytes: ArraySlice<UInt8>, field: String = "reference") throws(GiroError) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(12)
        for (i, b) in zip(bytes.indices, bytes) {
            switch b {
            case 0x20, UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"): continue
            case 48...57:
                guard digits.count < 12 else {
                    throw GiroError(.referenceInvalid, field: field, offset: i - bytes.startIndex,
                                    "a Belgian structured communication has 12 digits, found more")
                }
                digits.append(b)
            default:
                throw GiroError(.referenceInvalid, field: field, offset: i - bytes.startIndex,
                                "a Belgian structured communication holds digits only (with +++, ***, /, dots and spaces)")
            }
        }
        guard digits.count == 12 else {
            throw GiroError(.referenceInvalid, field: field, "a Belgian structured communication has 12 digits, found \(digits.count)")
        }
        // python-stdnum rejects it too: no issuer hands out reference 0.
        guard digits[0..<10].contains(where: { $0 != 48 }) else {
            throw GiroError(.referenceInvalid, field: field, "an all-zero Belgian structured communication is not issued")
        }
        let expected = Mod97Reference.checkDigits(digits[0..<10])
        guard Int(digits[10] - 48) * 10 + Int(digits[11] - 48) == expected else {
            throw GiroError(.referenceInvalidChecksum, field: field,
                            "check digits \(String(decoding: digits[10...], as: UTF8.self)) do not match: first 10 digits mod 97 = \(expected)")
        }
        return String(decoding: digits, as: UTF8.self)
    }

    package static func validate(_ bytes: [UInt8], field: String = "reference") throws(GiroError) -> String {
        try validate(bytes[...], field: field)
    }

    /// A payment link's reference: 12 digits in OGM form (`+++…+++`, `/`, bare) → `be.ogm`; other text is not claimed.
    static func linkReference(_ value: String) -> Result<Reference, GiroError>? {
        let u = Array(value.utf8)
        guard u.contains(where: { $0 >= 48 && $0 <= 57 }),
              u.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 0x20 || $0 == 0x2B || $0 == 0x2A || $0 == 0x2F }),
              u.filter({ $0 >= 48 && $0 <= 57 }).count == 12 else { return nil }
        do { return .success(Reference(type: .belgianStructured, value: try validate(u), valid: true)) }
        catch { return .failure(error) }
    }
}
