/// Business Identifier Code (ISO 9362): `AAAA BB CC [DDD]`.
///
/// The business-party prefix is alphanumeric (ISO 9362:2014+ allows it; such BICs are seen in the wild),
/// the country must be letters and a known ISO 3166 code (or `XK`).
public struct BIC: Sendable, Hashable, Codable, CustomStringConvertible {
    public let compact: String

    public init(_ text: String, field: String = "bic") throws(GiroError) {
        compact = try BIC.validate(Array(text.utf8), field: field)
    }

    public var countryCode: String { String(compact.dropFirst(4).prefix(2)) }
    public var description: String { compact }

    /// Validates bytes (spaces tolerated, lower case upper-cased); returns the compact BIC.
    package static func validate(_ bytes: [UInt8], field: @autoclosure () -> String = "bic") throws(GiroError) -> String {
        try validate(bytes[...], field: field())
    }

    package static func validate(_ bytes: ArraySlice<UInt8>, field: @autoclosure () -> String = "bic") throws(GiroError) -> String {
        var u: [UInt8] = []
        u.reserveCapacity(11)
        for b in bytes where b != 0x20 { u.append(b >= 97 && b <= 122 ? b - 32 : b) }
        guard u.count == 8 || u.count == 11 else {
            throw GiroError(.bicInvalid, field: field(), "a BIC has 8 or 11 characters, found \(u.count)")
        }
        for (i, b) in u.enumerated() {
            let letter = b >= 65 && b <= 90
            let digit = b >= 48 && b <= 57
            let ok = (i == 4 || i == 5) ? letter : (letter || digit)
            if !ok { throw GiroError(.bicInvalid, field: field(), offset: i, "invalid character at position \(i + 1) of the BIC") }
        }
        guard CountryCode.isValid(u[4], u[5]) else {
            throw GiroError(.bicInvalid, field: field(), "\(String(decoding: u[4..<6], as: UTF8.self)) is not an ISO 3166 country code")
        }
        return String(decoding: u, as: UTF8.self)
    }

    public static func isValid(_ text: String) -> Bool { (try? BIC(text)) != nil }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try BIC(text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(compact)
    }
}
