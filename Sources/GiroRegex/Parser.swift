/// Pattern text → ``AST``. A hand-written recursive-descent parser over UTF-8 bytes.
/// Follows PCRE2 syntax for everything it accepts; features that need backtracking are rejected with a
/// dedicated ``RegexError/Kind``.
struct Parser {
    private let p: [UInt8]
    private var pos = 0
    private var extended: Bool
    private let unicodeClasses: Bool
    private let limits: RegexLimits
    private(set) var captureNames: [String?] = [nil]  // index 0 is the whole match
    private var nameSet: Set<String> = []

    init(pattern: [UInt8], options: RegexOptions, limits: RegexLimits) {
        self.p = pattern
        self.extended = options.contains(.extended)
        self.unicodeClasses = options.contains(.unicodeClasses)
        self.limits = limits
    }

    mutating func parse() throws(RegexError) -> AST {
        if p.count > limits.maxPatternLength {
            throw RegexError(.patternTooLong, PatternSpan(start: 0, end: p.count), "pattern is \(p.count) bytes, limit \(limits.maxPatternLength)")
        }
        if utf8Validate(p) != nil {
            let at = utf8Validate(p) ?? 0
            throw RegexError(.invalidUTF8, span(at, at + 1), "pattern is not valid UTF-8")
        }
        let ast = try parseAlternation(depth: 0)
        if pos < p.count {  // only a ')' stops the top level early
            throw RegexError(.unopenedGroup, span(pos, pos + 1), "unmatched closing parenthesis")
        }
        return ast
    }

    // MARK: helpers

    private func span(_ a: Int, _ b: Int) -> PatternSpan { PatternSpan(start: a, end: min(b, p.count)) }
    private var atEnd: Bool { pos >= p.count }
    private func peek(_ offset: Int = 0) -> UInt8? { pos + offset < p.count ? p[pos + offset] : nil }

    private func isAlnum(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Decodes the code point at `pos` (pattern was validated as UTF-8).
    private mutating func nextCodePoint() -> UInt32 {
        let (cp, len) = utf8Decode(p, at: pos, end: p.count) ?? (UInt32(p[pos]), 1)
        pos += len
        return cp
    }

    private mutating func skipExtendedWhitespace() {
        guard extended else { return }
        while let b = peek() {
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) { pos += 1 }
            else if b == UInt8(ascii: "#") { while let c = peek(), c != 0x0A { pos += 1 } }
            else { break }
        }
    }

    private func checkDepth(_ depth: Int, _ at: Int) throws(RegexError) {
        if depth > limits.maxNestDepth {
            throw RegexError(.nestLimitExceeded, span(at, at + 1), "nesting depth exceeds \(limits.maxNestDepth)")
        }
    }

    // MARK: alternation / concatenation

    private mutating func parseAlternation(depth: Int) throws(RegexError) -> AST {
        var branches: [AST] = []
        var items: [AST] = []
        while true {
            skipExtendedWhitespace()
            guard let b = peek() else { break }
            let start = pos
            switch b {
            case UInt8(ascii: "|"):
                pos += 1
                branches.append(.concat(items)); items = []
            case UInt8(ascii: ")"):
                return finish(branches, items)
            case UInt8(ascii: "("):
                if let g = try parseGroup(depth: depth + 1) { items.append(g) }
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                pos += 1
                let (mn, mx): (Int, Int?) = b == UInt8(ascii: "*") ? (0, nil) : b == UInt8(ascii: "+") ? (1, nil) : (0, 1)
                try applyRepetition(&items, mn, mx, start: start, depth: depth)
            case UInt8(ascii: "{"):
                if let (mn, mx) = try parseCountedRepetition() {
                    try applyRepetition(&items, mn, mx, start: start, depth: depth)
                } else {
                    pos += 1; items.append(.literal(UInt32(b), span(start, pos)))
                }
            case UInt8(ascii: "["):
                items.append(.bracketClass(try parseClass()))
            case UInt8(ascii: "."):
                pos += 1; items.append(.dot(span(start, pos)))
            case UInt8(ascii: "^"):
                pos += 1; items.append(.assertion(.caret, span(start, pos)))
            case UInt8(ascii: "$"):
                pos += 1; items.append(.assertion(.dollar, span(start, pos)))
            case UInt8(ascii: "\\"):
                try parseEscape(into: &items)
            default:
                let cp = nextCodePoint()
                items.append(.literal(cp, span(start, pos)))
            }
        }
        return finish(branches, items)
    }

    private func finish(_ branches: [AST], _ items: [AST]) -> AST {
        if branches.isEmpty { return .concat(items) }
        return .alternation(branches + [.concat(items)])
    }

    // MARK: repetition

    /// Parses `{m}`, `{m,}`, `{m,n}` at `pos`; returns nil (and leaves `pos`) when the brace is a literal, as in PCRE2.
    private mutating func parseCountedRepetition() throws(RegexError) -> (Int, Int?)? {
        let start = pos
        var i = pos + 1
        func number(_ i: inout Int) -> Int?? {  // nil: no digits; .some(nil): overflow
            var v = 0; var any = false
            while i < p.count, p[i] >= 0x30, p[i] <= 0x39 {
                any = true
                v = v * 10 + Int(p[i] - 0x30)
                if v > 1_000_000 { v = 1_000_000 }
                i += 1
            }
            return any ? .some(v) : nil
        }
        guard let mnOpt = number(&i), let mn = mnOpt else { return nil }
        var mx: Int? = mn
        if i < p.count, p[i] == UInt8(ascii: ",") {
            i += 1
            if let n = number(&i) { mx = n } else { mx = nil }
        }
        guard i < p.count, p[i] == UInt8(ascii: "}") else { return nil }
        pos = i + 1
        let sp = span(start, pos)
        if mn > 65535 || (mx ?? 0) > 65535 {
            throw RegexError(.repetitionCountTooLarge, sp, "repetition count exceeds 65535")
        }
        if let mx, mx < mn { throw RegexError(.repetitionCountInvalid, sp, "repetition {\(mn),\(mx)} has min > max") }
        return (mn, mx)
    }

    private mutating func applyRepetition(_ items: inout [AST], _ mn: Int, _ mx: Int?, start: Int, depth: Int) throws(RegexError) {
        guard let last = items.last, isRepeatable(last) else {
            throw RegexError(.repetitionMissing, span(start, pos), "quantifier does not follow a repeatable item")
        }
        var greedy = true
        if peek() == UInt8(ascii: "?") { pos += 1; greedy = false }
        else if peek() == UInt8(ascii: "+") {
            throw RegexError(.unsupportedPossessiveQuantifier, span(start, pos + 1), "possessive quantifiers are not supported")
        }
        let sp = span(start, pos)
        var nestedDepth = depth + 1
        if case .repetition = last { nestedDepth += 1 }
        try checkDepth(nestedDepth, start)
        items[items.count - 1] = .repetition(last, min: mn, max: mx, greedy: greedy, sp)
        // A second `*`, `+` or `?` right after a complete quantifier is an error (PCRE2 agrees); `{…}` stacks.
        if let n = peek(), n == UInt8(ascii: "*") || n == UInt8(ascii: "+") || n == UInt8(ascii: "?") {
            throw RegexError(.repetitionMissing, span(pos, pos + 1), "quantifier does not follow a repeatable item")
        }
    }

    private func isRepeatable(_ a: AST) -> Bool {
        switch a {
        case .empty, .setFlags, .assertion: return false
        default: return true
        }
    }

    // MARK: groups

    private mutating func parseGroup(depth: Int) throws(RegexError) -> AST? {
        let start = pos
        try checkDepth(depth, start)
        pos += 1  // (
        var flags: FlagChange? = nil
        var captureIndex: Int? = nil
        var captureName: String? = nil
        if peek() == UInt8(ascii: "*"), let n = peek(1), isAlnum(n) || n == UInt8(ascii: ":") {
            throw RegexError(.unsupportedVerb, span(start, pos + 2), "backtracking control verbs are not supported")
        }
        if peek() == UInt8(ascii: "?") {
            pos += 1
            guard let c = peek() else { throw RegexError(.unclosedGroup, span(start, pos), "unclosed group") }
            switch c {
            case UInt8(ascii: "#"):
                while let b = peek(), b != UInt8(ascii: ")") { pos += 1 }
                if atEnd { throw RegexError(.unclosedGroup, span(start, pos), "unclosed comment") }
                pos += 1
                return nil
            case UInt8(ascii: ":"):
                pos += 1
                flags = FlagChange()
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                throw RegexError(.unsupportedLookaround, span(start, pos + 1), "lookahead is not supported")
            case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "=") || peek(1) == UInt8(ascii: "!"):
                throw RegexError(.unsupportedLookaround, span(start, pos + 2), "lookbehind is not supported")
            case UInt8(ascii: ">"):
                throw RegexError(.unsupportedAtomicGroup, span(start, pos + 1), "atomic groups are not supported")
            case UInt8(ascii: "|"):
                throw RegexError(.unsupportedBranchReset, span(start, pos + 1), "branch reset groups are not supported")
            case UInt8(ascii: "("):
                throw RegexError(.unsupportedConditional, span(start, pos + 1), "conditional groups are not supported")
            case UInt8(ascii: "R"), UInt8(ascii: "&"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                throw RegexError(.unsupportedRecursion, span(start, pos + 1), "recursion / subroutine calls are not supported")
            case UInt8(ascii: "C"):
                throw RegexError(.unsupportedCallout, span(start, pos + 1), "callouts are not supported")
            case UInt8(ascii: "P") where peek(1) == UInt8(ascii: "="):
                throw RegexError(.unsupportedBackreference, span(start, pos + 2), "backreferences are not supported")
            case UInt8(ascii: "P") where peek(1) == UInt8(ascii: ">"):
                throw RegexError(.unsupportedRecursion, span(start, pos + 2), "subroutine calls are not supported")
            case UInt8(ascii: "+") where peek(1).map({ $0 >= 0x30 && $0 <= 0x39 }) ?? false:
                throw RegexError(.unsupportedRecursion, span(start, pos + 2), "subroutine calls are not supported")
            case UInt8(ascii: "P") where peek(1) == UInt8(ascii: "<"):
                pos += 2
                captureName = try parseGroupName(terminator: UInt8(ascii: ">"), groupStart: start)
            case UInt8(ascii: "<"):
                pos += 1
                captureName = try parseGroupName(terminator: UInt8(ascii: ">"), groupStart: start)
            case UInt8(ascii: "'"):
                pos += 1
                captureName = try parseGroupName(terminator: UInt8(ascii: "'"), groupStart: start)
            default:
                let change = try parseFlags(groupStart: start)
                if peek() == UInt8(ascii: ")") {
                    pos += 1
                    if change.enable.contains(.extended) { extended = true }
                    if change.disable.contains(.extended) { extended = false }
                    return .setFlags(change, span(start, pos))
                }
                guard peek() == UInt8(ascii: ":") else {
                    throw RegexError(.invalidGroupSyntax, span(start, pos + 1), "expected ':' or ')' after flags")
                }
                pos += 1
                flags = change
            }
        }
        if flags == nil {
            if captureNames.count > limits.maxCaptureGroups {
                throw RegexError(.tooManyCaptureGroups, span(start, pos), "more than \(limits.maxCaptureGroups) capture groups")
            }
            if let name = captureName {
                if nameSet.contains(name) {
                    throw RegexError(.duplicateGroupName, span(start, pos), "duplicate group name '\(name)'")
                }
                nameSet.insert(name)
            }
            captureIndex = captureNames.count
            captureNames.append(captureName)
        }
        let savedExtended = extended
        if let f = flags {
            if f.enable.contains(.extended) { extended = true }
            if f.disable.contains(.extended) { extended = false }
        }
        let inner = try parseAlternation(depth: depth)
        extended = savedExtended
        guard peek() == UInt8(ascii: ")") else {
            throw RegexError(.unclosedGroup, span(start, pos), "unclosed group")
        }
        pos += 1
        let sp = span(start, pos)
        if let idx = captureIndex { return .capture(inner, index: idx, name: captureName, sp) }
        return .group(inner, flags, sp)
    }

    private mutating func parseGroupName(terminator: UInt8, groupStart: Int) throws(RegexError) -> String {
        let nameStart = pos
        while let b = peek(), b != terminator {
            let ok = b == UInt8(ascii: "_") || isAlnum(b)
            if !ok || (pos == nameStart && b >= 0x30 && b <= 0x39) {
                throw RegexError(.invalidGroupName, span(pos, pos + 1), "invalid character in group name")
            }
            pos += 1
        }
        guard peek() == terminator else { throw RegexError(.invalidGroupName, span(groupStart, pos), "unterminated group name") }
        if pos == nameStart || pos - nameStart > 32 {
            throw RegexError(.invalidGroupName, span(nameStart, pos), "group name must be 1...32 characters")
        }
        let name = String(decoding: p[nameStart..<pos], as: UTF8.self)
        pos += 1
        return name
    }

    private mutating func parseFlags(groupStart: Int) throws(RegexError) -> FlagChange {
        var change = FlagChange()
        var negate = false
        while let b = peek(), b != UInt8(ascii: ")"), b != UInt8(ascii: ":") {
            let flag: RegexOptions
            switch b {
            case UInt8(ascii: "i"): flag = .caseInsensitive
            case UInt8(ascii: "m"): flag = .multiline
            case UInt8(ascii: "s"): flag = .dotMatchesNewline
            case UInt8(ascii: "x"):
                if peek(1) == UInt8(ascii: "x") {
                    throw RegexError(.unsupportedFlag, span(pos, pos + 2), "(?xx) is not supported")
                }
                flag = .extended
            case UInt8(ascii: "U"): flag = .swapGreed
            case UInt8(ascii: "-") where !negate:
                negate = true; pos += 1; continue
            default:
                throw RegexError(.unsupportedFlag, span(pos, pos + 1), "unsupported or invalid flag in group")
            }
            if negate { change.disable.insert(flag); change.enable.remove(flag) } else { change.enable.insert(flag) }
            pos += 1
        }
        if atEnd { throw RegexError(.unclosedGroup, span(groupStart, pos), "unclosed group") }
        return change
    }

    // MARK: escapes

    private mutating func parseEscape(into items: inout [AST]) throws(RegexError) {
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
    private mutating func parseCommonEscape(start: Int, inClass: Bool) throws(RegexError) -> BracketClass.Item? {
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

    private mutating func parseHex(start: Int, braced: Bool, maxDigits: Int) throws(RegexError) -> UInt32 {
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

    private func validCodePoint(_ v: UInt32, _ start: Int) throws(RegexError) -> UInt32 {
        if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
            throw RegexError(.invalidCodePoint, span(start, pos), "not a Unicode scalar value")
        }
        return v
    }

    private func hexValue(_ d: UInt8) -> UInt32? {
        switch d {
        case 0x30...0x39: return UInt32(d - 0x30)
        case 0x41...0x46: return UInt32(d - 0x41 + 10)
        case 0x61...0x66: return UInt32(d - 0x61 + 10)
        default: return nil
        }
    }

    // MARK: classes

    private mutating func parseClass() throws(RegexError) -> BracketClass {
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

    private mutating func skipQuoteEnds() {
        while peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "E") { pos += 2 }
    }

    /// One class member: a literal code point, an escape, or a Perl class. Returns nil for ignorable `\E`.
    private mutating func parseClassAtom() throws(RegexError) -> BracketClass.Item? {
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
    private mutating func parsePosixClass() throws(RegexError) -> CodePointSet? {
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
