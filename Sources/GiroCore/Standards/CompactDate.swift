/// Calendar dates written without separators (`YYYYMMDD`), as SPAYD, PAY by square and MNB QR carry them.
package enum CompactDate {
    /// `20210430` → `2021-04-30`; nil unless it is 8 ASCII digits naming a real Gregorian date.
    /// Inlinable: plug-ins call it with slices, and an unspecialized generic loop costs several thousand instructions.
    @inlinable
    package static func iso<C: Collection<UInt8>>(_ bytes: C) -> String? {
        guard bytes.count == 8 else { return nil }
        var out: [UInt8] = [0, 0, 0, 0, 45, 0, 0, 45, 0, 0]
        var v = 0, i = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            out[i < 4 ? i : i < 6 ? i + 1 : i + 2] = b
            v = v * 10 + Int(b - 48)
            i += 1
        }
        let year = v / 10000, month = v / 100 % 100, day = v % 100
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `2021-04-30` → `20210430` (for encoders); nil when `iso` is not `YYYY-MM-DD`.
    package static func compact(_ iso: String) -> String? {
        let u = Array(iso.utf8)
        guard u.count == 10, u[4] == 45, u[7] == 45 else { return nil }
        let digits = Array(u[0..<4] + u[5..<7] + u[8..<10])
        return Self.iso(digits) == nil ? nil : String(decoding: digits, as: UTF8.self)
    }
}
