import GiroCore

/// Calendar dates written `DD.MM.YYYY`.
enum UPNDate {
    static func iso(_ u: [UInt8]) -> String? {
        guard u.count == 10, u[2] == UInt8(ascii: "."), u[5] == UInt8(ascii: ".") else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard u[i] >= 48, u[i] <= 57 else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        // The shared month-length rule (a local table literal was allocated per call).
        guard let d = number(0..<2), let m = number(3..<5), let y = number(6..<10), y >= 1900, m >= 1, m <= 12, d >= 1,
              d <= CompactDate.daysIn(month: m, year: y) else { return nil }
        return String(decoding: [u[6], u[7], u[8], u[9], 0x2D, u[3], u[4], 0x2D, u[0], u[1]], as: UTF8.self)
    }

    /// `YYYY-MM-DD` → `DD.MM.YYYY` (encoder).
    static func upn(_ isoDate: String) -> String? {
        let u = Array(isoDate.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return nil }
        let out = String(decoding: u[8..<10], as: UTF8.self) + "." + String(decoding: u[5..<7], as: UTF8.self) + "."
            + String(decoding: u[0..<4], as: UTF8.self)
        return UPNDate.iso(Array(out.utf8)) == nil ? nil : out
    }
}
