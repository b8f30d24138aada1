import GiroCore

/// Finds calendar dates: `31.01.2025`, `31. 1. 2025.`, `2025-01-31`, `2025.01.31.`, `31/01/2025`
/// (`01/31/2025` only with `dateOrder: .mdy`), 2-digit years, compact `31012025`/`20250131`/`310125`,
/// and month names of every Giro language (`31. siječnja 2025`, `2. ledna 2025`, `January 31, 2025`,
/// `2025. január 31.`, `31 јануар 2025`). Dates that do not exist (`31.02.`) are never reported.
///
/// Two-digit years pivot like POSIX `strptime %y`: 69–99 → 1969–1999, 00–68 → 2000–2068.
public struct DateParser: FieldParser {
    public var kind: ParserKind { .date }
    /// Report bare 6/8-digit runs that form a valid date (low confidence; they are often other numbers).
    public var compactDates: Bool
    let months: MonthNames

    public init(compactDates: Bool = true) {
        self.compactDates = compactDates
        months = MonthNames.shared
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        out.reserveCapacity(min(t.count / 64, 1 << 18))  // growing an array of large candidates costs more than this
        var i = 0
        let n = t.count
        while i < n {
            let b = t[i]
            if ByteText.isDigit(b) || (Self.dateLookalike(b) != nil && i + 1 < n && ByteText.isDigit(t[i + 1])) {
                guard ByteText.wordStart(t, i) else { i = ByteText.nextWordCandidate(t, after: i); continue }
                if let end = numericOrNamed(t, at: i, context: context, into: &out) {
                    i = end
                    continue
                }
                // Skip the rest of this digit run.
                var j = i + 1
                while j < n, ByteText.isDigit(t[j]) { j += 1 }
                i = j
                continue
            }
            if (ByteText.isLetter(b) || b >= 0xC0) && (i == 0 || !(ByteText.isAlnum(t[i - 1]) || t[i - 1] >= 0x80)) {
                var j = i
                while j < n, ByteText.isLetter(t[j]) || t[j] >= 0x80 { j += 1 }
                if j - i >= 3, let end = monthFirst(t, word: i..<j, context: context, into: &out) {
                    i = end
                    continue
                }
                i = max(j, i + 1)
                continue
            }
            i = ByteText.nextWordCandidate(t, after: i)
        }
        return out
    }

    static func dateLookalike(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "O"), UInt8(ascii: "o"): return UInt8(ascii: "0")
        case UInt8(ascii: "l"), UInt8(ascii: "I"), UInt8(ascii: "|"): return UInt8(ascii: "1")
        case UInt8(ascii: "S"): return UInt8(ascii: "5")
        case UInt8(ascii: "B"): return UInt8(ascii: "8")
        case UInt8(ascii: "Z"): return UInt8(ascii: "2")
        default: return nil
        }
    }

    /// A group of digits (and look-alikes, which need a real digit in the same group), without allocating.
    func group(_ t: [UInt8], at i: Int, needsDigit: Bool = true) -> (DigitRun, Int)? {
        let run = DigitRun.read(t, at: i, max: 9, lookalike: Self.dateLookalike)
        let j = run.end
        // An all-look-alike month (`Ol`) must be followed by the date separator; the calendar then confirms it.
        guard run.count > run.lookalikes || (!needsDigit && run.count > 0 && run.count <= 2 && j < t.count
                           && (t[j] == UInt8(ascii: ".") || t[j] == UInt8(ascii: "/") || t[j] == UInt8(ascii: "-"))) else { return nil }
        return (run, j)
    }

    @inline(__always) static func value(_ r: DigitRun) -> Int { Int(r.value) }

    // The matchers append their candidate to `out` and return where it ends: returning the large candidate in
    // an optional costs a copy of it on every miss, and most positions miss.
    func numericOrNamed(_ t: [UInt8], at start: Int, context: ParseContext, into out: inout [ParseCandidate]) -> Int? {
        guard let (g1, e1) = group(t, at: start), g1.count <= 8 else { return nil }
        // Compact dates: exactly 6 or 8 real digits standing alone.
        if g1.lookalikes == 0, g1.count == 6 || g1.count == 8 {
            guard compactDates, ByteText.wordEnd(t, e1), !Self.continuesNumber(t, e1) else { return nil }
            return compact(g1, t, start: start, end: e1, into: &out)
        }
        guard g1.count <= 4 else { return nil }
        // Separator after the first group.
        var j = e1
        guard j < t.count else { return nil }
        let sep = t[j]
        if sep == UInt8(ascii: ".") || sep == UInt8(ascii: "/") || sep == UInt8(ascii: "-") { j += 1 }
        else if ByteText.spaceLength(t, j) > 0 { return named(t, day: g1, start: start, after: j, context: context, into: &out) }
        else { return nil }
        let afterSep1 = j
        if sep == UInt8(ascii: ".") { j += ByteText.spaceLength(t, j) }
        guard let (g2, e2) = group(t, at: j, needsDigit: false) else {
            // `31. siječnja 2025`, `2025. január 31.`
            return sep == UInt8(ascii: ".") || sep == UInt8(ascii: "-") ? named(t, day: g1, start: start, after: afterSep1, context: context, into: &out) : nil
        }
        guard g2.count <= 2, e2 < t.count, t[e2] == sep else { return nil }
        j = e2 + 1
        if sep == UInt8(ascii: ".") { j += ByteText.spaceLength(t, j) }
        guard let (g3, e3) = group(t, at: j), g3.count == 2 || g3.count == 4 || (g1.count == 4 && g3.count <= 2) else { return nil }
        var end = e3
        guard ByteText.wordEnd(t, end), !(end + 1 < t.count && (t[end] == sep) && ByteText.isDigit(t[end + 1])) else { return nil }
        if end < t.count, t[end] == UInt8(ascii: "."), !(end + 1 < t.count && ByteText.isDigit(t[end + 1])) { end += 1 }

        var y: Int, m: Int, d: Int
        var order: String
        if g1.count == 4 {
            guard g3.count <= 2 else { return nil }
            (y, m, d, order) = (Self.value(g1), Self.value(g2), Self.value(g3), "ymd")
        } else {
            guard g1.count <= 2 else { return nil }
            let year = g3.count == 2 ? Self.pivot(Self.value(g3)) : Self.value(g3)
            if context.dateOrder == .mdy {
                (y, m, d, order) = (year, Self.value(g1), Self.value(g2), "mdy")
            } else {
                (y, m, d, order) = (year, Self.value(g2), Self.value(g1), "dmy")
            }
        }
        guard Self.isValidDate(y, m, d) else { return nil }
        let corrections = g1.corrections(t, lookalike: Self.dateLookalike) + g2.corrections(t, lookalike: Self.dateLookalike) + g3.corrections(t, lookalike: Self.dateLookalike)
        var conf = 0.92 - 0.1 * Double(corrections.count)
        var notes: [String] = []
        if g3.count == 2 && g1.count != 4 { conf -= 0.1; notes.append("two_digit_year") }
        // `01/02/2025` is D/M unless told otherwise; say so when both orders would be dates.
        var alternatives: [String] = []
        if sep == UInt8(ascii: "/"), order == "dmy", context.impliedDateOrder == nil, m != d, Self.isValidDate(y, d, m) {
            conf -= 0.2
            notes.append("ambiguous_order")
            alternatives.append(Self.iso(y, d, m))
        }
        out.append(make(t, start: start, end: end, y: y, m: m, d: d, confidence: conf, corrections: corrections,
                        status: alternatives.isEmpty ? .valid : .uncertain, alternatives: alternatives, notes: notes))
        return end
    }

    /// Shared, so a compact date's note costs no allocation.
    static let compactNotes = ["compact"]

    /// The digit values of a compact date's run, read from the text.
    struct CompactDigits {
        let t: [UInt8]
        let start: Int
        subscript(k: Int) -> Int { Int(t[start + k] &- 48) }
    }

    static func continuesNumber(_ t: [UInt8], _ i: Int) -> Bool {
        guard i + 1 < t.count else { return false }
        let b = t[i]
        return (b == 46 || b == 44 || b == 45 || b == 47) && ByteText.isDigit(t[i + 1])
    }

    func compact(_ g: DigitRun, _ t: [UInt8], start: Int, end: Int, into out: inout [ParseCandidate]) -> Int? {
        if start > 0, [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "/")].contains(t[start - 1]) { return nil }
        // Digits read in place: most 6/8-digit runs are no date, so no array per run.
        let v = CompactDigits(t: t, start: g.start)
        var y = 0, m = 0, d = 0
        if g.count == 8 {
            let yFirst = v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3]
            if (1900...2099).contains(yFirst), Self.isValidDate(yFirst, v[4] * 10 + v[5], v[6] * 10 + v[7]) {
                (y, m, d) = (yFirst, v[4] * 10 + v[5], v[6] * 10 + v[7])
            } else {
                (y, m, d) = (v[4] * 1000 + v[5] * 100 + v[6] * 10 + v[7], v[2] * 10 + v[3], v[0] * 10 + v[1])
                guard (1900...2099).contains(y) else { return nil }
            }
        } else {
            (y, m, d) = (Self.pivot(v[4] * 10 + v[5]), v[2] * 10 + v[3], v[0] * 10 + v[1])
        }
        guard Self.isValidDate(y, m, d) else { return nil }
        out.append(make(t, start: start, end: end, y: y, m: m, d: d, confidence: 0.4, corrections: [], status: .uncertain,
                        notes: Self.compactNotes))
        return end
    }

    /// `31. siječnja 2025`, `31 Jan 2025`, `31-Jan-25`, `2025. január 31.`: the month word after a number.
    func named(_ t: [UInt8], day g1: DigitRun, start: Int, after: Int, context: ParseContext,
               into out: inout [ParseCandidate]) -> Int? {
        var j = after
        j += ByteText.spaceLength(t, j)
        let ws = j
        while j < t.count, ByteText.isLetter(t[j]) || t[j] >= 0x80 { j += 1 }
        guard j - ws >= 3 else { return nil }
        var k = j
        if k < t.count, t[k] == UInt8(ascii: ".") { k += 1 }
        let dashed = k < t.count && t[k] == UInt8(ascii: "-")
        if dashed { k += 1 } else if k < t.count, t[k] == UInt8(ascii: ",") { k += 1 }
        k += ByteText.spaceLength(t, k)
        guard let (g3, e3) = group(t, at: k), ByteText.wordEnd(t, e3) else { return nil }
        var end = e3
        var y: Int, d: Int
        let hungarian = g1.count == 4
        if hungarian {
            guard g3.count <= 2 else { return nil }
            (y, d) = (Self.value(g1), Self.value(g3))
        } else {
            guard g1.count <= 2, g3.count == 4 || g3.count == 2 else { return nil }
            (y, d) = (g3.count == 2 ? Self.pivot(Self.value(g3)) : Self.value(g3), Self.value(g1))
        }
        if end < t.count, t[end] == UInt8(ascii: "."), !(end + 1 < t.count && ByteText.isDigit(t[end + 1])) { end += 1 }
        // The word is looked up only now: most words after a number are followed by no year.
        guard let (month, language, ambiguous) = resolve(t[ws..<j], context: context),
              Self.isValidDate(y, month.first ?? 0, d) else { return nil }
        out.append(namedCandidate(t, start: start, end: end, y: y, months: month, d: d, language: language,
                                  ambiguous: ambiguous, corrections: g1.corrections(t, lookalike: Self.dateLookalike) + g3.corrections(t, lookalike: Self.dateLookalike)))
        return end
    }

    /// `January 31, 2025` / `Jan 31 2025`: month word first.
    func monthFirst(_ t: [UInt8], word: Range<Int>, context: ParseContext, into out: inout [ParseCandidate]) -> Int? {
        var k = word.upperBound
        if k < t.count, t[k] == UInt8(ascii: ".") { k += 1 }
        let sp = ByteText.spaceLength(t, k)
        guard sp > 0, k + sp < t.count, ByteText.isDigit(t[k + sp]) else { return nil }
        k += sp
        guard let (g2, e2) = group(t, at: k), g2.count <= 2 else { return nil }
        var j = e2
        if j < t.count, t[j] == UInt8(ascii: ",") { j += 1 }
        let sp2 = ByteText.spaceLength(t, j)
        guard sp2 > 0, let (g3, e3) = group(t, at: j + sp2), g3.count == 4, ByteText.wordEnd(t, e3) else { return nil }
        let y = Self.value(g3), d = Self.value(g2)
        // The word is looked up only once a day and a year follow it.
        guard let (month, language, ambiguous) = resolve(t[word], context: context),
              Self.isValidDate(y, month.first ?? 0, d) else { return nil }
        out.append(namedCandidate(t, start: word.lowerBound, end: e3, y: y, months: month, d: d, language: language,
                                  ambiguous: ambiguous, corrections: g2.corrections(t, lookalike: Self.dateLookalike) + g3.corrections(t, lookalike: Self.dateLookalike)))
        return e3
    }

    /// Month numbers a word may mean (best first), the language, and whether languages disagree.
    func resolve(_ word: ArraySlice<UInt8>, context: ParseContext) -> ([Int], String, Bool)? {
        let entries = months.lookup(word)
        guard !entries.isEmpty else { return nil }
        if let lang = context.impliedLanguage, let e = entries.first(where: { $0.language == lang }) {
            return ([e.month], lang, false)
        }
        var distinct: [Int] = []
        for e in entries where !distinct.contains(e.month) { distinct.append(e.month) }
        return (distinct, entries[0].language, distinct.count > 1)
    }

    func namedCandidate(_ t: [UInt8], start: Int, end: Int, y: Int, months: [Int], d: Int, language: String,
                        ambiguous: Bool, corrections: [Correction]) -> ParseCandidate {
        let m = months.first ?? 1
        return make(t, start: start, end: end, y: y, m: m, d: d,
                    confidence: (ambiguous ? 0.45 : 0.95) - 0.1 * Double(corrections.count), corrections: corrections,
                    status: ambiguous ? .uncertain : .valid, fields: ["language": language],
                    alternatives: ambiguous ? months.dropFirst().filter { Self.isValidDate(y, $0, d) }.map { Self.iso(y, $0, d) } : [],
                    notes: ambiguous ? ["ambiguous_month_name"] : [])
    }

    /// The whole candidate in one initializer call: setting properties afterwards made the optimizer copy it.
    func make(_ t: [UInt8], start: Int, end: Int, y: Int, m: Int, d: Int, confidence: Double,
              corrections: [Correction], status: CandidateStatus = .valid, fields: [String: String] = [:],
              alternatives: [String] = [], notes: [String] = []) -> ParseCandidate {
        ParseCandidate(parser: .date, type: "date", value: Self.iso(y, m, d), span: ByteSpan(start, end),
                       rawText: ByteText.string(t, start..<end), corrections: corrections, confidence: confidence,
                       status: status, fields: fields, alternatives: alternatives, notes: notes)
    }

    static func pivot(_ yy: Int) -> Int { yy >= 69 ? 1900 + yy : 2000 + yy }

    static func isValidDate(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1000...9999).contains(y), (1...12).contains(m), d >= 1 else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = m == 2 ? (leap ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31)
        return d <= days
    }

    static func iso(_ y: Int, _ m: Int, _ d: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        // Callers pass calendar-checked values (four-digit years): written as ten bytes, without interpolation.
        guard (1000...9999).contains(y), (0...99).contains(m), (0...99).contains(d) else { return "\(y)-\(two(m))-\(two(d))" }
        func digit(_ v: Int) -> UInt8 { UInt8(48 + v % 10) }
        return ByteText.string([digit(y / 1000), digit(y / 100), digit(y / 10), digit(y), UInt8(ascii: "-"),
                                digit(m / 10), digit(m), UInt8(ascii: "-"), digit(d / 10), digit(d)])
    }
}
