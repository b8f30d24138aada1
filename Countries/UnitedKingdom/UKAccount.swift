import GiroCore

/// A UK sorting code, `000000`…`999999`. Encodes as its six digits (`"089999"`).
package struct UKSortCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: UInt32

    package init?(rawValue: UInt32) {
        guard rawValue <= 999_999 else { return nil }
        self.rawValue = rawValue
    }

    init(clamping value: UInt32) { rawValue = min(value, 999_999) }

    /// Six digits, no separators.
    package var description: String { UKDigits.text(UInt64(rawValue), width: 6) }
    /// `08-99-99`.
    package var formatted: String {
        let s = Array(description)
        return String(s[0..<2]) + "-" + String(s[2..<4]) + "-" + String(s[4..<6])
    }

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let v = UKDigits.value(text, width: 6), let s = UKSortCode(rawValue: UInt32(v)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a sort code is six digits"))
        }
        self = s
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// An eight-digit UK account number (after normalisation), `00000000`…`99999999`. Encodes as its eight digits.
package struct UKAccountNumber: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: UInt32

    package init?(rawValue: UInt32) {
        guard rawValue <= 99_999_999 else { return nil }
        self.rawValue = rawValue
    }

    package var description: String { UKDigits.text(UInt64(rawValue), width: 8) }

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let v = UKDigits.value(text, width: 8), let n = UKAccountNumber(rawValue: UInt32(v)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an account number is eight digits"))
        }
        self = n
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// How a non-standard account number was brought to eight digits ("Validating account numbers" §2.1.2).
package enum UKAccountNormalisation: String, Sendable, Codable, CaseIterable {
    /// Eight digits as given.
    case none
    /// Six digits, prefixed with `00`.
    case sixDigits = "six_digits_padded"
    /// Seven digits, prefixed with `0`.
    case sevenDigits = "seven_digits_padded"
    /// Nine digits (Santander): the first digit replaces the sort code's last digit; the last eight are used.
    case nineDigitsSantander = "nine_digits_santander"
    /// Ten digits, last eight used (National Westminster Bank).
    case tenDigitsLastEight = "ten_digits_last_eight"
    /// Ten digits, first eight used (Co-operative Bank, Leeds Building Society).
    case tenDigitsFirstEight = "ten_digits_first_eight"
}

/// Which eight of a ten-digit account number to use. The specification names the bank, not the sort codes, so
/// `.automatic` knows NatWest's and the Co-operative Bank's sort-code blocks and rejects other ten-digit numbers;
/// Leeds Building Society customers (first eight) need `.firstEight`.
public enum UKTenDigitRule: String, Sendable, Codable, CaseIterable {
    case automatic
    /// National Westminster Bank: the last eight digits.
    case lastEight = "last_eight"
    /// Co-operative Bank, Leeds Building Society: the first eight digits.
    case firstEight = "first_eight"
}

/// A sort code and an eight-digit account number, ready for modulus checking.
package struct UKAccount: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The sort code to check (for a nine-digit Santander number, its last digit is the account's first).
    package var sortCode: UKSortCode
    package var number: UKAccountNumber
    /// The sort code as given.
    package var enteredSortCode: UKSortCode
    package var normalisation: UKAccountNormalisation

    package init(sortCode: UKSortCode, number: UKAccountNumber) {
        self.sortCode = sortCode
        self.number = number
        self.enteredSortCode = sortCode
        self.normalisation = .none
    }

    init(sortCode: UKSortCode, number: UKAccountNumber, entered: UKSortCode, normalisation: UKAccountNormalisation) {
        self.sortCode = sortCode
        self.number = number
        self.enteredSortCode = entered
        self.normalisation = normalisation
    }

    /// `089999 66374958`.
    package var description: String { "\(sortCode) \(number)" }
    /// `08999966374958`.
    package var compact: String { "\(sortCode)\(number)" }
    /// `08-99-99 66374958`.
    package var formatted: String { "\(sortCode.formatted) \(number)" }

    /// Sort code and account number in one value: `089999 66374958`, `08-99-99 6637 4958`, `08999966374958`.
    /// `-` and spaces separate digit groups; the sort code's six digits must end a group unless there is no
    /// separator at all. Accounts of 6–10 digits are normalised (see ``UKAccountNormalisation``).
    package static func parse(_ text: String, tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) -> UKAccount {
        var text = text
        return try text.withUTF8 { b in
            Result { () throws(GiroError) in try UKAccountParser.parseOne(b, rule: tenDigitRule) }
        }.get()
    }

    /// As ``parse(_:tenDigitRule:)`` on UTF-8 bytes.
    package static func parse(bytes: [UInt8], tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) -> UKAccount {
        try bytes.withUnsafeBufferPointer { b in
            Result { () throws(GiroError) in try UKAccountParser.parseOne(b, rule: tenDigitRule) }
        }.get()
    }

    /// Sort code and account number as two values (`08-99-99`, `66374958`; `01-23456789` for NatWest).
    package init(sortCode: String, account: String, tenDigitRule: UKTenDigitRule = .automatic) throws(GiroError) {
        var s = sortCode, a = account
        let sc = try s.withUTF8 { b in
            Result { () throws(GiroError) in try UKAccountParser.digits(b, field: "sortCode", min: 6, max: 6) }
        }.get()
        let acc = try a.withUTF8 { b in
            Result { () throws(GiroError) in try UKAccountParser.digits(b, field: "account", min: 6, max: 10) }
        }.get()
        self = try UKAccountParser.normalise(sortCode: UInt32(sc.value), account: acc.value, length: acc.count,
                                             rule: tenDigitRule, end: a.utf8.count)
    }
}

/// Byte-level parsing: no String work on the success path.
enum UKAccountParser {
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    static func parseOne(_ b: UnsafeBufferPointer<UInt8>, rule: UKTenDigitRule) throws(GiroError) -> UKAccount {
        var start = 0, end = b.count
        while start < end, isSpace(b[start]) { start += 1 }
        while end > start, isSpace(b[end - 1]) { end -= 1 }
        if start == end { throw GiroError(.inputInvalid, field: "input", offset: 0, "empty: expected a sort code and an account number") }
        var n = 0                 // digits seen
        var sortCode: UInt32 = 0
        var account: UInt64 = 0
        var accountDigits = 0
        var separators = 0
        var afterSixth = -1       // offset of the byte after the sort code's sixth digit
        var runDashes = 0         // dashes in the current separator run
        var i = start
        while i < end {
            let c = b[i]
            if c &- 0x30 < 10 {
                let d = c &- 0x30
                n += 1
                if n <= 6 {
                    sortCode = sortCode * 10 + UInt32(d)
                    if n == 6 { afterSixth = i + 1 }
                } else {
                    accountDigits += 1
                    if accountDigits > 10 {
                        throw GiroError(.inputInvalid, field: "account", offset: i, "account number longer than 10 digits")
                    }
                    account = account * 10 + UInt64(d)
                }
                runDashes = 0
            } else if c == 0x2D || c == 0x20 {
                if i == start { throw GiroError(.inputInvalid, field: "input", offset: i, "starts with a separator") }
                if c == 0x2D {
                    runDashes += 1
                    if runDashes > 1 { throw GiroError(.inputInvalid, field: "input", offset: i, "two dashes in a row") }
                }
                separators += 1
            } else {
                throw GiroError(.inputInvalid, field: "input", offset: i, "unexpected character (expected digits, '-' or space)")
            }
            i += 1
        }
        if b[end - 1] == 0x2D { throw GiroError(.inputInvalid, field: "input", offset: end - 1, "ends with a separator") }
        if n < 6 { throw GiroError(.inputInvalid, field: "sortCode", offset: end, "sort code needs six digits") }
        if separators > 0, afterSixth < end, b[afterSixth] &- 0x30 < 10 {
            throw GiroError(.inputInvalid, field: "sortCode", offset: afterSixth,
                            "the sort code's six digits must be followed by a separator")
        }
        if accountDigits < 6 {
            throw GiroError(.inputInvalid, field: "account", offset: end,
                            accountDigits == 0 ? "account number missing" : "account number needs 6 to 10 digits")
        }
        return try normalise(sortCode: sortCode, account: account, length: accountDigits, rule: rule, end: end)
    }

    /// Digits of one field, separated by `-` or spaces; leading/trailing whitespace ignored.
    static func digits(_ b: UnsafeBufferPointer<UInt8>, field: String, min: Int, max: Int) throws(GiroError) -> (value: UInt64, count: Int) {
        var start = 0, end = b.count
        while start < end, isSpace(b[start]) { start += 1 }
        while end > start, isSpace(b[end - 1]) { end -= 1 }
        if start == end { throw GiroError(.inputInvalid, field: field, offset: 0, "\(field) is empty") }
        var value: UInt64 = 0
        var count = 0
        var i = start
        var lastWasSeparator = false
        while i < end {
            let c = b[i]
            if c &- 0x30 < 10 {
                count += 1
                if count > max { throw GiroError(.inputInvalid, field: field, offset: i, "\(field) longer than \(max) digits") }
                value = value * 10 + UInt64(c &- 0x30)
                lastWasSeparator = false
            } else if c == 0x2D || c == 0x20 {
                if i == start || lastWasSeparator {
                    throw GiroError(.inputInvalid, field: field, offset: i, "misplaced separator")
                }
                lastWasSeparator = true
            } else {
                throw GiroError(.inputInvalid, field: field, offset: i, "unexpected character (expected digits, '-' or space)")
            }
            i += 1
        }
        if count < min {
            throw GiroError(.inputInvalid, field: field, offset: end,
                            min == max ? "\(field) needs \(min) digits" : "\(field) needs \(min) to \(max) digits")
        }
        return (value, count)
    }

    /// NatWest (ex District, National Provincial and Westminster Bank blocks) and Co-operative Bank sort codes,
    /// for ten-digit account numbers. Facts from the public modulus-checking implementations (README Sources).
    static func tenDigitRule(for sortCode: UInt32) -> UKTenDigitRule? {
        switch sortCode {
        case 10_000...19_999, 500_000...669_999: return .lastEight
        case 83_000...83_999: return nil   // Citibank, inside the Co-operative Bank block
        case 80_000...89_999: return .firstEight
        default: return nil
        }
    }

    static func normalise(sortCode: UInt32, account: UInt64, length: Int, rule: UKTenDigitRule, end: Int) throws(GiroError) -> UKAccount {
        // Ranges hold by construction: sortCode < 10^6, account < 10^length, length 6...10.
        guard let entered = UKSortCode(rawValue: sortCode) else {
            throw GiroError(.inputInvalid, field: "sortCode", offset: 0, "sort code needs six digits")
        }
        var sc = entered
        var number = account
        let normalisation: UKAccountNormalisation
        switch length {
        case 6: normalisation = .sixDigits
        case 7: normalisation = .sevenDigits
        case 8: normalisation = .none
        case 9:
            normalisation = .nineDigitsSantander
            let first = UInt32(account / 100_000_000)
            sc = UKSortCode(rawValue: sortCode - sortCode % 10 + first) ?? entered
            number = account % 100_000_000
        case 10:
            let r = rule == .automatic ? tenDigitRule(for: sortCode) : rule
            switch r {
            case .lastEight?:
                normalisation = .tenDigitsLastEight
                number = account % 100_000_000
            case .firstEight?:
                normalisation = .tenDigitsFirstEight
                number = account / 100
            default:
                throw GiroError(.inputInvalid, field: "account", offset: end,
                                "ten-digit account number at a sort code outside the NatWest and Co-operative Bank blocks: "
                                + "say which eight digits to use (Leeds Building Society: the first eight)")
            }
        default:
            throw GiroError(.inputInvalid, field: "account", offset: end, "account number needs 6 to 10 digits")
        }
        guard let n = UKAccountNumber(rawValue: UInt32(truncatingIfNeeded: number)), number <= 99_999_999 else {
            throw GiroError(.inputInvalid, field: "account", offset: end, "account number needs 6 to 10 digits")
        }
        return UKAccount(sortCode: sc, number: n, entered: entered, normalisation: normalisation)
    }
}

enum UKDigits {
    /// `value` as `width` decimal digits, zero-padded.
    static func text(_ value: UInt64, width: Int) -> String {
        var bytes = [UInt8](repeating: 0x30, count: width)
        var v = value
        var i = width - 1
        while i >= 0 {
            bytes[i] = 0x30 + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Exactly `width` ASCII digits, or nil.
    static func value(_ text: String, width: Int) -> UInt64? {
        var v: UInt64 = 0
        var n = 0
        for c in text.utf8 {
            guard c &- 0x30 < 10, n < width else { return nil }
            v = v * 10 + UInt64(c &- 0x30)
            n += 1
        }
        return n == width ? v : nil
    }
}
