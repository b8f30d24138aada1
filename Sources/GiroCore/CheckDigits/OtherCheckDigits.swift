/// Luhn (mod 10, weights 2-1 from the right).
package enum Luhn {
    /// Check digit for the payload digits (to be appended).
    @inlinable
    package static func checkDigit<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Int? {
        var sum = 0
        var double = true
        for b in digits.reversed() {
            guard b >= 48, b <= 57 else { return nil }
            var d = Int(b - 48)
            if double { d *= 2; if d > 9 { d -= 9 } }
            sum += d
            double.toggle()
        }
        return (10 - sum % 10) % 10
    }

    @inlinable
    package static func isValid<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool {
        guard let last = digits.last, last >= 48, last <= 57, digits.count > 1 else { return false }
        return checkDigit(digits.dropLast()) == Int(last - 48)
    }
}

/// Swiss "Modulo 10 rekursiv" (ESR / QR reference).
package enum Mod10Recursive {
    @usableFromInline static let table: [Int] = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]

    @inlinable
    package static func checkDigit<C: Collection<UInt8>>(_ digits: C) -> Int? {
        var carry = 0
        for b in digits {
            guard b >= 48, b <= 57 else { return nil }
            carry = table[(carry + Int(b - 48)) % 10]
        }
        return (10 - carry) % 10
    }

    @inlinable
    package static func isValid<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool {
        guard let last = digits.last, last >= 48, last <= 57, digits.count > 1 else { return false }
        return checkDigit(digits.dropLast()) == Int(last - 48)
    }
}

/// Weighted modulus 11 with configurable weights, as used by national account numbers and references.
package struct WeightedMod11: Sendable, Hashable {
    /// Weights applied from the left (or from the right when `fromRight`), repeating cyclically.
    package let weights: [Int]
    package let fromRight: Bool

    package init(weights: [Int], fromRight: Bool = false) {
        self.weights = weights
        self.fromRight = fromRight
    }

    /// Σ dᵢ·wᵢ mod 11 over decimal digits; nil for a non-digit or no weights.
    @inlinable
    package func remainder<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Int? {
        guard !weights.isEmpty else { return nil }
        var sum = 0
        var k = 0
        if fromRight {
            for b in digits.reversed() {
                guard b >= 48, b <= 57 else { return nil }
                sum += Int(b - 48) * weights[k % weights.count]
                k += 1
            }
        } else {
            for b in digits {
                guard b >= 48, b <= 57 else { return nil }
                sum += Int(b - 48) * weights[k % weights.count]
                k += 1
            }
        }
        return sum % 11
    }

    /// `true` when the weighted sum (check digit included) is divisible by 11.
    @inlinable
    package func isValid<C: BidirectionalCollection<UInt8>>(_ digits: C) -> Bool { remainder(digits) == 0 }
}
