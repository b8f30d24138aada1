/// ISO/IEC 7064 check-character systems used by payment identifiers.
package enum ISO7064 {
    /// Value of an alphanumeric character in MOD 97-10 (`0`–`9` → 0–9, `A`–`Z`/`a`–`z` → 10–35).
    @inlinable @inline(__always)
    static func value(_ b: UInt8) -> Int? {
        switch b {
        case 48...57: return Int(b - 48)
        case 65...90: return Int(b - 55)
        case 97...122: return Int(b - 87)
        default: return nil
        }
    }

    /// Remainder mod 97 of the number formed by the characters (letters expand to two digits).
    /// `nil` when a character is not alphanumeric. Digits are gathered into a 64-bit accumulator and reduced
    /// every 16 digits: two divisions for an IBAN instead of one per character.
    @inlinable
    package static func mod97<C: Collection<UInt8>>(_ chars: C, startingWith initial: Int = 0) -> Int? {
        var acc = UInt64(initial % 97)
        var digits = 2
        for b in chars {
            guard let v = value(b) else { return nil }
            if v < 10 {
                acc = acc &* 10 &+ UInt64(v)
                digits += 1
            } else {
                acc = acc &* 100 &+ UInt64(v)
                digits += 2
            }
            if digits >= 16 {
                acc %= 97
                digits = 2
            }
        }
        return Int(acc % 97)
    }

    /// MOD 97-10 over `body` followed by `tail` (IBAN / RF rearrangement without copying).
    @inlinable
    package static func mod97<A: Collection<UInt8>, B: Collection<UInt8>>(_ body: A, then tail: B) -> Int? {
        guard let r = mod97(body) else { return nil }
        return mod97(tail, startingWith: r)
    }

    /// Two check digits `98 − (value·100 mod 97)` for the numeric/alphanumeric `body`.
    @inlinable
    package static func mod97CheckDigits<C: Collection<UInt8>>(_ body: C) -> Int? {
        guard let r = mod97(body) else { return nil }
        return 98 - (r * 100) % 97
    }

    /// ISO 7064 MOD 11,10 (hybrid) check digit over decimal digits; nil for a non-digit.
    @inlinable
    package static func mod11_10CheckDigit<C: Collection<UInt8>>(_ digits: C) -> Int? {
        var p = 10
        for b in digits {
            guard b >= 48, b <= 57 else { return nil }
            var s = (p + Int(b - 48)) % 10
            if s == 0 { s = 10 }
            p = (2 * s) % 11
        }
        return (11 - p) % 10
    }

    /// `true` when the last digit is the MOD 11,10 check digit of the others.
    @inlinable
    package static func isValidMod11_10<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool {
        guard let last = digits.last, last >= 48, last <= 57, digits.count > 1 else { return false }
        return mod11_10CheckDigit(digits.dropLast()) == Int(last - 48)
    }
}
