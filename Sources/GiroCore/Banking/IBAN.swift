/// An International Bank Account Number (ISO 13616), validated against the SWIFT registry.
///
/// Validation: characters → country in the registry → length → BBAN structure → check digits
/// (mod 97-10) → national BBAN check digits where Giro knows them (see ``NationalCheckDigits``).
public struct IBAN: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Electronic format: upper case, no separators.
    public let compact: String

    /// What compaction removed or changed, for diagnostics.
    package struct Compaction: Sendable, Hashable {
        package var removedSpaces: Bool
        package var removedOtherSeparators: Bool
        package var loweredCase: Bool
        package var isUnchanged: Bool { !removedSpaces && !removedOtherSeparators && !loweredCase }

        package init(removedSpaces: Bool = false, removedOtherSeparators: Bool = false, loweredCase: Bool = false) {
            self.removedSpaces = removedSpaces
            self.removedOtherSeparators = removedOtherSeparators
            self.loweredCase = loweredCase
        }
    }

    /// Validates `text` (spaces, `-` and `.` and lower case tolerated) and returns the IBAN.
    public init(_ text: String, field: String = "iban") throws(GiroError) {
        self = try IBAN.validate(Array(text.utf8), field: field).iban
    }

    private init(validated compact: String) { self.compact = compact }

    public var countryCode: String { String(compact.prefix(2)) }
    public var checkDigits: String { String(compact.dropFirst(2).prefix(2)) }
    public var bban: String { String(compact.dropFirst(4)) }
    package var registryEntry: IBANCountry? { IBANRegistry.country(countryCode) }

    /// Print format: groups of four separated by spaces.
    public var formatted: String {
        var out = ""
        for (i, ch) in compact.enumerated() {
            if i > 0, i % 4 == 0 { out.append(" ") }
            out.append(ch)
        }
        return out
    }

    /// The bank identifier inside the BBAN, where the registry defines one.
    public var bankCode: String? { component(\.bank) }

    /// Swiss/Liechtenstein QR-IBAN: institution id (positions 5–9) in 30000–31999.
    public var isQRIBAN: Bool { IBAN.isQRIBAN(Array(compact.utf8)) }

    static func isQRIBAN(_ u: [UInt8]) -> Bool {
        guard u.count == 21, (u[0] == 67 && u[1] == 72) || (u[0] == 76 && u[1] == 73) else { return false }
        return u[4] == UInt8(ascii: "3") && (u[5] == UInt8(ascii: "0") || u[5] == UInt8(ascii: "1"))
    }

    private func component(_ key: KeyPath<IBANCountry, Range<Int>?>) -> String? {
        guard let r = registryEntry?[keyPath: key] else { return nil }
        let b = Array(bban.utf8)
        guard r.upperBound <= b.count else { return nil }
        return String(decoding: b[r], as: UTF8.self)
    }

    public var description: String { formatted }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try IBAN(text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(compact)
    }

    /// Removes spaces (incl. U+00A0 no-break space), `-` and `.`, and upper-cases ASCII letters.
    package static func compact(_ bytes: ArraySlice<UInt8>) -> ([UInt8], Compaction) {
        // Already compact (upper-case letters and digits, the usual case): a plain copy, which allocates
        // through a specialized path instead of the generic uninitialized-capacity one.
        if bytes.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }) { return (Array(bytes), Compaction()) }
        var info = Compaction()
        let out = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            var n = 0
            bytes.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    let b = p[i]
                    switch b {
                    case 0x20, 0x09: info.removedSpaces = true
                    case UInt8(ascii: "-"), UInt8(ascii: "."): info.removedOtherSeparators = true
                    case 97...122: buffer[n] = b - 32; n += 1; info.loweredCase = true
                    case 0xC2 where i + 1 < p.count && p[i + 1] == 0xA0:
                        info.removedSpaces = true
                        i += 1
                    default: buffer[n] = b; n += 1
                    }
                    i += 1
                }
            }
            count = n
        }
        return (out, info)
    }

    package static func compact(_ bytes: [UInt8]) -> ([UInt8], Compaction) { compact(bytes[...]) }

    /// Validates raw bytes; returns the IBAN and what compaction changed. `field` is evaluated only for an
    /// error: callers pass built paths (`payments[0].bankAccounts[1].iban`) that valid payloads never need.
    package static func validate(_ bytes: ArraySlice<UInt8>, field: @autoclosure () -> String = "iban") throws(GiroError) -> (iban: IBAN, compaction: Compaction) {
        let (u, info) = compact(bytes)
        try validateCompact(u, field: field())
        return (IBAN(validated: String(decoding: u, as: UTF8.self)), info)
    }

    package static func validate(_ bytes: [UInt8], field: @autoclosure () -> String = "iban") throws(GiroError) -> (iban: IBAN, compaction: Compaction) {
        try validate(bytes[...], field: field())
    }

    /// Validates an already compact, upper-case IBAN.
    package static func validateCompact(_ u: [UInt8], field: @autoclosure () -> String = "iban") throws(GiroError) {
        guard u.count >= 5 else {
            throw GiroError(.ibanInvalidLength, field: field(), "IBAN too short (\(u.count) characters)")
        }
        guard u.count <= 34 else {
            throw GiroError(.ibanInvalidLength, field: field(), "IBAN too long (\(u.count) characters, at most 34)")
        }
        for (i, b) in u.enumerated() {
            let ok: Bool
            switch i {
            case 0, 1: ok = b >= 65 && b <= 90
            case 2, 3: ok = b >= 48 && b <= 57
            default: ok = (b >= 65 && b <= 90) || (b >= 48 && b <= 57)
            }
            if !ok {
                throw GiroError(.ibanInvalidFormat, field: field(), offset: i, "invalid character at position \(i + 1) of the IBAN")
            }
        }
        guard let entry = IBANRegistry.entryIndex(u[0], u[1]) else {
            throw GiroError(.ibanInvalidCountry, field: field(),
                            "\(String(decoding: u[0..<2], as: UTF8.self)) is not a country of the IBAN registry")
        }
        let length = IBANRegistry.lengths[entry]
        guard u.count == length else {
            let code = String(decoding: u[0..<2], as: UTF8.self)
            throw GiroError(.ibanInvalidLength, field: field(), "\(code) IBANs have \(length) characters, found \(u.count)")
        }
        if let bad = IBANRegistry.firstStructureMismatch(entry: entry, iban: u) {
            let c = IBANRegistry.countries[entry]
            throw GiroError(.ibanInvalidBBAN, field: field(), offset: bad,
                            "character \(bad + 1) does not fit the \(c.code) BBAN structure \(c.bban)")
        }
        let check = Int(u[2] - 48) * 10 + Int(u[3] - 48)
        guard check >= 2, check <= 98, ISO7064.mod97(u[4...], then: u[0..<4]) == 1 else {
            throw GiroError(.ibanInvalidChecksum, field: field(), "IBAN check digits do not match (mod 97)")
        }
        if let failure = NationalCheckDigits.failure(u[0], u[1], bban: u[4...]) {
            throw GiroError(.ibanInvalidNationalCheck, field: field(),
                            "\(String(decoding: u[0..<2], as: UTF8.self)) national check digits are wrong: \(failure)")
        }
    }

    /// `true` when `text` is a valid IBAN (separators and lower case tolerated).
    public static func isValid(_ text: String) -> Bool {
        (try? validate(Array(text.utf8))) != nil
    }
}
