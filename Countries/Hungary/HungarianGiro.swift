import GiroCore

/// Hungarian GIRO account numbers: `8-8` or `8-8-8` digits (formats-cee §6.4).
///
/// The first 8 digits (bank, branch, check) and the rest (8 or 16 digits, check last) each satisfy
/// Σ digit·weight ≡ 0 (mod 10) with weights 9, 7, 3, 1 repeating from the left.
package struct HungarianGiro: Sendable, Hashable, Codable {
    /// 16 or 24 digits, no separators.
    package var digits: String

    /// Parses `11773016-11111018`, `11773016-11111018-00000000` or the digits alone (16 or 24);
    /// nil when the syntax or a check fails.
    package init?(_ text: String) {
        var d: [UInt8] = []
        var groups = 0, run = 0
        for b in text.utf8 {
            if b == 45 || b == 32 {
                guard run == 8 else { return nil }
                groups += 1
                run = 0
                continue
            }
            guard b >= 48, b <= 57, d.count < 24 else { return nil }
            d.append(b)
            run += 1
        }
        guard d.count == 16 || d.count == 24, groups == 0 || run == 8 else { return nil }
        guard Self.isValidGroup(d[0..<8]), Self.isValidGroup(d[8...]) else { return nil }
        digits = String(decoding: d, as: UTF8.self)
    }

    /// From a compact `HU` IBAN (28 digits-only characters, mod 97 and 9-7-3-1 checks hold): the 16 digits when the last 8 are zeros, else 24.
    package init?(iban: String) {
        let u = Array(iban.utf8)
        guard u.count == 28, u[0] == 72, u[1] == 85, u[2...].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              ISO7064.mod97(u[4...], then: u[0..<4]) == 1 else { return nil }
        let bban = u[4...]
        guard Self.isValidGroup(bban.prefix(8)), Self.isValidGroup(bban.dropFirst(8)) else { return nil }
        let short = bban.suffix(8).allSatisfy { $0 == 48 }
        digits = String(decoding: short ? bban.prefix(16) : bban, as: UTF8.self)
    }

    /// `11773016-11111018` or `11773016-11111018-00000001`.
    package var formatted: String {
        // One buffer instead of a String per group and a join.
        var out: [UInt8] = []
        out.reserveCapacity(digits.utf8.count + 2)
        for (i, b) in digits.utf8.enumerated() {
            if i > 0, i % 8 == 0 { out.append(45) }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `HU` + check digits + the digits right-padded with zeros to 24.
    package var iban: String {
        let bban = Array(digits.utf8) + [UInt8](repeating: 48, count: 24 - digits.utf8.count)
        let check = ISO7064.mod97CheckDigits(bban + Array("HU".utf8)) ?? 0
        return "HU" + (check < 10 ? "0" : "") + String(check) + String(decoding: bban, as: UTF8.self)
    }

    /// Σ digit·weight ≡ 0 (mod 10), weights 9, 7, 3, 1 repeating from the left.
    static func isValidGroup<C: Collection<UInt8>>(_ group: C) -> Bool {
        WeightedModulus.holds(group, weights: WeightedModulus.nineSevenThreeOne, modulus: 10)
    }
}
