import Foundation

/// An amount of money: a decimal value and an ISO 4217 currency code.
///
/// The value is a `Decimal`, never a binary float. JSON carries it as a string
/// (`{"value": "1949.75", "currency": "CHF"}`), padded to the currency's minor units.
public struct Amount: Sendable, Hashable, Codable, CustomStringConvertible {
    public var value: Decimal
    public var currency: String

    public init(value: Decimal, currency: String) {
        self.value = value
        self.currency = currency
    }

    /// The value as a plain decimal string with at least the currency's minor-unit digits (`12.30`).
    public var formattedValue: String {
        DecimalText.format(value, minimumFractionDigits: Currency.minorUnits(of: currency) ?? 2)
    }

    public var description: String { "\(formattedValue) \(currency)" }

    enum CodingKeys: String, CodingKey { case value, currency }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .value)
        guard let v = DecimalText.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: "not a decimal string: \(text)")
        }
        value = v
        currency = try c.decode(String.self, forKey: .currency)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(formattedValue, forKey: .value)
        try c.encode(currency, forKey: .currency)
    }
}

/// Exact conversions between decimal text (`-?digits[.digits]`) and `Decimal`, locale-free.
package enum DecimalText {
    /// Parses `123`, `123.4`, `-0.05`; no exponent, no grouping, `.` as the separator. Up to 38 digits.
    package static func parse(_ text: String) -> Decimal? {
        var utf8 = Array(text.utf8)
        var negative = false
        if utf8.first == UInt8(ascii: "-") { negative = true; utf8.removeFirst() }
        guard let parsed = parseUnsigned(utf8[...]) else { return nil }
        return negative ? -parsed : parsed
    }

    /// Parses unsigned ASCII decimal digits with an optional `.` fraction.
    package static func parseUnsigned(_ bytes: ArraySlice<UInt8>) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        var overflow: [UInt8] = []
        for b in bytes {
            if b == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard b >= 48, b <= 57 else { return nil }
            digits += 1
            if seenPoint { fraction += 1 }
            if digits <= 18 {
                significand = significand &* 10 &+ UInt64(b - 48)
            } else {
                overflow.append(b)
            }
        }
        guard digits > 0, digits <= 38, !(seenPoint && fraction == 0) else { return nil }
        var value = Decimal(significand)
        for b in overflow { value = value * 10 + Decimal(Int(b - 48)) }
        if fraction > 0 {
            value = Decimal(sign: .plus, exponent: -fraction, significand: value)
        }
        return value
    }

    /// Formats exactly (no rounding), padding the fraction with zeros to `minimumFractionDigits`.
    /// Same text as `Decimal.description` (trailing fraction zeros dropped) before padding.
    package static func format(_ value: Decimal, minimumFractionDigits: Int) -> String {
        if let fast = formatFromParts(value, minimumFractionDigits: minimumFractionDigits) { return fast }
        var text = value.description
        // Decimal.description never uses exponent notation for our magnitudes; guard anyway.
        if text.contains("e") || text.contains("E") { return text }
        let point = text.firstIndex(of: ".")
        let existing = point.map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        if existing < minimumFractionDigits {
            if point == nil, minimumFractionDigits > 0 { text += "." }
            text += String(repeating: "0", count: minimumFractionDigits - existing)
        }
        return text
    }

    /// `Decimal.description` costs about a microsecond and dominated batch output. Amounts fit 64 bits,
    /// so take the significand as an integer (checked exact) and place the point from the exponent.
    static func formatFromParts(_ value: Decimal, minimumFractionDigits: Int) -> String? {
        guard value.isFinite, !value.isNaN else { return nil }
        let magnitude = value.significand.magnitude
        var significand = NSDecimalNumber(decimal: magnitude).uint64Value
        guard Decimal(significand) == magnitude else { return nil }
        var exponent = value.exponent
        guard exponent >= -38, exponent <= 38 else { return nil }
        // Drop trailing zeros from the fraction, as Decimal.description does.
        while exponent < 0, significand != 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        if significand == 0 { exponent = 0 }
        var digits = Array(String(significand).utf8)
        var fraction: [UInt8] = []
        if exponent >= 0 {
            digits += [UInt8](repeating: 48, count: exponent)
        } else {
            let f = -exponent
            if digits.count <= f { digits = [UInt8](repeating: 48, count: f - digits.count + 1) + digits }
            fraction = Array(digits[(digits.count - f)...])
            digits.removeLast(f)
        }
        if fraction.count < minimumFractionDigits {
            fraction += [UInt8](repeating: 48, count: minimumFractionDigits - fraction.count)
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + fraction.count + 2)
        if value.sign == .minus, significand != 0 { out.append(UInt8(ascii: "-")) }
        out += digits
        if !fraction.isEmpty {
            out.append(UInt8(ascii: "."))
            out += fraction
        }
        return String(decoding: out, as: UTF8.self)
    }
}
