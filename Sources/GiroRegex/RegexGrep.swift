/// The logic behind `giro grep`, kept here (Foundation-free) so it is unit-testable: line splitting, matching
/// (exact or OCR-tolerant) and output formatting (plain, `-o`, `-c`, JSON lines).
package enum RegexGrep {
    package struct Options: Sendable, Hashable {
        /// Print only the number of matching lines (matches with `multiline`).
        package var countOnly = false
        /// Print each match on its own line instead of the whole line.
        package var onlyMatching = false
        /// Allow up to this many OCR confusion substitutions per match (nil = exact matching).
        package var ocrSubstitutions: Int? = nil
        /// One JSON object per line of output.
        package var json = false
        /// Search the whole input at once instead of line by line.
        package var multiline = false
        package var confusions: OCRConfusionTable = .default
        package init() {}
    }

    package struct Result: Sendable {
        /// Bytes to write to standard output.
        package var output: [UInt8]
        /// Whether anything matched (exit code 0 vs 1).
        package var matched: Bool
    }

    struct Hit { var range: Range<Int>; var corrected: [UInt8]; var substitutions: [OCRSubstitution] }

    static func hits(_ p: RegexPattern, _ hay: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ o: Options, _ cache: RegexCache) -> [Hit] {
        if let k = o.ocrSubstitutions {
            return p.ocrMatches(in: hay, range: range, options: OCRMatchOptions(maxSubstitutions: k, confusions: o.confusions), cache: cache)
                .map { Hit(range: $0.range, corrected: $0.corrected, substitutions: $0.substitutions) }
        }
        var out: [Hit] = []
        p.forEachMatch(in: hay, range: range, cache: cache) { c in
            out.append(Hit(range: c.range, corrected: Array(hay[c.range]), substitutions: []))
            return true
        }
        return out
    }

    /// Runs grep over the whole `input` (line mode or, with `multiline`, one haystack).
    package static func run(_ pattern: RegexPattern, input: [UInt8], options o: Options) -> Result {
        var out: [UInt8] = []
        if o.multiline {
            var matches = 0
            input.withUnsafeBufferPointer { hay in
                let hs = hits(pattern, hay, 0..<hay.count, o, pattern.makeCache())
                matches = hs.count
                if !o.countOnly { for h in hs { emit(h, line: nil, hay: hay, o, into: &out) } }
            }
            if o.countOnly { out += Array((o.json ? "{\"count\":\(matches)}" : "\(matches)").utf8); out.append(0x0A) }
            return Result(output: out, matched: matches > 0)
        }
        var searcher = LineSearcher(pattern, options: o)
        input.withUnsafeBufferPointer { searcher.search($0, into: &out) }
        searcher.finish(into: &out)
        return Result(output: out, matched: searcher.matchedLines > 0)
    }

    /// Line-mode grep over a stream: feed it buffers of whole lines, in order. Each line is its own haystack
    /// (`^`/`$` at its ends, the `\n` not part of it), like grep and pcre2grep.
    ///
    /// Speed: rather than one search per line, a `(?m)` copy of the pattern searches the whole buffer; the
    /// line holding its first match is then known to match — unless that match crosses a `\n` (e.g. `\s+`),
    /// and only then is that one line searched on its own. Lines without a match cost no call at all.
    package struct LineSearcher {
        let pattern: RegexPattern
        let cache: RegexCache
        /// The `(?m)` copy; nil when buffer search could differ from per-line search (OCR mode, `\A`, `\z`,
        /// `(?-m)`), then every line is searched on its own.
        let buffered: (RegexPattern, RegexCache)?
        let options: Options
        /// Lines seen so far (only kept up to date when the output needs line numbers).
        package private(set) var lineNumber = 0
        package private(set) var matchedLines = 0

        package init(_ pattern: RegexPattern, options: Options) {
            self.pattern = pattern
            self.options = options
            cache = pattern.makeCache()
            // A pattern anchored at the line start (`^…`) is cheapest as one anchored attempt per line.
            if options.ocrSubstitutions == nil, !pattern.core.anchoredAtStart,
               let m = try? RegexPattern(pattern.pattern, options: pattern.options.union(.multiline)), !m.core.nfa.hasTextLook {
                buffered = (m, m.makeCache())
            } else {
                buffered = nil
            }
        }

        var needsLineNumbers: Bool { options.json && !options.countOnly }

        /// Searches `hay`: whole lines, each ended by `\n` except possibly the last one of the input.
        package mutating func search(_ hay: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            guard let base = hay.baseAddress else { return }
            let n = hay.count
            // The buffer search ends at the last `\n`; an unterminated last line is searched on its own.
            let lastEnd = lastNewline(base, before: n, floor: 0) ?? -1
            var lineStart = 0
            if let (bp, bc) = buffered, options.countOnly, bp.core.matchesWithinOneLine, bp.core.dfaApplies(hay) {
                // Counting needs only which line holds a match: the earliest match end names it (a match lies
                // inside one line), with no search for the rest of the match or its start.
                while lineStart <= lastEnd {
                    switch bc.forward.searchForward(hay, start: lineStart, end: lastEnd, anchored: false, earliest: true) {
                    case .match(let e) where e > lineStart:
                        matchedLines += 1
                        lineStart = (newline(base, from: e - 1, end: n) ?? lastEnd) + 1
                        continue
                    case .noMatch:
                        lineStart = lastEnd + 1
                    case .match, .gaveUp:
                        break   // the general loop below takes over from this line
                    }
                    break
                }
            }
            if let (bp, bc) = buffered {
                while lineStart <= lastEnd {
                    guard let m = bp.core.findSpan(hay, start: lineStart, end: lastEnd, anchored: false,
                                                   notEmptyAtStart: false, cache: bc) else {
                        if needsLineNumbers { lineNumber += countNewlines(base, lineStart, lastEnd + 1) }
                        lineStart = lastEnd + 1
                        break
                    }
                    let start = (lastNewline(base, before: m.0, floor: lineStart) ?? (lineStart - 1)) + 1
                    let end = newline(base, from: m.0, end: n) ?? lastEnd
                    if needsLineNumbers { lineNumber += countNewlines(base, lineStart, start) + 1 }
                    if m.1 <= end {
                        emitLine(hay, start..<end, hits: nil, into: &out)
                    } else {
                        searchLine(hay, start..<end, into: &out)
                    }
                    lineStart = end + 1
                }
            }
            while lineStart < n {
                let lineEnd = newline(base, from: lineStart, end: n) ?? n
                if needsLineNumbers { lineNumber += 1 }
                searchLine(hay, lineStart..<lineEnd, into: &out)
                lineStart = lineEnd + 1
            }
        }

        /// One line on its own: a haystack of just its bytes.
        mutating func searchLine(_ hay: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into out: inout [UInt8]) {
            let lineHay = UnsafeBufferPointer(rebasing: hay[line])
            if options.countOnly && options.ocrSubstitutions == nil {
                // findSpan allocates nothing (isMatch returns slots): this runs once per line.
                if pattern.core.findSpan(lineHay, start: 0, end: lineHay.count, anchored: pattern.core.anchoredAtStart,
                                         notEmptyAtStart: false, cache: cache) != nil { matchedLines += 1 }
                return
            }
            let hs = hits(pattern, lineHay, 0..<lineHay.count, options, cache)
            if !hs.isEmpty { emitLine(hay, line, hits: hs, into: &out) }
        }

        /// A matching line: counted, printed whole (OCR corrections applied) or as its matches.
        mutating func emitLine(_ hay: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, hits known: [Hit]?, into out: inout [UInt8]) {
            matchedLines += 1
            if options.countOnly { return }
            let lineHay = UnsafeBufferPointer(rebasing: hay[line])
            if !options.onlyMatching && !options.json && options.ocrSubstitutions == nil {
                out.append(contentsOf: lineHay); out.append(0x0A)
                return
            }
            let hs = known ?? hits(pattern, lineHay, 0..<lineHay.count, options, cache)
            if options.onlyMatching || options.json {
                for h in hs { emit(h, line: lineNumber, hay: lineHay, options, into: &out) }
            } else {
                var text = Array(lineHay)
                for h in hs { for s in h.substitutions where s.offset < text.count { text[s.offset] = UInt8(truncatingIfNeeded: s.replacement.value) } }
                out += text; out.append(0x0A)
            }
        }

        /// With `countOnly`, the count line (plain or JSON).
        package func finish(into out: inout [UInt8]) {
            guard options.countOnly else { return }
            out += Array((options.json ? "{\"count\":\(matchedLines)}" : "\(matchedLines)").utf8); out.append(0x0A)
        }
    }

    static func newline(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int? {
        Prefilter.memchr(base, from, end, 0x0A)
    }

    /// The last `\n` in `floor..<before` (the distance is one line: a short backward scan).
    static func lastNewline(_ base: UnsafePointer<UInt8>, before: Int, floor: Int) -> Int? {
        var i = before - 1
        while i >= floor {
            if base[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }

    static func countNewlines(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var n = 0
        var i = from
        while let nl = newline(base, from: i, end: to) { n += 1; i = nl + 1 }
        return n
    }

    static func emit(_ h: Hit, line: Int?, hay: UnsafeBufferPointer<UInt8>, _ o: Options, into out: inout [UInt8]) {
        if !o.json { out += h.corrected; out.append(0x0A); return }
        var s = "{"
        if let line { s += "\"line\":\(line),\"start\":\(h.range.lowerBound),\"end\":\(h.range.upperBound)," }
        else { s += "\"start\":\(h.range.lowerBound),\"end\":\(h.range.upperBound)," }
        s += "\"text\":" + jsonString(Array(hay[h.range]))
        if o.ocrSubstitutions != nil {
            s += ",\"corrected\":" + jsonString(h.corrected) + ",\"substitutions\":["
            s += h.substitutions.map {
                "{\"offset\":\($0.offset),\"from\":" + jsonString(Array(String($0.original).utf8))
                    + ",\"to\":" + jsonString(Array(String($0.replacement).utf8)) + "}"
            }.joined(separator: ",")
            s += "]"
        }
        s += "}"
        out += Array(s.utf8); out.append(0x0A)
    }

    /// JSON string literal (invalid UTF-8 is replaced by U+FFFD).
    package static func jsonString(_ bytes: [UInt8]) -> String {
        var s = "\""
        for u in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch u {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\t": s += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    s += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else { s.unicodeScalars.append(u) }
            }
        }
        return s + "\""
    }

    /// The message printed for a pattern error: `error: <kind> at <start>..<end>: <message>`.
    package static func errorMessage(_ e: RegexError, pattern: String) -> String {
        "error: \(e.kind.rawValue) at \(e.span.start)..<\(e.span.end): \(e.message)\n  \(pattern)\n  "
            + String(repeating: " ", count: e.span.start) + String(repeating: "^", count: max(1, e.span.end - e.span.start))
    }
}

extension NFA {
    /// True if a state asserts the start or end of the whole text (`\A`, `\z`, `\Z`, `^`/`$` under `(?-m)`):
    /// those differ between one line as the haystack and the line inside a larger buffer.
    var hasTextLook: Bool {
        states.contains { state in
            if case .look(let look, _) = state { return look == .startText || look == .endText || look == .endTextOptionalNewline }
            return false
        }
    }
}
