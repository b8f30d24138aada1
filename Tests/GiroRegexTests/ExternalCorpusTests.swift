import Foundation
import Testing
@_spi(Testing) import GiroRegex

/// Runs third-party corpora that are NOT committed (workplace rule): set `GIRO_REGEX_EXTERNAL_CORPUS` to a directory
/// with `rust/*.toml` (rust-lang/regex `testdata/`) and `pcre2/testinput1` (PCRE2 `testdata/`). Prints pass counts.
@Suite struct ExternalCorpusTests {
    static var root: String? { ProcessInfo.processInfo.environment["GIRO_REGEX_EXTERNAL_CORPUS"] }

    // MARK: rust-lang/regex TOML

    struct TomlTest { var fields: [String: String] = [:] }

    /// Just enough TOML for `[[test]]` tables with strings, booleans, integers and nested arrays.
    static func parseToml(_ text: String) -> [TomlTest] {
        var tests: [TomlTest] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        var cur: TomlTest? = nil
        func skipLine() { while i < chars.count && chars[i] != "\n" { i += 1 } }
        while i < chars.count {
            let c = chars[i]
            if c == "#" { skipLine(); continue }
            if c == "\n" || c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "[" && i + 1 < chars.count && chars[i + 1] == "[" {
                if let t = cur { tests.append(t) }
                cur = TomlTest(); skipLine(); continue
            }
            // key = value
            var key = ""
            while i < chars.count && chars[i] != "=" && chars[i] != "\n" { key.unicodeScalars.append(chars[i]); i += 1 }
            key = key.trimmingCharacters(in: .whitespaces)
            guard i < chars.count, chars[i] == "=" else { continue }
            i += 1
            while i < chars.count && chars[i] == " " { i += 1 }
            let v = parseValue(chars, &i)
            cur?.fields[key] = v
        }
        if let t = cur { tests.append(t) }
        return tests
    }

    /// Returns strings as "S:" + decoded text, other values as raw text.
    static func parseValue(_ c: [Unicode.Scalar], _ i: inout Int) -> String {
        func starts(_ s: String) -> Bool {
            let u = Array(s.unicodeScalars)
            return i + u.count <= c.count && Array(c[i..<(i + u.count)]) == u
        }
        if starts("'''") || starts("\"\"\"") {
            let q = c[i]
            i += 3
            if i < c.count && c[i] == "\n" { i += 1 }
            var out = ""
            while i < c.count && !(c[i] == q && i + 2 < c.count && c[i + 1] == q && c[i + 2] == q) {
                if q == "\"" && c[i] == "\\" { out += escape(c, &i) } else { out.unicodeScalars.append(c[i]); i += 1 }
            }
            i += 3
            return "S:" + out
        }
        if c[i] == "'" {
            i += 1
            var out = ""
            while i < c.count && c[i] != "'" { out.unicodeScalars.append(c[i]); i += 1 }
            i += 1
            return "S:" + out
        }
        if c[i] == "\"" {
            i += 1
            var out = ""
            while i < c.count && c[i] != "\"" {
                if c[i] == "\\" { out += escape(c, &i) } else { out.unicodeScalars.append(c[i]); i += 1 }
            }
            i += 1
            return "S:" + out
        }
        if c[i] == "[" || c[i] == "{" {
            var depth = 0
            var out = ""
            repeat {
                if c[i] == "[" || c[i] == "{" { depth += 1 }
                if c[i] == "]" || c[i] == "}" { depth -= 1 }
                if c[i] == "\"" || c[i] == "'" {  // strings inside arrays (regex sets): keep raw
                    let q = c[i]; out.unicodeScalars.append(q); i += 1
                    while i < c.count && c[i] != q { out.unicodeScalars.append(c[i]); i += 1 }
                }
                if c[i] == "#" { while i < c.count && c[i] != "\n" { i += 1 }; continue }
                out.unicodeScalars.append(c[i]); i += 1
            } while depth > 0 && i < c.count
            return out
        }
        var out = ""
        while i < c.count && c[i] != "\n" && c[i] != "#" { out.unicodeScalars.append(c[i]); i += 1 }
        return out.trimmingCharacters(in: .whitespaces)
    }

    static func escape(_ c: [Unicode.Scalar], _ i: inout Int) -> String {
        i += 1
        guard i < c.count else { return "" }
        let e = c[i]
        i += 1
        switch e {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "\\": return "\\"
        case "\"": return "\""
        case "u", "U":
            let n = e == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<n where i < c.count { hex.unicodeScalars.append(c[i]); i += 1 }
            return String(Character(Unicode.Scalar(UInt32(hex, radix: 16) ?? 63) ?? "?"))
        default: return "\\" + String(Character(e))
        }
    }

    /// Parses `matches`: [[s,e],...] or [[[s,e],[s,e]|[]]...] or [{id=0, span=[s,e]}...]. Returns group-0 spans and,
    /// if present, all groups (-1 for missing).
    static func parseMatches(_ s: String) -> [[Int]]? {
        let nums = s.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        if nums.contains("id=") || nums.contains("span=") {
            var out: [[Int]] = []
            for part in nums.components(separatedBy: "span=[").dropFirst() {
                let v = part.prefix { $0 != "]" }.split(separator: ",").compactMap { Int($0) }
                if v.count == 2 { out.append(v) }
            }
            return out
        }
        // Tokenize into a nested structure.
        var stack: [[Any]] = [[]]
        var num = ""
        for ch in nums {
            switch ch {
            case "[": stack.append([])
            case "]":
                if !num.isEmpty { stack[stack.count - 1].append(Int(num) ?? 0); num = "" }
                let top = stack.removeLast(); stack[stack.count - 1].append(top)
            case ",": if !num.isEmpty { stack[stack.count - 1].append(Int(num) ?? 0); num = "" }
            default: num.append(ch)
            }
        }
        guard let outer = stack.first?.first as? [Any] else { return nil }
        var res: [[Int]] = []
        for m in outer {
            guard let arr = m as? [Any] else { return nil }
            if let a = arr as? [Int] { res.append(a); continue }
            var groups: [Int] = []
            for g in arr {
                if let gi = g as? [Int], gi.count == 2 { groups += gi } else if let ga = g as? [Any], ga.isEmpty { groups += [-1, -1] } else { groups += [-1, -1] }
            }
            res.append(groups)
        }
        return res
    }

    // Runs only where the uncommitted corpus is provided (reported as skipped otherwise, never as passed).
    @Test(.enabled(if: ExternalCorpusTests.root != nil, "set GIRO_REGEX_EXTERNAL_CORPUS to run the rust-lang/regex corpus"))
    func rustRegexCorpus() throws {
        let root = try #require(Self.root)
        let dir = root + "/rust"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".toml") }.sorted()
        var totalPass = 0, totalRun = 0
        for f in files {
            guard let text = try? String(contentsOfFile: dir + "/" + f, encoding: .utf8) else { continue }
            var pass = 0, fail = 0, skipped = 0, unsupported = 0
            var failNames: [String] = []
            for t in Self.parseToml(text) {
                let fld = t.fields
                guard let rx = fld["regex"], rx.hasPrefix("S:") else { skipped += 1; continue }
                if let sk = fld["search-kind"], sk != "S:leftmost" { skipped += 1; continue }
                if let mk = fld["match-kind"], mk != "S:leftmost-first" { skipped += 1; continue }
                if fld["utf8"] == "false" || fld["line-terminator"] != nil || fld["crlf"] == "true" { skipped += 1; continue }
                let pattern = String(rx.dropFirst(2))
                var opts: RegexOptions = fld["unicode"] == "false" ? [] : [.unicodeClasses]
                if fld["case-insensitive"] == "true" { opts.insert(.caseInsensitive) }
                let compiled: RegexPattern
                do { compiled = try RegexPattern(pattern, options: opts) } catch {
                    if fld["compiles"] == "false" { pass += 1 } else if error.kind.rawValue.hasPrefix("unsupported") { unsupported += 1 } else { fail += 1; failNames.append((fld["name"] ?? "?") + " [\(error.kind.rawValue)]") }
                    continue
                }
                if fld["compiles"] == "false" { fail += 1; failNames.append((fld["name"] ?? "?") + " [compiled]"); continue }
                guard let hs = fld["haystack"], hs.hasPrefix("S:"), let wantAll = Self.parseMatches(fld["matches"] ?? "[]") else { skipped += 1; continue }
                let hay = fld["unescape"] == "true" ? CorpusFormat.unescape(String(hs.dropFirst(2))) : Array(hs.dropFirst(2).utf8)
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
                        return !anchored || true
                    }
                }
                if anchored {
                    // Anchored iteration: every match must start where the previous ended.
                    var filtered: [[Int]] = []
                    var expectStart = bounds?.lowerBound ?? 0
                    for m in got { if m[0] != expectStart { break }; filtered.append(m); expectStart = m[1] }
                    got = filtered
                }
                if let lim = fld["match-limit"], let n = Int(lim) { got = Array(got.prefix(n)) }
                let wantHasGroups = wantAll.contains { $0.count > 2 }
                let a = wantHasGroups ? wantAll : wantAll.map { Array($0.prefix(2)) }
                let b = wantHasGroups ? got.map { Array($0.prefix(a.first?.count ?? 2)) } : got.map { Array($0.prefix(2)) }
                if a == b { pass += 1 } else { fail += 1; failNames.append(fld["name"] ?? "?") }
            }
            totalPass += pass; totalRun += pass + fail
            print("rust \(f): \(pass) pass, \(fail) fail, \(unsupported) rejected as unsupported, \(skipped) skipped (sets/bytes/other modes)"
                  + (failNames.isEmpty ? "" : " — failing: " + failNames.prefix(12).joined(separator: ", ")))
        }
        print("rust total: \(totalPass)/\(totalRun) pass")
    }

    // MARK: PCRE2 testinput1

    static func pcreSubject(_ line: String) -> [UInt8]? {
        var s = Substring(line.drop { $0 == " " || $0 == "\t" })
        if let r = s.range(of: "\\=") { if s[r.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty { s = s[..<r.lowerBound] } else { return nil } }
        // Trailing whitespace is ignored by pcre2test.
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                let c = b[i + 1]
                i += 2
                switch c {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "a"): out.append(7)
                case UInt8(ascii: "e"): out.append(27)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "v"): out.append(11)
                case UInt8(ascii: "\\"): out.append(92)
                case UInt8(ascii: "$"): out.append(36)
                case UInt8(ascii: "x"):
                    if i < b.count && b[i] == UInt8(ascii: "{") {
                        var j = i + 1
                        while j < b.count && b[j] != UInt8(ascii: "}") { j += 1 }
                        guard let v = UInt32(String(decoding: b[(i + 1)..<min(j, b.count)], as: UTF8.self), radix: 16), v < 0x80 else { return nil }
                        out.append(UInt8(v)); i = j + 1
                    } else {
                        var j = i
                        while j < b.count && j < i + 2 && b[j].isHex { j += 1 }
                        guard let v = UInt8(String(decoding: b[i..<j], as: UTF8.self), radix: 16) else { out.append(0); continue }
                        if v >= 0x80 { return nil }  // raw non-ASCII byte: not valid UTF-8 text
                        out.append(v); i = j
                    }
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var v = Int(c - 48)
                    var n = 1
                    while n < 3 && i < b.count && b[i] >= 48 && b[i] <= 55 { v = v * 8 + Int(b[i] - 48); i += 1; n += 1 }
                    if v >= 0x80 { return nil }
                    out.append(UInt8(v))
                default: out.append(c)
                }
            } else { out.append(b[i]); i += 1 }
        }
        return out
    }

    @Test(.enabled(if: ExternalCorpusTests.root != nil, "set GIRO_REGEX_EXTERNAL_CORPUS to run PCRE2 testinput1"))
    func pcre2TestInput1() throws {
        let root = try #require(Self.root)
        let text = try String(contentsOfFile: root + "/pcre2/testinput1", encoding: .isoLatin1)
        let lines = text.components(separatedBy: "\n")
        var i = 0
        var patterns = 0, compiled = 0, pcreErrors = 0, modSkipped = 0, subjects = 0, pass = 0, fail = 0, subjSkipped = 0
        var rejected: [String: Int] = [:]
        var failures: [String] = []
        let allowedMods: Set<String> = ["i", "m", "s", "x", "g", "aftertext", "I", "B", "no_auto_possess", "no_start_optimize",
                                        "auto_callout", "mark", "xx", "dupnames", "ungreedy", "allaftertext"]
        while i < lines.count {
            let line = lines[i]
            guard line.hasPrefix("/") else { i += 1; continue }
            // Accumulate until the closing delimiter followed by modifiers.
            var body = String(line.dropFirst())
            var close: String.Index? = nil
            func findClose(_ s: String) -> String.Index? {
                var idx = s.endIndex
                while idx > s.startIndex {
                    idx = s.index(before: idx)
                    if s[idx] == "/" {
                        var bs = 0
                        var k = idx
                        while k > s.startIndex { k = s.index(before: k); if s[k] == "\\" { bs += 1 } else { break } }
                        if bs % 2 == 0 { return idx }
                    }
                }
                return nil
            }
            close = findClose(body)
            while close == nil && i + 1 < lines.count { i += 1; body += "\n" + lines[i]; close = findClose(body) }
            i += 1
            guard let c = close else { continue }
            let pat = String(body[..<c])
            let mods = String(body[body.index(after: c)...]).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            var subs: [[UInt8]?] = []
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                let l = lines[i].drop { $0 == " " || $0 == "\t" }
                if !l.hasPrefix("\\=") { subs.append(Self.pcreSubject(lines[i])) }
                i += 1
            }
            patterns += 1
            var flags = ""
            var ok = true
            for m in mods where !m.isEmpty {
                if allowedMods.contains(m) { if ["i", "m", "s", "x"].contains(m) { flags += m } } else if m.allSatisfy({ "imsxgBI".contains($0) }) {
                    flags += m.filter { "imsx".contains($0) }
                } else { ok = false }
            }
            if !ok { modSkipped += 1; continue }
            let patBytes = Array(pat.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
            guard utf8Valid(patBytes) else { modSkipped += 1; continue }
            let p: RegexPattern
            do { p = try RegexPattern(utf8: patBytes, options: CorpusTests.options(flags)) } catch {
                rejected[error.kind.rawValue, default: 0] += 1; continue
            }
            compiled += 1
            for s in subs {
                guard let s, utf8Valid(s) else { subjSkipped += 1; continue }
                guard case .matches(let want) = PCRE2Oracle.run(pattern: patBytes, flags: flags, haystack: s) else { pcreErrors += 1; continue }
                subjects += 1
                let got = p._allMatches(in: s, engine: .auto, cache: p.makeCache()) ?? []
                let spansOnly = p._capturesMayDifferFromPCRE2
                // pcre2test without /g reports the first match only.
                let a = want.first.map { spansOnly ? Array($0.prefix(2)) : $0 }
                let b = got.first.map { spansOnly ? Array($0.prefix(2)) : $0 }
                if a == b { pass += 1 } else {
                    fail += 1
                    failures.append("/\(pat)/\(flags) on \(String(decoding: s, as: UTF8.self).debugDescription): PCRE2 \(a ?? []) ours \(b ?? [])")
                }
            }
        }
        print("pcre2 testinput1: \(patterns) patterns, \(modSkipped) skipped (unsupported pcre2test modifiers / non-UTF-8), \(compiled) compiled, rejected by kind: \(rejected.sorted { $0.key < $1.key })")
        print("pcre2 testinput1: \(subjects) subjects compared with PCRE2 (UTF mode): \(pass) pass, \(fail) fail; \(subjSkipped) subjects skipped (non-UTF-8 bytes / modifiers), \(pcreErrors) PCRE2 errors")
        for f in failures.prefix(40) { print("  FAIL \(f)") }
    }
}

extension UInt8 {
    var isHex: Bool { (self >= 48 && self <= 57) || (self >= 65 && self <= 70) || (self >= 97 && self <= 102) }
}
