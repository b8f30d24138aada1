/// Byte-level helpers shared by the parsers (ASCII classes, OCR look-alikes, separators, word bounds).
enum ByteText {
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b &- 65 < 26 }
    @inline(__always) static func isLower(_ b: UInt8) -> Bool { b &- 97 < 26 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }
    @inline(__always) static func isAlnum(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
    @inline(__always) static func upper(_ b: UInt8) -> UInt8 { isLower(b) ? b - 32 : b }
    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { isUpper(b) ? b + 32 : b }

    /// The digit an OCR engine may have misread as `b` (O→0, I/l/i/|→1, Z→2, S→5, G→6, B→8), or nil.
    /// A switch, not a table: global tables cost a lazy-initialisation check on every access in hot loops.
    @inline(__always) static func digitFor(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "O"), UInt8(ascii: "o"): return UInt8(ascii: "0")
        case UInt8(ascii: "I"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "|"): return UInt8(ascii: "1")
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): return UInt8(ascii: "2")
        case UInt8(ascii: "S"), UInt8(ascii: "s"): return UInt8(ascii: "5")
        case UInt8(ascii: "G"): return UInt8(ascii: "6")
        case UInt8(ascii: "B"): return UInt8(ascii: "8")
        default: return nil
        }
    }
    /// The upper-case letter an OCR engine may have misread as digit `b` (0→O, 1→I, 2→Z, 5→S, 6→G, 8→B).
    @inline(__always) static func letterFor(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0"): return UInt8(ascii: "O")
        case UInt8(ascii: "1"): return UInt8(ascii: "I")
        case UInt8(ascii: "2"): return UInt8(ascii: "Z")
        case UInt8(ascii: "5"): return UInt8(ascii: "S")
        case UInt8(ascii: "6"): return UInt8(ascii: "G")
        case UInt8(ascii: "8"): return UInt8(ascii: "B")
        default: return nil
        }
    }
    /// A digit, or a letter that OCR confuses with one.
    @inline(__always) static func isDigitLike(_ b: UInt8) -> Bool { isDigit(b) || digitFor(b) != nil }

    /// Byte length of a horizontal space at `i` (space, tab, U+00A0, U+2007, U+2009, U+202F), else 0.
    @inline(__always) static func spaceLength(_ t: [UInt8], _ i: Int) -> Int {
        guard i < t.count else { return 0 }
        let b = t[i]
        if b == 0x20 || b == 0x09 { return 1 }
        if b == 0xC2, i + 1 < t.count, t[i + 1] == 0xA0 { return 2 }
        if b == 0xE2, i + 2 < t.count, t[i + 1] == 0x80 {
            let c = t[i + 2]
            if c == 0x87 || c == 0x89 || c == 0xAF || c == 0x8A { return 3 }
        }
        return 0
    }

    /// Byte length of a line break at `i` (`\n`, `\r\n`, `\r`), else 0.
    @inline(__always) static func lineBreakLength(_ t: [UInt8], _ i: Int) -> Int {
        guard i < t.count else { return 0 }
        if t[i] == 0x0A { return 1 }
        if t[i] == 0x0D { return i + 1 < t.count && t[i + 1] == 0x0A ? 2 : 1 }
        return 0
    }

    /// True when the byte before `i` does not continue a word (start of text, or not an ASCII letter/digit).
    @inline(__always) static func wordStart(_ t: [UInt8], _ i: Int) -> Bool {
        i <= 0 || i > t.count || !isAlnum(t[i - 1])
    }
    /// The next position after `i` that can start a word: none inside an ASCII letter/digit run does. Scanners
    /// whose every letter/digit trigger needs a word start skip a run in one step instead of byte by byte.
    @inline(__always) static func nextWordCandidate(_ t: [UInt8], after i: Int) -> Int {
        var j = i + 1
        guard i >= 0, i < t.count, isAlnum(t[i]) else { return j }
        while j < t.count, isAlnum(t[j]) { j += 1 }
        return j
    }
    /// True when the byte at `i` does not continue a word.
    @inline(__always) static func wordEnd(_ t: [UInt8], _ i: Int) -> Bool {
        i >= t.count || i < 0 || !isAlnum(t[i])
    }

    static func string(_ t: [UInt8], _ r: Range<Int>) -> String {
        let a = max(0, min(r.lowerBound, t.count)), b = max(a, min(r.upperBound, t.count))
        return String(decoding: t[a..<b], as: UTF8.self)
    }
    static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Appends the decimal digits of `value`, zero-padded on the left to `minDigits`: what `String(value)` and
    /// padding give, without building intermediate strings (values are formatted for every candidate).
    static func appendDecimal(_ value: UInt64, minDigits: Int = 1, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        var digits = 1
        while value / divisor >= 10 { divisor *= 10; digits += 1 }  // stops at 10^19: UInt64.max < 2 × 10^19
        while digits < minDigits { out.append(48); digits += 1 }
        while divisor > 0 { out.append(48 + UInt8(value / divisor % 10)); divisor /= 10 }
    }
    static func char(_ b: UInt8) -> String { String(UnicodeScalar(b)) }
}

/// A run of characters read with OCR look-alikes: the bytes as written, the positions, what was changed.
struct CharRun {
    /// The (possibly corrected) ASCII characters.
    var chars: [UInt8] = []
    /// Byte offset in the input of each character.
    var offsets: [Int] = []
    /// The bytes exactly as in the input.
    var originals: [UInt8] = []
    var corrections: [Correction] = []

    init() {}
    /// Room for `n` characters in each array up front: growing three arrays a character at a time is what a
    /// run cost most.
    init(reserving n: Int) {
        chars.reserveCapacity(n)
        offsets.reserveCapacity(n)
        originals.reserveCapacity(n)
    }

    mutating func append(_ c: UInt8, at offset: Int) { chars.append(c); originals.append(c); offsets.append(offset) }

    /// Replaces character `k` and records the correction against the original byte. Case changes are not
    /// corrections (compaction), so `O`→`0` is recorded but `o`→`O` is not.
    mutating func replace(_ k: Int, with c: UInt8) {
        guard k >= 0, k < chars.count, chars[k] != c else { return }
        chars[k] = c
        if ByteText.upper(originals[k]) != c {
            corrections.removeAll { $0.offset == offsets[k] }
            corrections.append(Correction(offset: offsets[k], from: ByteText.char(originals[k]), to: ByteText.char(c)))
        } else {
            corrections.removeAll { $0.offset == offsets[k] }
        }
    }

    var text: String { ByteText.string(chars) }
}

/// A run of digits (and OCR look-alikes) read without allocating: its bytes, numeric value and look-alike count.
struct DigitRun {
    var start: Int
    var end: Int
    /// Value with look-alikes read as digits (stops growing past 10^17: far above any date or amount group).
    var value: UInt64
    var lookalikes: Int
    var count: Int { end - start }

    /// Reads up to `max` digits or look-alikes (mapped by `lookalike`) from `i`.
    static func read(_ t: [UInt8], at i: Int, max: Int, lookalike: (UInt8) -> UInt8?) -> DigitRun {
        var r = DigitRun(start: i, end: i, value: 0, lookalikes: 0)
        var j = i
        while j < t.count, j - i < max {
            let b = t[j]
            var d = b
            if !ByteText.isDigit(b) {
                guard let m = lookalike(b) else { break }
                d = m
                r.lookalikes += 1
            }
            if r.value < 100_000_000_000_000_000 { r.value = r.value * 10 + UInt64(d &- 48) }  // stays below Int.max
            j += 1
        }
        r.end = j
        return r
    }

    /// The corrections the look-alikes in this run stand for.
    func corrections(_ t: [UInt8], lookalike: (UInt8) -> UInt8?) -> [Correction] {
        guard lookalikes > 0 else { return [] }
        var out: [Correction] = []
        for k in start..<min(end, t.count) where !ByteText.isDigit(t[k]) {
            if let d = lookalike(t[k]) { out.append(Correction(offset: k, from: ByteText.char(t[k]), to: ByteText.char(d))) }
        }
        return out
    }

    /// The digits as text (look-alikes mapped).
    func digits(_ t: [UInt8], lookalike: (UInt8) -> UInt8?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for k in start..<min(end, t.count) { out.append(ByteText.isDigit(t[k]) ? t[k] : (lookalike(t[k]) ?? t[k])) }
        return ByteText.string(out)
    }
}
