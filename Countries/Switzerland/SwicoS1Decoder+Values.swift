import Foundation
import GiroCore

/// The value grammars of the Swico S1 tags: dates, times, rate lists, payment conditions.
extension SwicoS1Decoder {
    static func string(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }

    /// Two ASCII digits at `i` of `b` as a number (callers check that all bytes are digits).
    @inline(__always)
    static func pair(_ b: ArraySlice<UInt8>, _ i: Int) -> Int {
        Int(b[b.startIndex + i] &- 48) * 10 + Int(b[b.startIndex + i + 1] &- 48)
    }

    /// `YYMMDD` → `20YY-MM-DD` when it is a calendar date.
    static func date(_ b: ArraySlice<UInt8>) -> String? {
        guard b.count == 6, b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let year = 2000 + pair(b, 0)
        let month = pair(b, 2)
        let day = pair(b, 4)
        guard month >= 1, month <= 12, day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length: Int
        switch month {
        case 2: length = leap ? 29 : 28
        case 4, 6, 9, 11: length = 30
        default: length = 31
        }
        guard day <= length else { return nil }
        let s = b.startIndex
        return "20" + string(b[s..<s + 2]) + "-" + string(b[s + 2..<s + 4]) + "-" + string(b[s + 4..<s + 6])
    }

    /// `HHMM` or `HHMMSS`.
    static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 4 || b.count == 6, b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        guard pair(b, 0) < 24, pair(b, 2) < 60 else { return false }
        return b.count == 4 || pair(b, 4) < 60
    }

    /// `rate:amount;rate:amount…` (every entry must be well-formed).
    static func rateList(_ b: ArraySlice<UInt8>) -> [TaxRate]? {
        var out: [TaxRate] = []
        for entry in b.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let parts = entry.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 2, let rate = DecimalText.parseUnsigned(parts[0]),
                  let amount = DecimalText.parseUnsigned(parts[1]) else { return nil }
            out.append(TaxRate(rate: rate, amount: amount))
        }
        return out.isEmpty ? nil : out
    }

    /// `discount:days;…` with whole days (up to 4 digits).
    static func conditions(_ b: ArraySlice<UInt8>) -> [PaymentCondition]? {
        var out: [PaymentCondition] = []
        for entry in b.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let parts = entry.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 2, let discount = DecimalText.parseUnsigned(parts[0]),
                  !parts[1].isEmpty, parts[1].count <= 4, parts[1].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            var days = 0
            for c in parts[1] { days = days * 10 + Int(c - 48) }
            out.append(PaymentCondition(discount: discount, days: days))
        }
        return out.isEmpty ? nil : out
    }
}
