import Foundation
@_spi(Testing) import GiroRegex

/// Runs one rust-lang/regex TOML file against `RegexPattern`. Tests in modes the engine does not offer
/// (regex sets, byte mode, other search or match kinds, CRLF and custom line terminators) are counted as
/// skipped, so the pins show how much of the corpus is left out.
enum RustRegexCorpus {
    struct Tally {
        var pass = 0, fail = 0, unsupported = 0, skipped = 0
        var failing: [String] = []
    }

    static func run(_ text: String) -> Tally {
        var tally = Tally()
        for test in RustRegexToml.parse(text) { check(test.fields, &tally) }
        return tally
    }

    static func check(_ fld: [String: String], _ tally: inout Tally) {
        guard let rx = fld["regex"], rx.hasPrefix("S:") else { tally.skipped += 1; return }
        if let sk = fld["search-kind"], sk != "S:leftmost" { tally.skipped += 1; return }
        if let mk = fld["match-kind"], mk != "S:leftmost-first" { tally.skipped += 1; return }
        if fld["utf8"] == "false" || fld["line-terminator"] != nil || fld["crlf"] == "true" { tally.skipped += 1; return }
        let name = (fld["name"] ?? "?").replacingOccurrences(of: "S:", with: "")
        let pattern = String(rx.dropFirst(2))
        var opts: RegexOptions = fld["unicode"] == "false" ? [] : [.unicodeClasses]
        if fld["case-insensitive"] == "true" { opts.insert(.caseInsensitive) }
        let compiled: RegexPattern
        do { compiled = try RegexPattern(pattern, options: opts) } catch {
            if fld["compiles"] == "false" {
                tally.pass += 1
            } else if error.kind.rawValue.hasPrefix("unsupported") {
                tally.unsupported += 1
            } else {
                tally.fail += 1
                tally.failing.append(name + " [\(error.kind.rawValue)]")
            }
            return
        }
        if fld["compiles"] == "false" { tally.fail += 1; tally.failing.append(name + " [compiled]"); return }
        guard let hs = fld["haystack"], hs.hasPrefix("S:"), let wantAll = RustRegexToml.parseMatches(fld["matches"] ?? "[]") else {
            tally.skipped += 1
            return
        }
        let hay = fld["unescape"] == "true" ? CorpusFormat.unescape(String(hs.dropFirst(2))) : Array(hs.dropFirst(2).utf8)
        var got = matches(compiled, in: hay, fields: fld)
        if let lim = fld["match-limit"], let n = Int(lim) { got = Array(got.prefix(n)) }
        let wantHasGroups = wantAll.contains { $0.count > 2 }
        let a = wantHasGroups ? wantAll : wantAll.map { Array($0.prefix(2)) }
        let b = wantHasGroups ? got.map { Array($0.prefix(a.first?.count ?? 2)) } : got.map { Array($0.prefix(2)) }
        if a == b { tally.pass += 1 } else { tally.fail += 1; tally.failing.append(name) }
    }

    /// Every match as flattened group spans (-1, -1 for a group that did not take part).
    static func matches(_ compiled: RegexPattern, in hay: [UInt8], fields fld: [String: String]) -> [[Int]] {
        var got: [[Int]] = []
        let anchored = fld["anchored"] == "true"
        var bounds: Range<Int>? = nil
        if let b = fld["bounds"] {
            let v = b.filter { "0123456789,".contains($0) }.split(separator: ",").compactMap { Int($0) }
            if v.count == 2 && v[0] <= v[1] && v[1] <= hay.count { bounds = v[0]..<v[1] }
        }
        hay.withUnsafeBufferPointer { h in
            compiled.forEachMatch(in: h, range: bounds, captures: true) { caps in
                if anchored && caps.range.lowerBound != (bounds?.lowerBound ?? 0) && got.isEmpty { return false }
                got.append(caps.groups.flatMap { $0.map { [$0.lowerBound, $0.upperBound] } ?? [-1, -1] })
                return true
            }
        }
        guard anchored else { return got }
        // Anchored iteration: every match must start where the previous ended.
        var filtered: [[Int]] = []
        var expectStart = bounds?.lowerBound ?? 0
        for m in got {
            if m[0] != expectStart { break }
            filtered.append(m)
            expectStart = m[1]
        }
        return filtered
    }
}
