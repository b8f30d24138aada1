/// Position-weighted mod 10: the check digit is Σ dᵢ·i mod 10 over the payload, i counted from 1 at the left.
/// BPAY names it MOD10V05 (Countries/Australia/README.md has the sources and worked examples).
package enum PositionWeightedMod10 {
    /// Check digit for the payload digits (to be appended); nil for a non-digit.
    @inlinable
    package static func checkDigit<C: Collection<UInt8>>(_ digits: C) -> Int? {
        var sum = 0
        var position = 1
        for b in digits {
            guard b >= 48, b <= 57 else { return nil }
            // Kept mod 10 as it goes: no overflow on any length.
            sum = (sum + Int(b - 48) * (position % 10)) % 10
            position += 1
        }
        return sum
    }

    @inlinable
    package static func isValid<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool {
        guard let last = digits.last, last >= 48, last <= 57, digits.count > 1 else { return false }
        return checkDigit(digits.dropLast()) == Int(last - 48)
    }
}
