/// Pattern text → ``AST``. A hand-written recursive-descent parser over UTF-8 bytes.
/// Follows PCRE2 syntax for everything it accepts; features that need backtracking are rejected with a
/// dedicated ``RegexError/Kind``.
struct Parser {
    let p: [UInt8]
    var pos = 0
    var extended: Bool
    let unicodeClasses: Bool
    let limits: RegexLimits
    private(set) var captureNames: [String?] = [nil]  // index 0 is the whole match
    var nameSet: Set<String> = []

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

    func span(_ a: Int, _ b: Int) -> PatternSpan { PatternSpan(start: a, end: min(b, p.count)) }
    var atEnd: Bool { pos >= p.count }
    func peek(_ offset: Int = 0) -> UInt8? { pos + offset < p.count ? p[pos + offset] : nil }

    func isAlnum(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Decodes the code point at `pos` (pattern was validated as UTF-8).
    mutating func nextCodePoint() -> UInt32 {
        let (cp, len) = utf8Decode(p, at: pos, end: p.count) ?? (UInt32(p[pos]), 1)
        pos += len
        return cp
    }

    mutating func skipExtendedWhitespace() {
        guard extended else { return }
        while let b = peek() {
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) { pos += 1 }
            else if b == UInt8(ascii: "#") { while let c = peek(), c != 0x0A { pos += 1 } }
            else { break }
        }
    }

    func checkDepth(_ depth: Int, _ at: Int) throws(RegexError) {
        if depth > limits.maxNestDepth {
            throw RegexError(.nestLimitExceeded, span(at, at + 1), "nesting depth exceeds \(limits.maxNestDepth)")
        }
    }

    // MARK: alternation / concatenation

    mutating func parseAlternation(depth: Int) throws(RegexError) -> AST {
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

    func finish(_ branches: [AST], _ items: [AST]) -> AST {
        if branches.isEmpty { return .concat(items) }
        return .alternation(branches + [.concat(items)])
    }

    // MARK: repetition

    /// Parses `{m}`, `{m,}`, `{m,n}` at `pos`; returns nil (and leaves `pos`) when the brace is a literal, as in PCRE2.
    mutating func parseCountedRepetition() throws(RegexError) -> (Int, Int?)? {
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

    mutating func applyRepetition(_ items: inout [AST], _ mn: Int, _ mx: Int?, start: Int, depth: Int) throws(RegexError) {
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

    func isRepeatable(_ a: AST) -> Bool {
        switch a {
        case .empty, .setFlags, .assertion: return false
        default: return true
        }
    }

    // MARK: groups

    mutating func parseGroup(depth: Int) throws(RegexError) -> AST? {
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

    mutating func parseGroupName(terminator: UInt8, groupStart: Int) throws(RegexError) -> String {
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

    mutating func parseFlags(groupStart: Int) throws(RegexError) -> FlagChange {
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
}
