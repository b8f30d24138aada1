import GiroCore

/// SEPA creditor identifier (EPC262-08): country, 2 check digits, 3-character business code, national id.
/// The check digits are ISO 7064 MOD 97-10 over the national id, the country and the check digits —
/// the business code is left out, so a creditor can use several without new check digits.
enum SEPACreditorID {
    enum Outcome {
        case valid(String)
        /// Compact form kept; the message says what is wrong.
        case invalid(String, String)
    }

    /// Spaces removed and letters upper-cased, then checked.
    static func check(_ text: String) -> Outcome {
        var u: [UInt8] = []
        u.reserveCapacity(35)
        for b in text.utf8 where b != 0x20 { u.append(b >= 97 && b <= 122 ? b - 32 : b) }
        let compact = String(decoding: u, as: UTF8.self)
        let alphanumeric = u.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }
        guard alphanumeric, u.count >= 8, u.count <= 35,
              u[0] >= 65, u[0] <= 90, u[1] >= 65, u[1] <= 90,
              u[2] >= 48, u[2] <= 57, u[3] >= 48, u[3] <= 57 else {
            return .invalid(compact, "a creditor identifier is a country code, 2 check digits, a 3-character business code and the national id")
        }
        guard ISO7064.mod97(u[7...], then: u[0..<4]) == 1 else {
            return .invalid(compact, "the creditor identifier's check digits do not match (mod 97)")
        }
        return .valid(compact)
    }
}
