import Foundation

/// The validity field `YYYYMMDDhhmmss±h` (formats-cee §6.3) as ISO 8601 text and as an instant.
enum MNBValidity {
    /// `2020-12-31T23:59:59+02:00`, assembled as bytes (string interpolation costs more than the rest of the field).
    /// `b` is the checked field (`20201231235959+2`, at least 16 bytes); `offset` its hours (0–14).
    static func isoTime(_ b: [UInt8], offset: Int) -> String {
        let out: [UInt8] = [b[0], b[1], b[2], b[3], 0x2D, b[4], b[5], 0x2D, b[6], b[7],
                            0x54, b[8], b[9], 0x3A, b[10], b[11], 0x3A, b[12], b[13],
                            b[14], UInt8(48 + offset / 10), UInt8(48 + offset % 10), 0x3A, 0x30, 0x30]
        return String(decoding: out, as: UTF8.self)
    }

    /// Seconds since 1970 of the validity time (proleptic Gregorian, days from civil).
    static func instant(_ b: [UInt8], hour: Int, minute: Int, second: Int, offsetSeconds: Int) -> Date? {
        func n(_ i: Int) -> Int { Int(b[i]) - 48 }
        var y = n(0) * 1000 + n(1) * 100 + n(2) * 10 + n(3)
        let m = n(4) * 10 + n(5), d = n(6) * 10 + n(7)
        y -= m <= 2 ? 1 : 0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds))
    }
}
