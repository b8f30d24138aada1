import Foundation
import GiroCore

/// Element 8: `EUR` followed by `0|[1-9][0-9]{0,8}` and an optional `.` with 1–2 decimals (formats-west §1.4).
enum EPCAmount {
    /// A parsed, non-empty amount element.
    struct Parsed: Equatable {
        /// The value; zero when the payload says `EUR0` / `EUR0.00` (see ``isZero``).
        var value: Decimal
        /// Spaces stood between `EUR` and the number (tolerated, warning `amount_spaces`).
        var hadSpaces: Bool
        var isZero: Bool { value == 0 }
    }

    /// Why an amount element was rejected: code and message (position is added by the caller).
    struct Failure: Error, Equatable {
        var code: ErrorCode
        var message: String
    }

    /// Parses a trimmed, non-empty element. Bytes only; no Foundation parsing, no regex.
    static func parse(_ s: ArraySlice<UInt8>) -> Result<Parsed, Failure> {
        let start = s.startIndex
        guard s.count >= 3, isUpper(s[start]), isUpper(s[start + 1]), isUpper(s[start + 2]) else {
            if s.count >= 3, isLetter(s[start]), isLetter(s[start + 1]), isLetter(s[start + 2]) {
                return .failure(Failure(code: .amountInvalid, message: "the currency must be written EUR in upper case"))
            }
            return .failure(Failure(code: .amountInvalid, message: "the amount must start with the currency EUR (e.g. EUR12.30)"))
        }
        guard s[start] == UInt8(ascii: "E"), s[start + 1] == UInt8(ascii: "U"), s[start + 2] == UInt8(ascii: "R") else {
            let code = String(decoding: s[start..<start + 3], as: UTF8.self)
            return .failure(Failure(code: .currencyNotAllowed, message: "EPC QR codes carry EUR amounts only, found \(code)"))
        }
        var i = start + 3
        var spaces = false
        while i < s.endIndex, s[i] == 0x20 || s[i] == 0x09 { i += 1; spaces = true }
        let number = s[i...]
        guard let first = number.first else {
            return .failure(Failure(code: .amountInvalid, message: "EUR is not followed by a value"))
        }
        // Integer part.
        var j = number.startIndex
        var intDigits = 0
        while j < number.endIndex, isDigit(number[j]) { j += 1; intDigits += 1 }
        guard intDigits > 0 else {
            return .failure(Failure(code: .amountInvalid, message: "the value must start with a digit"))
        }
        if first == UInt8(ascii: "0"), intDigits > 1 {
            return .failure(Failure(code: .amountInvalid, message: "leading zeros are not allowed in the amount"))
        }
        // Fraction.
        var fracDigits = 0
        var hasPoint = false
        if j < number.endIndex, number[j] == UInt8(ascii: ".") {
            hasPoint = true
            j += 1
            while j < number.endIndex, isDigit(number[j]) { j += 1; fracDigits += 1 }
        }
        if j < number.endIndex {
            let b = number[j]
            if b == UInt8(ascii: ",") || (b == UInt8(ascii: ".") && hasPoint) || b == UInt8(ascii: "'") {
                return .failure(Failure(code: .amountInvalid,
                                        message: "decimal comma and thousands separators are not allowed; use EUR1234.56"))
            }
            if b == 0x20 {
                return .failure(Failure(code: .amountInvalid, message: "spaces inside the value are not allowed"))
            }
            return .failure(Failure(code: .amountInvalid, message: "unexpected character in the amount"))
        }
        if hasPoint, fracDigits == 0 {
            return .failure(Failure(code: .amountInvalid, message: "a decimal point must be followed by 1 or 2 digits"))
        }
        if fracDigits > 2 {
            return .failure(Failure(code: .amountInvalid, message: "at most 2 decimals are allowed, found \(fracDigits)"))
        }
        if intDigits > 9 {
            return .failure(Failure(code: .amountOutOfRange, message: "the amount exceeds 999999999.99"))
        }
        guard let value = DecimalText.parseUnsigned(number) else {
            return .failure(Failure(code: .amountInvalid, message: "the value is not a decimal number"))
        }
        return .success(Parsed(value: value, hadSpaces: spaces))
    }

    /// 0.01 and 999999999.99, built exactly (a float literal would go through `Double`).
    static let minimum = Decimal(sign: .plus, exponent: -2, significand: 1)
    static let maximum = Decimal(sign: .plus, exponent: -2, significand: Decimal(99_999_999_999 as Int64))

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b >= 65 && b <= 90 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }

    /// Canonical text for the encoder: `EUR` + value with two decimals; nil when not representable.
    static func format(_ amount: Amount) -> Result<String, Failure> {
        guard amount.currency == "EUR" else {
            return .failure(Failure(code: .currencyNotAllowed, message: "EPC QR codes carry EUR amounts only, found \(amount.currency)"))
        }
        let plain = DecimalText.format(amount.value, minimumFractionDigits: 0)
        let text = DecimalText.format(amount.value, minimumFractionDigits: 2)
        if let dot = plain.firstIndex(of: "."), plain.distance(from: dot, to: plain.endIndex) - 1 > 2 {
            return .failure(Failure(code: .amountInvalid, message: "at most 2 decimals are allowed"))
        }
        guard amount.value >= minimum, amount.value <= maximum else {
            return .failure(Failure(code: .amountOutOfRange, message: "EPC amounts are 0.01 … 999999999.99"))
        }
        return .success("EUR" + text)
    }
}
