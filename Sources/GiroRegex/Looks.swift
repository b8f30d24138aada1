/// Evaluation of ``Look`` assertions, shared by the engines.
enum LookEval {
    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || (b >= 0x61 && b <= 0x7A)
    }

    /// Direct evaluation on the haystack at position `at` (the whole haystack is visible as context).
    static func matches(_ look: Look, _ hay: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
        let n = hay.count
        switch look {
        case .startText: return at == 0
        case .endText: return at == n
        case .endTextOptionalNewline: return at == n || (at == n - 1 && hay[at] == 0x0A)
        case .startLine: return at == 0 || (hay[at - 1] == 0x0A && at < n)
        case .endLine: return at == n || hay[at] == 0x0A
        case .wordBoundaryASCII, .notWordBoundaryASCII:
            let before = at > 0 && isWordByte(hay[at - 1])
            let after = at < n && isWordByte(hay[at])
            return (before != after) == (look == .wordBoundaryASCII)
        case .wordBoundaryUnicode, .notWordBoundaryUnicode:
            let before = at > 0 && (utf8DecodeBefore(hay, before: at, start: 0).map { UnicodeClassTables.isWord($0.0) } ?? false)
            let after = at < n && (utf8Decode(hay, at: at, end: n).map { UnicodeClassTables.isWord($0.0) } ?? false)
            return (before != after) == (look == .wordBoundaryUnicode)
        }
    }

    /// Byte categories the DFA keeps as context.
    static let boundary: UInt8 = 0, newline: UInt8 = 1, word: UInt8 = 2, other: UInt8 = 3

    @inline(__always) static func category(_ b: UInt8) -> UInt8 {
        b == 0x0A ? newline : (isWordByte(b) ? word : other)
    }

    /// Evaluation from the categories of the bytes before and after a position (lazy DFA).
    /// Not valid for Unicode word boundaries, and `endTextOptionalNewline` is treated as `endText`
    /// (the meta engine only uses the DFA when the haystack does not end with `\n` for such patterns).
    static func matches(_ look: Look, before: UInt8, after: UInt8) -> Bool {
        switch look {
        case .startText: return before == boundary
        case .endText, .endTextOptionalNewline: return after == boundary
        case .startLine: return before == boundary || (before == newline && after != boundary)
        case .endLine: return after == boundary || after == newline
        case .wordBoundaryASCII: return (before == word) != (after == word)
        case .notWordBoundaryASCII: return (before == word) == (after == word)
        case .wordBoundaryUnicode, .notWordBoundaryUnicode: return false
        }
    }
}
