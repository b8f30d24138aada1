/// A 12-digit reference whose last two digits are the first ten mod 97 (remainder 0 → 97), printed in a frame
/// `+++ddd/dddd/ddddd+++` or `***ddd/dddd/ddddd***`: the algorithm of the Belgian structured communication
/// (OGM/VCS, formats-west §6.1). The identifier itself (`giro check be-ogm`) is the Belgium plug-in's; the SEPA
/// plug-in and the OCR parsers infer it from text with these helpers, and no plug-in imports another.
package enum Mod97Reference {
    /// The 12 digits of an exact frame — `+++ddd/dddd/ddddd+++`, `***ddd/dddd/ddddd***` or 12 bare digits
    /// (spaces ignored) — or nil: what counts as an OGM where it is only inferred (EPC remittance, OCR text).
    package static func framedDigits(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
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

    /// Whether 12 digits pass the same checks as ``validate(_:field:)`` (not all zero, check digits right).
    package static func hasValidCheck(digits d: [UInt8]) -> Bool {
        guard d.count == 12, d.allSatisfy(isDigit), d[0..<10].contains(where: { $0 != 48 }) else { return false }
        return Int(d[10] - 48) * 10 + Int(d[11] - 48) == checkDigits(d[0..<10])
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// The check of ten digits: their value mod 97, with 97 for remainder 0 ("00" is never a check).
    package static func checkDigits(_ tenDigits: ArraySlice<UInt8>) -> Int {
        var r = 0
        for b in tenDigits { r = (r * 10 + Int(b &- 48)) % 97 }
        return r == 0 ? 97 : r
    }

    /// Print form `+++ddd/dddd/ddddd+++` of 12 compact digits.
    package static func formatted(_ compact: String) -> String {
        let d = Array(compact.utf8)
        guard d.count == 12 else { return compact }
        return "+++" + String(decoding: d[0..<3], as: UTF8.self) + "/" + String(decoding: d[3..<7], as: UTF8.self)
            + "/" + String(decoding: d[7..<12], as: UTF8.self) + "+++"
    }
}
