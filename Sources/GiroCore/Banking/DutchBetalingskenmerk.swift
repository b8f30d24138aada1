/// Dutch betalingskenmerk (Betaalvereniging "Specificaties betalingskenmerk", formats-west §7.1).
///
/// Lengths 7 (no check), 9–14 (check digit C, length code L = digits after L mod 10, data) and 16 (C + 15
/// digits); 8 and 15 do not exist. C = 11 − (A mod 11) with 10 → 1 and 11 → 0, A = Σ digit × weight over
/// everything after C, weights 2, 4, 8, 5, 10, 9, 7, 3, 6, 1 from the right. Some libraries (elfproef) swap
/// the 10/11 rule; the official rule is followed here.
package enum DutchBetalingskenmerk {
    /// What a valid betalingskenmerk carries.
    package struct Checked: Sendable, Hashable {
        package var compact: String
        /// `false` for the 7-digit form, which has no check digit.
        package var hasCheckDigit: Bool
        /// The length code (9–14-digit forms only).
        package var lengthCode: Int?
    }

    static let weights = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1]

    /// Validates; spaces (print groups of four) are ignored.
    package static func validate(_ bytes: ArraySlice<UInt8>, field: String = "reference") throws(GiroError) -> Checked {
        var d: [UInt8] = []
        d.reserveCapacity(16)
        for (i, b) in zip(bytes.indices, bytes) where b != 0x20 {
            guard b >= 48, b <= 57 else {
                throw GiroError(.referenceInvalid, field: field, offset: i - bytes.startIndex, "a betalingskenmerk holds digits only")
            }
            guard d.count < 16 else {
                throw GiroError(.referenceInvalid, field: field, "a betalingskenmerk has at most 16 digits")
            }
            d.append(b)
        }
        let n = d.count
        let compact = String(decoding: d, as: UTF8.self)
        switch n {
        case 7: return Checked(compact: compact, hasCheckDigit: false, lengthCode: nil)
        case 9...14, 16: break
        default:
            throw GiroError(.referenceInvalid, field: field, "a betalingskenmerk has 7, 9–14 or 16 digits, found \(n)")
        }
        var lengthCode: Int?
        if n <= 14 {
            let written = Int(d[1] - 48)
            guard written == (n - 2) % 10 else {
                throw GiroError(.referenceInvalid, field: field, offset: 1,
                                "length code \(written) does not match the \(n - 2) digits after it")
            }
            lengthCode = written
        }
        let expected = checkDigit(d[1...])
        guard Int(d[0] - 48) == expected else {
            throw GiroError(.referenceInvalidChecksum, field: field, offset: 0,
                            "check digit \(d[0] - 48) does not match: weighted mod 11 gives \(expected)")
        }
        return Checked(compact: compact, hasCheckDigit: true, lengthCode: lengthCode)
    }

    package static func validate(_ bytes: [UInt8], field: String = "reference") throws(GiroError) -> Checked {
        try validate(bytes[...], field: field)
    }

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
