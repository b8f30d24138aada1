import Foundation

/// BezahlCode amounts: digits with a decimal comma (`10,00`, `140,4`), at most 2 decimals.
enum BezahlCodeAmount {
    /// SEPA's largest amount (999 999 999.99): 9 integer digits.
    static let maxIntegerDigits = 9

    enum Outcome {
        /// The value; `decimalPoint` when it was written with `.` instead of `,`.
        case value(Decimal, decimalPoint: Bool)
        case invalid(String)
        case outOfRange(String)
    }

    static func parse<C: Collection<UInt8>>(_ text: C) -> Outcome {
        var significand: UInt64 = 0
        var integerDigits = 0
        var fractionDigits = 0
        var separator: UInt8?
        var significantDigits = 0
        for b in text {
            switch b {
            case 48...57:
                if separator == nil { integerDigits += 1 } else { fractionDigits += 1 }
                if significand > 0 || b != 48 { significantDigits += 1 }
                // 9 + 2 digits fit easily; longer input is rejected below without overflowing.
                if significantDigits <= 18 { significand = significand * 10 + UInt64(b - 48) }
            case UInt8(ascii: ","), UInt8(ascii: "."):
                guard separator == nil else { return .invalid("more than one decimal separator (thousands separators are not allowed)") }
                separator = b
            default:
                return .invalid("an amount holds digits and one decimal comma only")
            }
        }
        guard integerDigits > 0 else { return .invalid("the amount has no integer digits") }
        if separator != nil, fractionDigits == 0 { return .invalid("the decimal separator is not followed by digits") }
        if separator == UInt8(ascii: "."), fractionDigits == 3 {
            return .invalid("'.' followed by 3 digits is ambiguous (German thousands separator or decimal point)")
        }
        guard fractionDigits <= 2 else { return .invalid("at most 2 decimals, found \(fractionDigits)") }
        guard significantDigits - fractionDigits <= maxIntegerDigits else {
            return .outOfRange("the amount exceeds 999 999 999,99")
        }
        let value = Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
        return .value(value, decimalPoint: separator == UInt8(ascii: "."))
    }
}
