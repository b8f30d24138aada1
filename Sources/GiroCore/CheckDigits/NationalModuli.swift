/// Check-digit rules of the Croatian (FINA), Slovenian (ZBS) and Serbian (NBS) reference models.
/// All take ASCII digit bytes; they return `nil`/`false` for anything else instead of trapping.
/// Worked examples are in `formats-cee.md` §0.3 and §1.6 and pinned in `ReferenceModelTests`.
package enum NationalModuli {
    /// MOD11INI: weights 2, 3, 4 … from the rightmost data digit (unbounded); r = Σ mod 11;
    /// check = 0 when r ∈ {0, 1}, else 11 − r. `10230578901` → 6.
    package static func mod11INICheckDigit<C: BidirectionalCollection<UInt8>>(_ data: C) -> Int? {
        guard let sum = weightedSum(data, modulus: 11, weight: { $0 + 2 }) else { return nil }
        return sum <= 1 ? 0 : 11 - sum
    }

    /// MOD11 JMB/JMBG (HR12, HR41, HR42): the whole number including its check digit, weights 1, 2 … 7
    /// from the right, then 2 … 7 repeating; valid iff Σ ≡ 0 (mod 11); all-equal digits are invalid.
    package static func isValidMod11JMBG<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool {
        guard digits.count >= 2, let first = digits.first else { return false }
        var sum = 0
        var position = 0
        var allEqual = true
        for b in digits.reversed() {
            guard let d = digit(b) else { return false }
            if b != first { allEqual = false }
            let weight = position < 7 ? position + 1 : 2 + (position - 7) % 6
            sum = (sum + d * weight) % 11
            position += 1
        }
        return !allEqual && sum == 0
    }

    /// MOD11P7 (HR13, HR18): weights 2 … 7 cyclic from the rightmost data digit; r = Σ mod 11;
    /// check = 5 when r = 0, 0 when r = 1, else 11 − r. `345678901` → 2.
    package static func mod11P7CheckDigit<C: BidirectionalCollection<UInt8>>(_ data: C) -> Int? {
        guard let sum = weightedSum(data, modulus: 11, weight: cyclic2to7) else { return nil }
        switch sum {
        case 0: return 5
        case 1: return 0
        default: return 11 - sum
        }
    }

    /// MOD10ZB (HR14): weights 1, 2, 1, 2 … from the rightmost data digit, products added as numbers;
    /// check = Σ mod 10. `223344556` → 8.
    package static func mod10ZBCheckDigit<C: BidirectionalCollection<UInt8>>(_ data: C) -> Int? {
        weightedSum(data, modulus: 10, weight: { $0 % 2 + 1 })
    }

    /// Modulus 11 with weights 2 … 7 cyclic from the right (HR40 K2): r = Σ mod 11; r = 0 has no valid
    /// check digit (nil), r = 1 → 0, else 11 − r.
    package static func mod11Cyclic7CheckDigit<C: BidirectionalCollection<UInt8>>(_ data: C) -> Int? {
        guard let sum = weightedSum(data, modulus: 11, weight: cyclic2to7) else { return nil }
        switch sum {
        case 0: return nil
        case 1: return 0
        default: return 11 - sum
        }
    }

    /// Serbian model 22 [impl: Lotus015/nbs-ips-qr]: weights 1, 2, 3 … from the rightmost data digit;
    /// check = (11 − Σ mod 11) mod 10.
    package static func model22CheckDigit<C: BidirectionalCollection<UInt8>>(_ data: C) -> Int? {
        guard let sum = weightedSum(data, modulus: 11, weight: { $0 + 1 }) else { return nil }
        return (11 - sum) % 10
    }

    /// Σ digit · weight(position from the right, 0-based) mod `modulus`; nil when empty or not all digits.
    static func weightedSum<C: BidirectionalCollection<UInt8>>(_ data: C, modulus: Int, weight: (Int) -> Int) -> Int? {
        guard !data.isEmpty else { return nil }
        var sum = 0
        for (position, b) in data.reversed().enumerated() {
            guard let d = digit(b) else { return nil }
            sum = (sum + d * weight(position) % modulus) % modulus
        }
        return sum
    }

    static func cyclic2to7(_ position: Int) -> Int { 2 + position % 6 }

    @inline(__always) static func digit(_ b: UInt8) -> Int? {
        b >= 48 && b <= 57 ? Int(b - 48) : nil
    }
}
