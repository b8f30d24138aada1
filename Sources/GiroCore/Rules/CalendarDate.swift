import Foundation

/// A Gregorian calendar day without time or zone (`2026-11-14`): the date a payload is judged on and the dates
/// rules come into force. Written and read as `YYYY-MM-DD` only.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless the three numbers name a real day (years 1–9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CompactDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Exactly `YYYY-MM-DD` (ASCII digits, a real day); anything else is nil.
    public init?(iso text: String) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return nil }
        var fields = [0, 0, 0]
        for (i, c) in b.enumerated() where i != 4 && i != 7 {
            guard c >= 0x30, c <= 0x39 else { return nil }
            let f = i < 4 ? 0 : i < 7 ? 1 : 2
            fields[f] = fields[f] * 10 + Int(c - 0x30)
        }
        self.init(year: fields[0], month: fields[1], day: fields[2])
    }

    /// The UTC calendar day of `instant` (default: now).
    public static func utc(_ instant: Date = Date()) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return CalendarDate(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1) ?? CalendarDate.epoch
    }

    static let epoch = CalendarDate(uncheckedYear: 1970, month: 1, day: 1)

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The same day `months` later, clamped to the month's last day (2026-01-31 + 1 month = 2026-02-28).
    public func adding(months: Int) -> CalendarDate {
        let total = year * 12 + (month - 1) + months
        let y = min(max(total / 12, 1), 9999), m = total % 12 + 1
        return CalendarDate(uncheckedYear: y, month: m, day: min(day, CompactDate.daysIn(month: m, year: y)))
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not YYYY-MM-DD: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
