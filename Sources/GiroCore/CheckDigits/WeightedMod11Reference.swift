/// The weighted mod-11 reference of the Dutch betalingskenmerk (Betaalvereniging "Specificaties
/// betalingskenmerk", formats-west §7.1). The identifier itself (`giro check nl-betalingskenmerk`) is the
/// Netherlands plug-in's; the SEPA plug-in and the OCR parsers infer it from text with these helpers.
///
/// Lengths 7 (no check), 9–14 (check digit C, length code L = digits after L mod 10, data) and 16 (C + 15
/// digits); 8 and 15 do not exist. C = 11 − (A mod 11) with 10 → 1 and 11 → 0, A = Σ digit × weight over
/// everything after C, weights 2, 4, 8, 5, 10, 9, 7, 3, 6, 1 from the right. Some libraries (elfproef) swap
/// the 10/11 rule; the official rule is followed here.
package enum WeightedMod11Reference {
    package static let weights = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1]

    /// Digits only (spaces ignored) with a betalingskenmerk length — 7, 9–14 or 16 — or nil: what counts as a
    /// betalingskenmerk where it is only inferred (EPC remittance of a Dutch account, OCR text).
    package static func shapeDigits(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
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

    /// The rule of ``validate(_:field:)`` on compact digits: nil for the 7-digit form (no check digit),
    /// otherwise whether length code and check digit hold.
    package static func check(digits d: [UInt8]) -> Bool? {
        let n = d.count
        if n == 7 { return nil }
        guard n >= 9, n <= 16, n != 15, d.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        if n <= 14, Int(d[1] - 48) != (n - 2) % 10 { return false }
        return Int(d[0] - 48) == checkDigit(d[1...])
    }

    /// C over the digits after it (length code included).
    package static func checkDigit(_ body: ArraySlice<UInt8>) -> Int {
        var sum = 0
        var k = 0
        var i = body.endIndex
        while i > body.startIndex {
            i -= 1
            sum += Int(body[i] &- 48) * weights[k % weights.count]
            k += 1
        }
        let c = 11 - sum % 11
        return c == 10 ? 1 : c == 11 ? 0 : c
    }

    /// Print form: the 16-digit form in groups of four, the others as written.
    package static func formatted(_ compact: String) -> String {
        let d = Array(compact.utf8)
        guard d.count == 16 else { return compact }
        return stride(from: 0, to: 16, by: 4).map { String(decoding: d[$0..<$0 + 4], as: UTF8.self) }.joined(separator: " ")
    }
}
