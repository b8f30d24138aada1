/// Escape sequences (`\d`, `\x{…}`, `\Q…\E`, …) and the unsupported ones that must be rejected.
extension Parser {
    mutating func parseEscape(into items: inout [AST]) throws(RegexError) {
        let start = pos
        pos += 1
        guard let c = peek() else { throw RegexError(.invalidEscape, span(start, pos), "pattern ends with a backslash") }
        func lit(_ cp: UInt32) { items.append(.literal(cp, span(start, pos))) }
        switch c {
        case UInt8(ascii: "A"): pos += 1; items.append(.assertion(.startText, span(start, pos)))
        case UInt8(ascii: "z"): pos += 1; items.append(.assertion(.endText, span(start, pos)))
        case UInt8(ascii: "Z"): pos += 1; items.append(.assertion(.endTextOptionalNewline, span(start, pos)))
        case UInt8(ascii: "b"): pos += 1; items.append(.assertion(.wordBoundary, span(start, pos)))
        case UInt8(ascii: "B"): pos += 1; items.append(.assertion(.notWordBoundary, span(start, pos)))
        case UInt8(ascii: "G"): throw RegexError(.unsupportedAnchor, span(start, pos + 1), "\\G is not supported")
        case UInt8(ascii: "K"): throw RegexError(.unsupportedResetMatchStart, span(start, pos + 1), "\\K is not supported")
        case UInt8(ascii: "Q"):
            pos += 1
            while !atEnd {
                if peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "E") { pos += 2; return }
                let s = pos
                let cp = nextCodePoint()
                items.append(.literal(cp, span(s, pos)))
            }
        case UInt8(ascii: "E"): pos += 1  // stray \E is ignored, as in PCRE2
        default:
            if let item = try parseCommonEscape(start: start, inClass: false) {
                switch item {
                case .range(let a, _): lit(a)
                case .perl(let k, let neg): items.append(.perlClass(k, negated: neg, span(start, pos)))
                case .posix(let set): items.append(.bracketClass(BracketClass(negated: false, items: [.posix(set)], span: span(start, pos))))
                }
            }
        }
    }

    /// Escapes valid both inside and outside classes. `pos` is at the character after the backslash.
    mutating func parseCommonEscape(start: Int, inClass: Bool) throws(RegexError) -> BracketClass.Item? {
        guard let c = peek() else { throw RegexError(.invalidEscape, span(start, pos), "pattern ends with a backslash") }
        pos += 1
        func one(_ v: UInt32) -> BracketClass.Item { .range(v, v) }
        switch c {
        case UInt8(ascii: "n"): return one(0x0A)
        case UInt8(ascii: "t"): return one(0x09)
        case UInt8(ascii: "r"): return one(0x0D)
        case UInt8(ascii: "f"): return one(0x0C)
        case UInt8(ascii: "a"): return one(0x07)
        case UInt8(ascii: "e"): return one(0x1B)
        case UInt8(ascii: "d"): return .perl(.digit, negated: false)
        case UInt8(ascii: "D"): return .perl(.digit, negated: true)
        case UInt8(ascii: "w"): return .perl(.word, negated: false)
        case UInt8(ascii: "W"): return .perl(.word, negated: true)
        case UInt8(ascii: "s"): return .perl(.space, negated: false)
        case UInt8(ascii: "S"): return .perl(.space, negated: true)
        case UInt8(ascii: "h"): return .perl(.horizontalSpace, negated: false)
        case UInt8(ascii: "H"): return .perl(.horizontalSpace, negated: true)
        case UInt8(ascii: "v"): return .perl(.verticalSpace, negated: false)
        case UInt8(ascii: "V"): return .perl(.verticalSpace, negated: true)
        case UInt8(ascii: "N") where !inClass: return .perl(.notNewline, negated: false)
        case UInt8(ascii: "b") where inClass: return one(0x08)
        case UInt8(ascii: "x"): return one(try parseHex(start: start, braced: peek() == UInt8(ascii: "{"), maxDigits: 2))
        case UInt8(ascii: "u"):
            guard peek() == UInt8(ascii: "{") else {
                throw RegexError(.invalidEscape, span(start, pos), "\\u must be followed by {hex}")
            }
            return one(try parseHex(start: start, braced: true, maxDigits: 8))
        case UInt8(ascii: "o") where peek() == UInt8(ascii: "{"):
            pos += 1
            var v: UInt32 = 0; var n = 0
            while let d = peek(), d >= 0x30, d <= 0x37 { v = v &* 8 &+ UInt32(d - 0x30); n += 1; pos += 1; if n > 8 { break } }
            guard n > 0, n <= 8, peek() == UInt8(ascii: "}") else { throw RegexError(.invalidEscape, span(start, pos), "invalid \\o{…} escape") }
            pos += 1
            return one(try validCodePoint(v, start))
        case UInt8(ascii: "0"):
            var v: UInt32 = 0; var n = 0
            while n < 2, let d = peek(), d >= 0x30, d <= 0x37 { v = v * 8 + UInt32(d - 0x30); n += 1; pos += 1 }
            return one(v)
        case UInt8(ascii: "c"):
            guard let x = peek(), x >= 0x20, x < 0x7F else { throw RegexError(.invalidEscape, span(start, pos), "\\c must be followed by a printable ASCII character") }
            pos += 1
            let upper = (x >= 0x61 && x <= 0x7A) ? x - 0x20 : x
            return one(UInt32(upper ^ 0x40))
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw RegexError(.unsupportedBackreference, span(start, pos), "backreferences are not supported")
        case UInt8(ascii: "g"):
            if peek() == UInt8(ascii: "<") || peek() == UInt8(ascii: "'") {
                throw RegexError(.unsupportedRecursion, span(start, pos + 1), "subroutine calls are not supported")
            }
            throw RegexError(.unsupportedBackreference, span(start, pos), "backreferences are not supported")
        case UInt8(ascii: "k"):
            throw RegexError(.unsupportedBackreference, span(start, pos), "named backreferences are not supported")
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            throw RegexError(.unsupportedUnicodeProperty, span(start, pos), "Unicode property classes are not supported")
        case UInt8(ascii: "X"), UInt8(ascii: "R"), UInt8(ascii: "C"):
            throw RegexError(.unsupportedEscape, span(start, pos), "\\\(Character(Unicode.Scalar(c))) is not supported")
        default:
            if c < 0x80 && isAlnum(c) {
                throw RegexError(.invalidEscape, span(start, pos), "unknown escape \\\(Character(Unicode.Scalar(c)))")
            }
            pos -= 1
            let cp = nextCodePoint()
            return one(cp)
        }
    }

    mutating func parseHex(start: Int, braced: Bool, maxDigits: Int) throws(RegexError) -> UInt32 {
        var v: UInt32 = 0
        var n = 0
        if braced { pos += 1 }
        while let d = peek(), let h = hexValue(d), n < (braced ? 9 : maxDigits) {
            v = v &* 16 &+ h; n += 1; pos += 1
        }
        if braced {
            guard n > 0, n <= 8, peek() == UInt8(ascii: "}") else {
                throw RegexError(.invalidHexEscape, span(start, pos + 1), "invalid hexadecimal escape")
            }
            pos += 1
        }
        return try validCodePoint(v, start)
    }

    func validCodePoint(_ v: UInt32, _ start: Int) throws(RegexError) -> UInt32 {
        if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
            throw RegexError(.invalidCodePoint, span(start, pos), "not a Unicode scalar value")
        }
        return v
    }

    func hexValue(_ d: UInt8) -> UInt32? {
        switch d {
        case 0x30...0x39: return UInt32(d - 0x30)
        case 0x41...0x46: return UInt32(d - 0x41 + 10)
        case 0x61...0x66: return UInt32(d - 0x61 + 10)
        default: return nil
        }
    }

}
