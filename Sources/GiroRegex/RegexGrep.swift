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

    /// Runs grep over `input`.
    package static func run(_ pattern: RegexPattern, input: [UInt8], options o: Options) -> Result {
        var out: [UInt8] = []
        var matchedUnits = 0
        let cache = pattern.makeCache()
        input.withUnsafeBufferPointer { hay in
            if o.multiline {
                let hs = hits(pattern, hay, 0..<hay.count, o, cache)
                matchedUnits = hs.count
                if !o.countOnly {
                    for h in hs { emit(h, line: nil, lineStart: 0, hay: hay, o, into: &out) }
                }
                return
            }
            var lineNo = 0
            var start = 0
            while start < hay.count || (start == 0 && hay.isEmpty == false) {
                var end = start
                while end < hay.count && hay[end] != 0x0A { end += 1 }
                lineNo += 1
                let hs = hits(pattern, hay, start..<end, o, cache)
                if !hs.isEmpty {
                    matchedUnits += 1
                    if !o.countOnly {
                        if o.onlyMatching || o.json {
                            for h in hs { emit(h, line: lineNo, lineStart: start, hay: hay, o, into: &out) }
                        } else {
                            // The whole line, with OCR corrections applied.
                            var line = Array(hay[start..<end])
                            for h in hs { for s in h.substitutions { line[s.offset - start] = UInt8(s.replacement.value) } }
                            out += line; out.append(0x0A)
                        }
                    }
                }
                if end >= hay.count { break }
                start = end + 1
            }
        }
        if o.countOnly {
            out += Array((o.json ? "{\"count\":\(matchedUnits)}" : "\(matchedUnits)").utf8); out.append(0x0A)
        }
        return Result(output: out, matched: matchedUnits > 0)
    }

    static func emit(_ h: Hit, line: Int?, lineStart: Int, hay: UnsafeBufferPointer<UInt8>, _ o: Options, into out: inout [UInt8]) {
        if !o.json { out += h.corrected; out.append(0x0A); return }
        var s = "{"
        if let line { s += "\"line\":\(line),\"start\":\(h.range.lowerBound - lineStart),\"end\":\(h.range.upperBound - lineStart)," }
        else { s += "\"start\":\(h.range.lowerBound),\"end\":\(h.range.upperBound)," }
        s += "\"text\":" + jsonString(Array(hay[h.range]))
        if o.ocrSubstitutions != nil {
            s += ",\"corrected\":" + jsonString(h.corrected) + ",\"substitutions\":["
            s += h.substitutions.map {
                "{\"offset\":\($0.offset - lineStart),\"from\":" + jsonString(Array(String($0.original).utf8))
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
