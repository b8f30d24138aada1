/// Reed–Solomon error correction over GF(256) with QR's field polynomial x⁸+x⁴+x³+x²+1 (0x11D) and generator
/// roots α⁰…α^(n−1) (ISO/IEC 18004): Berlekamp–Massey for the error locator, Chien search, Forney for the values.
/// Used by Giro's own QR Model 1 decoder; zxing corrects the symbols it decodes itself.
package enum ReedSolomonGF256 {
    static let tables = fieldTables(polynomial: 0x11D)

    /// Exponent and logarithm tables of GF(256) built on `polynomial` (α = 2); `exp` runs to 511 so a sum of two
    /// logarithms needs no reduction.
    static func fieldTables(polynomial: Int) -> (exp: [UInt8], log: [Int]) {
        var exp = [UInt8](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var v = 1
        for i in 0..<255 {
            exp[i] = UInt8(v)
            log[v] = i
            v <<= 1
            if v & 0x100 != 0 { v ^= polynomial }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        return (exp, log)
    }

    package static func mul(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return tables.exp[tables.log[Int(a)] + tables.log[Int(b)]]
    }

    static func inverse(_ a: UInt8) -> UInt8 {
        a == 0 ? 0 : tables.exp[255 - tables.log[Int(a)]]
    }

    /// αⁱ for any integer i.
    package static func power(_ i: Int) -> UInt8 { tables.exp[((i % 255) + 255) % 255] }

    /// The block (data then `ecCount` check codewords, highest degree first) with errors corrected, or nil when
    /// there are more errors than `maxErrors` (at most what the code corrects, `ecCount / 2`) or the block is
    /// longer than a GF(256) code can be.
    package static func corrected(_ block: [UInt8], ecCount: Int, maxErrors: Int = .max) -> [UInt8]? {
        let n = block.count
        guard ecCount > 0, ecCount < n, n <= 255 else { return nil }
        let syndromes = self.syndromes(block, ecCount: ecCount)
        if syndromes.allSatisfy({ $0 == 0 }) { return block }
        // Berlekamp–Massey: the shortest error locator Λ(x) generating the syndromes.
        var locator: [UInt8] = [1], previous: [UInt8] = [1]
        var length = 0, shift = 1
        var lastDiscrepancy: UInt8 = 1
        for r in 0..<ecCount {
            var d = syndromes[r]
            for i in 1..<max(1, min(length + 1, locator.count)) where r - i >= 0 { d ^= mul(locator[i], syndromes[r - i]) }
            if d == 0 { shift += 1; continue }
            let saved = locator
            let coefficient = mul(d, inverse(lastDiscrepancy))
            if locator.count < previous.count + shift { locator += [UInt8](repeating: 0, count: previous.count + shift - locator.count) }
            for (i, p) in previous.enumerated() { locator[i + shift] ^= mul(coefficient, p) }
            if 2 * length <= r {
                length = r + 1 - length
                previous = saved
                lastDiscrepancy = d
                shift = 1
            } else {
                shift += 1
            }
        }
        guard length > 0, 2 * length <= ecCount, length <= maxErrors else { return nil }
        // Chien search: position p (the coefficient of xᵖ) is wrong when Λ(α⁻ᵖ) = 0.
        var positions: [Int] = []
        for p in 0..<n {
            let x = power(-p)
            var v: UInt8 = 0
            for c in locator.reversed() { v = mul(v, x) ^ c }
            if v == 0 { positions.append(p) }
        }
        guard positions.count == length else { return nil }
        // Forney: e = Xₚ · Ω(Xₚ⁻¹) / Λ'(Xₚ⁻¹), with Ω = S·Λ mod x^ecCount (first root α⁰).
        var omega = [UInt8](repeating: 0, count: ecCount)
        for i in 0..<ecCount {
            for (j, c) in locator.enumerated() where i + j < ecCount { omega[i + j] ^= mul(syndromes[i], c) }
        }
        var out = block
        for p in positions {
            let x = power(p), xInverse = power(-p)
            var numerator: UInt8 = 0
            for c in omega.reversed() { numerator = mul(numerator, xInverse) ^ c }
            var denominator: UInt8 = 0
            var k = 1
            while k < locator.count {
                denominator ^= mul(locator[k], power(-p * (k - 1)))
                k += 2
            }
            guard denominator != 0 else { return nil }
            out[n - 1 - p] ^= mul(x, mul(numerator, inverse(denominator)))
        }
        return self.syndromes(out, ecCount: ecCount).allSatisfy { $0 == 0 } ? out : nil
    }

    /// The block evaluated at α^firstRoot … α^(firstRoot+ecCount−1) over the field of `field` (QR's by default;
    /// DataMatrix's generator starts at α¹ over 0x12D): all zero for a valid codeword.
    package static func syndromes(_ block: [UInt8], ecCount: Int, firstRoot: Int = 0,
                                  field: (exp: [UInt8], log: [Int]) = tables) -> [UInt8] {
        (0..<ecCount).map { k in
            let x = field.exp[((firstRoot + k) % 255 + 255) % 255]
            var acc: UInt8 = 0
            for c in block {
                acc = (acc == 0 ? 0 : field.exp[field.log[Int(acc)] + field.log[Int(x)]]) ^ c
            }
            return acc
        }
    }
}
