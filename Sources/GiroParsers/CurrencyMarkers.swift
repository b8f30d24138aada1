import GiroCore

/// Currency codes, symbols and written-out names as printed next to amounts, mapped to ISO 4217.
enum CurrencyMarkers {
    /// Marker text (compared case-insensitively for ASCII) → ISO code.
    static let table: [(String, String)] = [
        ("€", "EUR"), ("euro", "EUR"), ("eura", "EUR"), ("eur.", "EUR"), ("evra", "EUR"), ("evrov", "EUR"), ("eurá", "EUR"),
        ("£", "GBP"), ("$", "USD"), ("pound", "GBP"), ("pounds", "GBP"),
        ("A$", "AUD"), ("AU$", "AUD"),
        ("Fr.", "CHF"), ("Fr", "CHF"), ("SFr.", "CHF"), ("sFr.", "CHF"), ("Franken", "CHF"), ("francs", "CHF"), ("franchi", "CHF"),
        ("Kč", "CZK"), ("Kc", "CZK"), ("korun", "CZK"), ("koruna", "CZK"), ("koruny", "CZK"),
        ("Ft", "HUF"), ("Ft.", "HUF"), ("forint", "HUF"),
        ("din.", "RSD"), ("din", "RSD"), ("dinara", "RSD"), ("дин.", "RSD"), ("дин", "RSD"), ("динара", "RSD"),
        ("kn", "HRK"), ("kuna", "HRK"), ("kune", "HRK"),
        ("zł", "PLN"), ("zl", "PLN"), ("złotych", "PLN"),
        ("KM", "BAM"), ("ден", "MKD"), ("ден.", "MKD"), ("denara", "MKD"), ("Lek", "ALL"), ("lekë", "ALL"), ("leke", "ALL"),
        ("lei", "RON"), ("лв", "BGN"), ("лв.", "BGN"),
        ("денари", "MKD"), ("денар", "MKD"),
        ("kr", krona), ("kr.", krona), ("kronor", "SEK"), ("krona", "SEK"),
    ]

    /// Currencies a bare `$` stands for in their country's context.
    static let dollars: Set<String> = ["AUD"]

    /// `kr`: the krona/krone of SE, NO, DK and IS alike, resolved by ``resolved(_:context:)``.
    static let krona = "kr"

    /// A marker's code in `context`: `kr` is the context's krona/krone, else SEK; every other code is itself.
    static func resolved(_ code: String, context: ParseContext) -> String {
        guard code == krona else { return code }
        if let c = context.impliedCurrency, ["SEK", "NOK", "DKK", "ISK"].contains(c) { return c }
        return "SEK"
    }

    /// Longest marker first, as bytes. Short ASCII markers (`Ft`, `kn`, `KM`, `Fr`) must match case exactly
    /// (`km` is a distance); longer ones are compared case-insensitively.
    static let entries: [(bytes: [UInt8], code: String, exact: Bool)] = table
        .map { m -> ([UInt8], String, Bool) in
            let u = Array(m.0.utf8)
            let exact = u.count <= 3 && u.allSatisfy { $0 < 0x80 }
            return (exact ? u : u.map(ByteText.lower), m.1, exact)
        }
        .sorted { $0.0.count > $1.0.count }

    /// Entry indices by the byte a marker starts with / ends with (both cases for case-insensitive ones).
    static let byFirst: [[Int]] = index { $0.first }
    static let byLast: [[Int]] = index { $0.last }

    static func index(_ key: ([UInt8]) -> UInt8?) -> [[Int]] {
        var t = [[Int]](repeating: [], count: 256)
        for (i, e) in entries.enumerated() {
            guard let b = key(e.bytes) else { continue }
            t[Int(b)].append(i)
            if !e.exact, ByteText.isLower(b) { t[Int(b - 32)].append(i) }
        }
        return t
    }

    @inline(__always) static func same(_ a: UInt8, _ b: UInt8, exact: Bool) -> Bool { exact ? a == b : ByteText.lower(a) == b }

    /// A marker starting at `i`, followed by a word end; returns the code and the end.
    static func marker(after t: [UInt8], at i: Int) -> (code: String, end: Int)? {
        guard i < t.count else { return nil }
        // Generic ISO code: three upper-case letters.
        if i + 3 <= t.count, ByteText.isUpper(t[i]), ByteText.isUpper(t[i + 1]), ByteText.isUpper(t[i + 2]),
           !(i + 3 < t.count && (ByteText.isLetter(t[i + 3]) || t[i + 3] >= 0x80)),
           minorUnits(t[i], t[i + 1], t[i + 2]) != nil {
            return (ByteText.string(t, i..<(i + 3)), i + 3)
        }
        let entries = Self.entries
        for x in byFirst[Int(t[i])] {
            let bytes = entries[x].bytes, exact = entries[x].exact
            guard i + bytes.count <= t.count, matches(t, from: i, bytes, exact: exact) else { continue }
            let end = i + bytes.count
            if end < t.count, (ByteText.isLetter(t[end]) || (t[end] >= 0x80 && bytes.last.map { $0 < 0x80 } == true)) { continue }
            return (entries[x].code, end)
        }
        return nil
    }

    /// A marker ending at `end` (exclusive), preceded by a word start; returns the code and the start.
    static func marker(before t: [UInt8], endingAt end: Int) -> (code: String, start: Int)? {
        guard end > 0, end <= t.count else { return nil }
        if end >= 3, ByteText.isUpper(t[end - 1]), ByteText.isUpper(t[end - 2]), ByteText.isUpper(t[end - 3]),
           ByteText.wordStart(t, end - 3), minorUnits(t[end - 3], t[end - 2], t[end - 1]) != nil {
            return (ByteText.string(t, (end - 3)..<end), end - 3)
        }
        let entries = Self.entries
        for x in byLast[Int(t[end - 1])] {
            let bytes = entries[x].bytes
            guard bytes.count <= end else { continue }
            let s = end - bytes.count
            guard matches(t, from: s, bytes, exact: entries[x].exact),
                  s == 0 || !(ByteText.isLetter(t[s - 1]) || (t[s - 1] >= 0x80 && bytes[0] < 0x80)) else { continue }
            return (entries[x].code, s)
        }
        return nil
    }

    /// `marker` written at `start` of `t` (which holds all of it), compared as `same` does.
    @inline(__always) static func matches(_ t: [UInt8], from start: Int, _ marker: [UInt8], exact: Bool) -> Bool {
        for k in marker.indices where !same(t[start + k], marker[k], exact: exact) { return false }
        return true
    }
}
