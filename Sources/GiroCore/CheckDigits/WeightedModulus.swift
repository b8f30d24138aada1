/// Weighted-sum checks: Σ digit·weight ≡ 0 (mod m), weights repeating from the left. Shared by plug-ins and the
/// IBAN registry's national BBAN checks.
package enum WeightedModulus {
    /// 9, 7, 3, 1: the GIRO account groups of the IBAN registry's HU national check.
    package static let nineSevenThreeOne = [9, 7, 3, 1]

    /// Whether every byte is a digit and Σ digit·weights[i mod n] ≡ 0 (mod `modulus`).
    package static func holds<C: Collection<UInt8>>(_ digits: C, weights: [Int], modulus: Int) -> Bool {
        guard !weights.isEmpty, modulus > 0 else { return false }
        var sum = 0
        for (i, b) in digits.enumerated() {
            guard b >= 48, b <= 57 else { return false }
            sum += Int(b - 48) * weights[i % weights.count]
        }
        return sum % modulus == 0
    }
}
