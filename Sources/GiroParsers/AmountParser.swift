import Foundation
import GiroCore

/// Finds money amounts: `1.234,56`, `1,234.56`, `1'234.56`, `1 234,56` (also with no-break/thin spaces),
/// `12,-`, `12.–`, `,50`, with currency codes, symbols or written-out names before or after, a leading minus,
/// and O/o→0, l/I→1 read inside the digits.
///
/// A bare integer without currency and without decimals is not reported (every number would be an amount).
/// `1.234` (one separator, three digits after it) is decided by the currency's minor units (marker or context);
/// without either it is read as 1234 with `ambiguous_separator` and the other reading in `alternatives`.
public struct AmountParser: FieldParser {
    public var kind: ParserKind { .amount }
    public init() {}

    struct Token {
        /// The first group; `more` holds every group (first included) once there is a second one, so a lone
        /// number — most tokens — costs no allocation.
        var first = DigitRun(start: 0, end: 0, value: 0, lookalikes: 0)
        var more: [DigitRun] = []
        var count = 0
        var groups: Groups { Groups(first: first, more: more, count: count) }
        mutating func add(_ g: DigitRun) {
            if count == 0 { first = g } else {
                if count == 1 { more.reserveCapacity(4); more.append(first) }
                more.append(g)
            }
            count += 1
        }
        var seps = SepList()
        var dashDecimal = false
        var leadingDecimal = false
        var start = 0
        var end = 0

        /// Back to an empty token, keeping `more`'s buffer: one token is reused for the whole text.
        mutating func reset(at start: Int) {
            first = DigitRun(start: 0, end: 0, value: 0, lookalikes: 0)
            if count > 1 { more.removeAll(keepingCapacity: true) }  // `more` is filled only from the second group
            count = 0
            seps = SepList()
            dashDecimal = false
            leadingDecimal = false
            self.start = start
            end = start
        }
    }

    /// A token's groups as a collection, with no array built for the common single group.
    struct Groups: RandomAccessCollection {
        let first: DigitRun
        let more: [DigitRun]
        let count: Int
        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(i: Int) -> DigitRun { count <= 1 ? first : more[i] }
    }

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        out.reserveCapacity(min(t.count / 64, 1 << 18))  // growing an array of large candidates costs more than this
        var i = 0
        let n = t.count
        // Filled in place: returning an optional token copies it (and its group array) on every read.
        var tok = Token()
        var scratch: [UInt8] = []  // the value's bytes, reused: one array per amount cost more than formatting it
        while i < n {
            let b = t[i]
            let startsHere: Bool
            if ByteText.isDigit(b) {
                startsHere = i == 0 || !(ByteText.isDigit(t[i - 1]) || ByteText.isLetter(t[i - 1]))
                    || (ByteText.isLetter(t[i - 1]) && CurrencyMarkers.marker(before: t, endingAt: i) != nil)
            } else if b == UInt8(ascii: ",") || b == UInt8(ascii: ".") {
                startsHere = i + 1 < n && ByteText.isDigit(t[i + 1]) && (i == 0 || !ByteText.isAlnum(t[i - 1]) && t[i - 1] != UInt8(ascii: ".") && t[i - 1] != UInt8(ascii: ","))
            } else if Self.amountLookalike(b) != nil {
                startsHere = ByteText.wordStart(t, i) && i + 1 < n && (ByteText.isDigit(t[i + 1]) || ((t[i + 1] == 44 || t[i + 1] == 46) && i + 2 < n && ByteText.isDigit(t[i + 2])))
            } else {
                startsHere = false
            }
            guard startsHere else { i += 1; continue }
            guard readToken(t, at: i, into: &tok) else { i += 1; continue }
            interpret(tok, t, context: context, scratch: &scratch, into: &out)
            i = max(tok.end, i + 1)
        }
        return out
    }

    /// O/o→0 and l/I→1 are the confusions seen inside printed amounts.
    static func amountLookalike(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "O"), UInt8(ascii: "o"): return UInt8(ascii: "0")
        case UInt8(ascii: "l"), UInt8(ascii: "I"): return UInt8(ascii: "1")
        default: return nil
        }
    }

    @inline(__always) func readGroup(_ t: [UInt8], at i: Int) -> DigitRun {
        DigitRun.read(t, at: i, max: 20, lookalike: Self.amountLookalike)
    }

    func separator(_ t: [UInt8], at j: Int) -> (Sep, Int)? {
        guard j < t.count else { return nil }
        switch t[j] {
        case UInt8(ascii: "."): return (.dot, 1)
        case UInt8(ascii: ","): return (.comma, 1)
        case UInt8(ascii: "'"): return (.apostrophe, 1)
        case 0xE2 where j + 2 < t.count && t[j + 1] == 0x80 && t[j + 2] == 0x99: return (.apostrophe, 3)  // ’
        default:
            let s = ByteText.spaceLength(t, j)
            return s > 0 ? (.space, s) : nil
        }
    }

    /// The length of `:-` or `:–` at `j` when no digit follows it; nil otherwise.
    static func colonDash(_ t: [UInt8], at j: Int) -> Int? {
        guard j + 1 < t.count, t[j] == UInt8(ascii: ":") else { return nil }
        var len = 0
        if t[j + 1] == UInt8(ascii: "-") { len = 2 }
        else if t[j + 1] == 0xE2, j + 3 < t.count, t[j + 2] == 0x80, t[j + 3] == 0x93 || t[j + 3] == 0x94 { len = 4 }
        guard len > 0, !(j + len < t.count && ByteText.isDigit(t[j + len])) else { return nil }
        return len
    }

    /// Reads the token at `start` into `tok`; false when there is none.
    func readToken(_ t: [UInt8], at start: Int, into tok: inout Token) -> Bool {
        tok.reset(at: start)
        var j = start
        if t[j] == UInt8(ascii: ",") || t[j] == UInt8(ascii: ".") {
            tok.leadingDecimal = true
            tok.seps.append(t[j] == 44 ? .comma : .dot)
            tok.add(DigitRun(start: j, end: j, value: 0, lookalikes: 0))
            j += 1
        }
        while tok.count < 12 {
            let g = readGroup(t, at: j)
            guard g.count > 0 else { return false }
            tok.add(g)
            j = g.end
            if tok.leadingDecimal { break }
            // `150:-` (Swedish whole kronor): the colon stands where the decimal comma would.
            if let dash = Self.colonDash(t, at: j) {
                tok.seps.append(.comma)
                tok.dashDecimal = true
                j += dash
                break
            }
            guard let (sep, len) = separator(t, at: j) else { break }
            let next = j + len
            // `12,-` / `12.–` / `12.—`: no minor units.
            if sep == .dot || sep == .comma, next < t.count {
                var dash = 0
                if t[next] == UInt8(ascii: "-") { dash = 1 }
                else if t[next] == 0xE2, next + 2 < t.count, t[next + 1] == 0x80, t[next + 2] == 0x93 || t[next + 2] == 0x94 { dash = 3 }
                if dash > 0, !(next + dash < t.count && ByteText.isDigit(t[next + dash])) {
                    tok.seps.append(sep)
                    tok.dashDecimal = true
                    j = next + dash
                    break
                }
            }
            guard next < t.count, ByteText.isDigit(t[next]) || (Self.amountLookalike(t[next]) != nil && next + 1 < t.count && ByteText.isDigit(t[next + 1])) else { break }
            if sep == .space {
                // A space only groups thousands: exactly three digits must follow, then no digit.
                let g2 = readGroup(t, at: next)
                guard g2.count == 3, !(g2.end < t.count && ByteText.isAlnum(t[g2.end])) else { break }
            }
            tok.seps.append(sep)
            j = next
        }
        tok.end = j
        // Look-alikes need real digits around them (`l.234,56`, not `Ol`).
        guard tok.first.lookalikes < tok.first.count || tok.more.contains(where: { $0.lookalikes < $0.count }) else { return false }
        // Glued to a word (`12abc`) or to more digits after a separator pattern we did not take: not an amount.
        if j < t.count, ByteText.isDigit(t[j]) { return false }
        return true
    }

    /// Appends the amount `tok` stands for, if any (appending, not returning an optional candidate: most
    /// tokens are no amount, and an optional of the large candidate costs a copy on every miss).
    func interpret(_ tok: Token, _ t: [UInt8], context: ParseContext, scratch: inout [UInt8], into out: inout [ParseCandidate]) {
        // Currency: after (maybe one space), else before (maybe one space).
        var end = tok.end
        var start = tok.start
        var currency: String? = nil
        // Slips print the currency in its own column: up to 12 bytes of spaces on the same line are skipped.
        var k = tok.end
        while k - tok.end < 12, ByteText.spaceLength(t, k) > 0 { k += ByteText.spaceLength(t, k) }
        if let m = CurrencyMarkers.marker(after: t, at: k) { currency = CurrencyMarkers.resolved(m.code, context: context); end = m.end }
        else if k == tok.end, k < t.count, ByteText.isLetter(t[k]) { return }
        if currency == nil {
            var p = tok.start
            while tok.start - p < 12, p > 0 {
                if t[p - 1] == 0x20 || t[p - 1] == 0x09 { p -= 1 }
                else if p > 1, t[p - 2] == 0xC2, t[p - 1] == 0xA0 { p -= 2 }
                else { break }
            }
            if let m = CurrencyMarkers.marker(before: t, endingAt: p) { currency = CurrencyMarkers.resolved(m.code, context: context); start = m.start }
        }
        // A bare `$` is the dollar of the country read (`$1,234.56` on an Australian bill is AUD).
        if currency == "USD", let cc = context.impliedCurrency, CurrencyMarkers.dollars.contains(cc),
           (end > tok.end ? t[end - 1] : t[start]) == UInt8(ascii: "$") { currency = cc }
        // A bare integer without a currency is not an amount: decided before any allocation.
        if currency == nil, tok.seps.isEmpty, !tok.dashDecimal { return }
        if tok.start > 0, ByteText.isLetter(t[tok.start - 1]), currency == nil || start == tok.start || end != tok.end { return }
        // A following `.digit` or `,digit` means a longer structure (a date, a version) we did not take.
        k = tok.end
        if k + 1 < t.count, t[k] == 46 || t[k] == 44, ByteText.isDigit(t[k + 1]) { return }
        // A leading minus (or the word) right before the number or its currency.
        var negative = false
        if start > 0, t[start - 1] == UInt8(ascii: "-"), start < 2 || !ByteText.isAlnum(t[start - 2]) { negative = true; start -= 1 }
        else if start > 2, t[start - 3] == 0xE2, t[start - 2] == 0x88, t[start - 1] == 0x92 { negative = true; start -= 3 }

        let contextCurrency = context.impliedCurrency
        let units = (currency ?? contextCurrency).flatMap { CurrencyMarkers.minorUnits(of: $0) }
        guard let reading = Self.read(tok, t, minorUnits: units) else { return }
        if !reading.hasFraction && !tok.dashDecimal && currency == nil && !reading.grouped { return }

        var notes: [String] = []
        var confidence = 0.7
        if currency != nil { confidence += 0.15 }
        if reading.hasFraction || tok.dashDecimal { confidence += 0.1 }
        var corrections: [Correction] = []
        for g in tok.groups where g.lookalikes > 0 { corrections += g.corrections(t, lookalike: Self.amountLookalike) }
        confidence -= 0.1 * Double(corrections.count)
        var alternatives: [String] = []
        if reading.ambiguous {
            confidence = min(confidence, 0.5)
            notes.append("ambiguous_separator")
            if let alt = reading.alternative { alternatives.append(alt) }
        }
        var usedCurrency = currency
        if currency == nil, let cc = contextCurrency { usedCurrency = cc; notes.append("currency_from_context") }
        if let u = units, reading.fractionDigits > u { return }
        let value = reading.decimal(negative: negative)
        let raw = ByteText.string(t, start..<end)
        var fields: [String: String] = [:]
        if negative { fields["sign"] = "negative" }
        out.append(ParseCandidate(parser: .amount, type: "amount", value: reading.text(minimumFractionDigits: units ?? 0, negative: negative, scratch: &scratch),
                              span: ByteSpan(start, end), rawText: raw, corrections: corrections,
                              confidence: confidence, status: reading.ambiguous ? .uncertain : .valid,
                              amount: value, currency: usedCurrency, fields: fields, alternatives: alternatives, notes: notes))
    }

    /// A group's digits as a number (look-alikes mapped) and its length.
    struct Num {
        var value: UInt64
        var count: Int
        var leadingZero: Bool { count > 1 && value < Self.pow10(count - 1) }
        static func pow10(_ n: Int) -> UInt64 { var p: UInt64 = 1; for _ in 0..<max(0, min(n, 19)) { p &*= 10 }; return p }
        static func join(_ a: Num, _ b: Num) -> Num { Num(value: a.value &* pow10(b.count) &+ b.value, count: a.count + b.count) }
    }

    struct Reading {
        var integer: UInt64
        var fraction: UInt64 = 0
        var fractionDigits = 0
        var grouped: Bool
        var ambiguous = false
        var alternative: String? = nil
        var hasFraction: Bool { fractionDigits > 0 }

        init(integer: Num, fraction: Num? = nil, grouped: Bool, ambiguous: Bool = false, alternative: String? = nil) {
            self.integer = integer.value
            self.fraction = fraction?.value ?? 0
            self.fractionDigits = fraction?.count ?? 0
            self.grouped = grouped
            self.ambiguous = ambiguous
            self.alternative = alternative
        }

        func decimal(negative: Bool) -> Decimal {
            let significand = integer &* Num.pow10(fractionDigits) &+ fraction
            return Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
        }

        /// `1234.50`: the fraction padded to at least `minimumFractionDigits`.
        func text(minimumFractionDigits: Int, negative: Bool) -> String {
            var bytes: [UInt8] = []
            return text(minimumFractionDigits: minimumFractionDigits, negative: negative, scratch: &bytes)
        }

        /// The same, built in `out` (cleared first, its buffer kept for the next amount).
        func text(minimumFractionDigits: Int, negative: Bool, scratch out: inout [UInt8]) -> String {
            out.removeAll(keepingCapacity: true)
            out.reserveCapacity(48)
            if negative { out.append(UInt8(ascii: "-")) }
            ByteText.appendDecimal(integer, to: &out)
            let digits = max(fractionDigits, minimumFractionDigits)
            guard digits > 0 else { return ByteText.string(out) }
            out.append(UInt8(ascii: "."))
            if fractionDigits > 0 { ByteText.appendDecimal(fraction, minDigits: fractionDigits, to: &out) }
            for _ in 0..<max(0, digits - fractionDigits) { out.append(UInt8(ascii: "0")) }
            return ByteText.string(out)
        }
    }

    /// Applies the separator grammar. Returns nil when the groups do not form one amount.
    static func read(_ tok: Token, _ t: [UInt8], minorUnits: Int?) -> Reading? {
        let g = tok.groups.lazy.map { Num(value: $0.value, count: $0.count) }
        let s = tok.seps
        let digits = g.reduce(0) { $0 + $1.count }
        guard digits > 0, digits <= 18 else { return nil }
        if tok.leadingDecimal {
            guard g.count == 2, (1...3).contains(g[1].count) else { return nil }
            return Reading(integer: Num(value: 0, count: 1), fraction: g[1], grouped: false)
        }
        if tok.dashDecimal {
            // Everything before the dash is integer, grouped by the other separator kinds.
            guard let integer = thousandsGrouped(g, s.dropLast()) else { return nil }
            return Reading(integer: integer, grouped: true)
        }
        if s.isEmpty { return Reading(integer: g[0], grouped: false) }
        let last = s[s.count - 1]
        let before = s.dropLast()
        let lastGroup = g[g.count - 1]
        let decimalCapable = last == .dot || last == .comma
        // Two kinds: the last one is the decimal separator.
        if decimalCapable, !before.isEmpty, !before.contains(last) {
            guard lastGroup.count <= 3, let integer = thousandsGrouped(g.dropLast(), before) else { return nil }
            return Reading(integer: integer, fraction: lastGroup, grouped: true)
        }
        // One kind.
        guard !before.contains(where: { $0 != last }) else { return nil }
        if !decimalCapable || s.count > 1 {
            guard let integer = thousandsGrouped(g, s) else { return nil }
            return Reading(integer: integer, grouped: true)
        }
        // One `.` or `,`.
        switch lastGroup.count {
        case 1, 2:
            return Reading(integer: g[0], fraction: lastGroup, grouped: false)
        case 3:
            let asThousands = g[0].count <= 3 && !g[0].leadingZero ? Num.join(g[0], lastGroup) : nil
            if let u = minorUnits {
                if u == 3 { return Reading(integer: g[0], fraction: lastGroup, grouped: false) }
                guard let th = asThousands else { return nil }
                return Reading(integer: th, grouped: true)
            }
            guard let th = asThousands else { return Reading(integer: g[0], fraction: lastGroup, grouped: false) }
            let alt = Reading(integer: g[0], fraction: lastGroup, grouped: false).text(minimumFractionDigits: 0, negative: false)
            return Reading(integer: th, grouped: true, ambiguous: true, alternative: alt)
        default:
            return nil
        }
    }

    /// Joins groups separated by thousands separators: first group 1–3 digits, the others exactly 3.
    static func thousandsGrouped(_ g: some Collection<Num>, _ seps: some Collection<Sep>) -> Num? {
        guard let head = g.first else { return nil }
        if g.count == 1 { return head }
        guard let first = seps.first, seps.allSatisfy({ $0 == first }), (1...3).contains(head.count), !head.leadingZero else { return nil }
        var out = head
        for x in g.dropFirst() {
            guard x.count == 3 else { return nil }
            out = Num.join(out, x)
        }
        return out
    }
}
