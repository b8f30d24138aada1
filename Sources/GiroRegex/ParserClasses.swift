/// Bracket classes `[...]`, ranges and POSIX classes. `\E` is ignored anywhere inside a class (PCRE2).
extension Parser {
    mutating func parseClass() throws(RegexError) -> BracketClass {
        let start = pos
        pos += 1
        var negated = false
        if peek() == UInt8(ascii: "^") { negated = true; pos += 1 }
        var items: [BracketClass.Item] = []
        var first = true
        while true {
            guard let b = peek() else { throw RegexError(.unclosedClass, span(start, pos), "unclosed character class") }
            if b == UInt8(ascii: "]") && !first { pos += 1; break }
            first = false
            if b == UInt8(ascii: "["), peek(1) == UInt8(ascii: ":"), let set = try parsePosixClass() {
                items.append(.posix(set)); continue
            }
            let itemStart = pos
            guard let lo = try parseClassAtom() else { continue }
            guard case .range(let loCP, _) = lo else { items.append(lo); continue }
            skipQuoteEnds()  // PCRE2 ignores `\E` anywhere in a class, even inside a range: `[a-\Ec]`
            // Range?
            if peek() == UInt8(ascii: "-"), let after = peek(1), after != UInt8(ascii: "]") {
                let save = pos
                pos += 1
                skipQuoteEnds()
                if after == UInt8(ascii: "["), peek(1) == UInt8(ascii: ":") {
                    pos = save; items.append(lo); continue  // `a-[:digit:]`: '-' is literal
                }
                guard let hi = try parseClassAtom() else { pos = save; items.append(lo); continue }
                guard case .range(let hiCP, _) = hi else {
                    throw RegexError(.invalidClassRange, span(itemStart, pos), "invalid range in character class")
                }
                if hiCP < loCP { throw RegexError(.invalidClassRange, span(itemStart, pos), "range out of order in character class") }
                items.append(.range(loCP, hiCP))
            } else {
                items.append(lo)
            }
        }
        return BracketClass(negated: negated, items: items, span: span(start, pos))
    }

    mutating func skipQuoteEnds() {
        while peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "E") { pos += 2 }
    }

    /// One class member: a literal code point, an escape, or a Perl class. Returns nil for ignorable `\E`.
    mutating func parseClassAtom() throws(RegexError) -> BracketClass.Item? {
        guard let b = peek() else { return nil }
        if b == UInt8(ascii: "\\") {
            let start = pos
            pos += 1
            guard let c = peek() else { throw RegexError(.unclosedClass, span(start, pos), "unclosed character class") }
            if c == UInt8(ascii: "E") { pos += 1; return nil }
            if c == UInt8(ascii: "Q") { throw RegexError(.unsupportedEscape, span(start, pos + 1), "\\Q inside a class is not supported") }
            if c == UInt8(ascii: "A") || c == UInt8(ascii: "z") || c == UInt8(ascii: "Z") || c == UInt8(ascii: "B")
                || c == UInt8(ascii: "G") || c == UInt8(ascii: "K") || c == UInt8(ascii: "N") {
                throw RegexError(.invalidEscape, span(start, pos + 1), "escape not allowed in a character class")
            }
            return try parseCommonEscape(start: start, inClass: true)
        }
        let cp = nextCodePoint()
        return .range(cp, cp)
    }

    /// `[:alpha:]` / `[:^alpha:]`; nil (position unchanged) if this is not a POSIX class.
    mutating func parsePosixClass() throws(RegexError) -> CodePointSet? {
        let start = pos
        var i = pos + 2
        var negated = false
        if i < p.count, p[i] == UInt8(ascii: "^") { negated = true; i += 1 }
        let nameStart = i
        while i < p.count, (p[i] >= 0x61 && p[i] <= 0x7A) { i += 1 }
        guard i + 1 < p.count, p[i] == UInt8(ascii: ":"), p[i + 1] == UInt8(ascii: "]") else { return nil }
        let name = String(decoding: p[nameStart..<i], as: UTF8.self)
        guard let set = PerlClasses.posix(name, unicode: unicodeClasses) else {
            throw RegexError(.invalidPosixClass, span(start, i + 2), "unknown POSIX class '\(name)'")
        }
        pos = i + 2
        return negated ? set.inverted() : set
    }
}
