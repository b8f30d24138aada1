import GiroCore

/// A slip's date zone (due date, execution date) read by GiroParsers' `DateParser`, as people print dates on forms:
/// `31.12.2026`, `31. 12. 2026`, `2026-12-31`, `31/12/2026` (day first unless the country writes month first),
/// `31.12.26`, and `31122026` in comb cells (uncertain: a bare run of digits may be another number).
///
/// Two-digit years follow `DateParser`'s window (POSIX `%y`): 00–68 → 2000–2068, 69–99 → 1969–1999. A text shaped
/// like a date whose day or month does not exist (`31.02.2026`, `32.01.2026`, `29.02.2025`) is refused with
/// `slip_date_invalid` (the text in the message), never turned into a neighbouring date.
package enum SlipDates {
    /// The outcome of a date zone in which `DateParser` found no date: `slip_date_invalid` when the text is shaped
    /// like an impossible date, nil otherwise (then the zone is unreadable, as any zone without a value).
    static func impossible(_ zone: SlipZone, raw: String) -> FieldOutcome? {
        guard let shape = impossibleShape(raw) else { return nil }
        var o = FieldOutcome()
        o.diagnostics.append(.warning(.slipDateInvalid, field: zone.field, uncertain: true,
                                      "zone \(zone.field): \"\(shape)\" is no calendar date"))
        return o
    }

    /// The date-shaped part of the text (`d.m.y`, `y-m-d`, `d/m/y`; one to two digit day and month, two or four
    /// digit year) when its numbers are no calendar date in either day/month order the separator allows; nil when
    /// the text holds no such shape or the shape is a date.
    package static func impossibleShape(_ s: String) -> String? {
        let u = Array(s.utf8.prefix(200))
        var i = 0
        while i < u.count {
            guard isDigit(u[i]), i == 0 || !isDigit(u[i - 1]) else { i += 1; continue }
            if let (end, y, m, d, swappable) = shape(u, at: i) {
                if !isDate(y, m, d) && !(swappable && isDate(y, d, m)) {
                    return String(decoding: u[i..<end], as: UTF8.self)
                }
                i = end
                continue
            }
            i += 1
        }
        return nil
    }

    /// Three digit groups joined by one separator (`.` may be followed by spaces) at `i`: end, year, month, day,
    /// and whether day and month may be the other way round (`/`, which some countries write month first).
    static func shape(_ u: [UInt8], at i: Int) -> (Int, Int, Int, Int, Bool)? {
        var groups: [(value: Int, count: Int)] = []
        var sep: UInt8?
        var j = i
        while groups.count < 3 {
            let start = j
            var v = 0
            while j < u.count, isDigit(u[j]), j - start < 4 { v = v * 10 + Int(u[j] - 48); j += 1 }
            let n = j - start
            guard n > 0, j == u.count || !isDigit(u[j]) else { return nil }
            groups.append((v, n))
            if groups.count == 3 { break }
            guard j < u.count, u[j] == 46 || u[j] == 47 || u[j] == 45 else { return nil }
            if let s = sep, s != u[j] { return nil }
            sep = u[j]
            j += 1
            if sep == 46 { while j < u.count, u[j] == 32 { j += 1 } }
        }
        let (a, b, c) = (groups[0], groups[1], groups[2])
        guard b.count <= 2 else { return nil }
        if a.count == 4, c.count <= 2 { return (j, a.value, b.value, c.value, false) }
        guard a.count <= 2, c.count == 2 || c.count == 4 else { return nil }
        let year = c.count == 4 ? c.value : (c.value >= 69 ? 1900 + c.value : 2000 + c.value)
        return (j, year, b.value, a.value, sep == 47)
    }

    static func isDate(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        (1...12).contains(m) && d >= 1 && d <= CompactDate.daysIn(month: m, year: y)
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
