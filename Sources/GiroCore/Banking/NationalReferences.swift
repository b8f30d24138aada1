/// Belgian structured communication (OGM / VCS): 12 digits, the last two = first ten mod 97 (0 → 97),
/// printed `+++ddd/dddd/ddddd+++` (or with `***`).
package enum BelgianStructuredCommunication {
    /// The 12 digits of `+++ddd/dddd/ddddd+++`, `***ddd/dddd/ddddd***` or 12 bare digits (spaces ignored).
    package static func digits(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var s: [UInt8] = []
        s.reserveCapacity(20)
        for b in bytes where b != 0x20 {
            s.append(b)
            if s.count > 20 { return nil }
        }
        if s.count == 12 { return s.allSatisfy(isDigit) ? s : nil }
        guard s.count == 20 else { return nil }
        let mark = s[0]
        guard mark == UInt8(ascii: "+") || mark == UInt8(ascii: "*") else { return nil }
        for i in [0, 1, 2, 17, 18, 19] where s[i] != mark { return nil }
        guard s[6] == UInt8(ascii: "/"), s[11] == UInt8(ascii: "/") else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(12)
        for i in 3..<17 where i != 6 && i != 11 {
            guard isDigit(s[i]) else { return nil }
            digits.append(s[i])
        }
        return digits
    }

    /// `true` when the 12 digits carry a correct check.
    package static func isValid(digits d: [UInt8]) -> Bool {
        guard d.count == 12, d.allSatisfy(isDigit) else { return false }
        var r = 0
        for b in d[0..<10] { r = (r * 10 + Int(b - 48)) % 97 }
        let check = r == 0 ? 97 : r
        return Int(d[10] - 48) * 10 + Int(d[11] - 48) == check
    }

    /// Display form `+++ddd/dddd/ddddd+++` from 12 digits.
    package static func format(_ value: String) -> String? {
        let d = Array(value.utf8)
        guard d.count == 12, d.allSatisfy(isDigit) else { return nil }
        return "+++" + String(decoding: d[0..<3], as: UTF8.self) + "/" + String(decoding: d[3..<7], as: UTF8.self)
            + "/" + String(decoding: d[7..<12], as: UTF8.self) + "+++"
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}

/// Dutch betalingskenmerk: 16 digits (or 9–14 with a length code), first digit a weighted mod 11 check;
/// the 7-digit form carries no check.
package enum DutchPaymentReference {
    /// Digits only (spaces ignored) with a betalingskenmerk length: 7, 9–14 or 16.
    package static func digits(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var d: [UInt8] = []
        d.reserveCapacity(16)
        for b in bytes where b != 0x20 {
            guard b >= 48, b <= 57, d.count < 16 else { return nil }
            d.append(b)
        }
        switch d.count {
        case 7, 9...14, 16: return d
        default: return nil
        }
    }

    static let weights = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1]

    /// `nil` for the 7-digit form (no check digit); otherwise whether check digit and length code hold.
    package static func check(digits d: [UInt8]) -> Bool? {
        let n = d.count
        if n == 7 { return nil }
        guard n >= 9, n <= 16, n != 15, d.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        if n <= 14, Int(d[1] - 48) != (n - 2) % 10 { return false }
        var sum = 0
        var k = 0
        var i = n - 1
        while i >= 1 {
            sum += Int(d[i] - 48) * weights[k % weights.count]
            k += 1
            i -= 1
        }
        var c = 11 - sum % 11
        if c == 10 { c = 1 } else if c == 11 { c = 0 }
        return Int(d[0] - 48) == c
    }
}
