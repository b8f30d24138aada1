import Foundation

/// The hand-written corpus format (`Corpus/*.txt`): blocks separated by blank lines.
///
///     # comment
///     pattern: a(b)?c           raw pattern text (no unescaping)
///     flags: i                  optional: i m s x U u(nicode classes)
///     haystack: xabc\n          \n \t \r \\ \xHH (raw byte) \u{HHHH} escapes
///     matches: 1-4/2-3          every match (PCRE2 iteration), groups joined by '/', '_' = unset; or 'none'
///     error: unsupported_lookaround   instead of haystacks: the expected compile error kind
///     oracle: none              expectations are hand-written (not checked/regenerated with PCRE2)
struct CorpusCase {
    var file: String
    var line: Int
    var pattern: String
    var flags = ""
    var haystacks: [[UInt8]] = []
    var expected: [[[Int]]?] = []
    var error: String? = nil
    var oracle = true
}

enum CorpusFormat {
    static var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus") }

    static func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }

    /// `\n \t \r \\`, `\xNN` (a raw byte) and `\u{…}`; used by our corpus and by rust-regex `unescape = true`.
    static func unescape(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                let c = b[i + 1]
                switch c {
                case UInt8(ascii: "n"): out.append(0x0A); i += 2
                case UInt8(ascii: "t"): out.append(0x09); i += 2
                case UInt8(ascii: "r"): out.append(0x0D); i += 2
                case UInt8(ascii: "\\"): out.append(0x5C); i += 2
                case UInt8(ascii: "x") where i + 3 < b.count:
                    let hex = String(decoding: b[(i + 2)..<min(i + 4, b.count)], as: UTF8.self)
                    out.append(UInt8(hex, radix: 16) ?? 0); i += 4
                case UInt8(ascii: "u") where i + 2 < b.count && b[i + 2] == UInt8(ascii: "{"):
                    var j = i + 3
                    while j < b.count && b[j] != UInt8(ascii: "}") { j += 1 }
                    let v = UInt32(String(decoding: b[(i + 3)..<j], as: UTF8.self), radix: 16) ?? 0
                    out += Array(String(Character(Unicode.Scalar(v) ?? "?")).utf8); i = j + 1
                default: out.append(b[i]); i += 1
                }
            } else { out.append(b[i]); i += 1 }
        }
        return out
    }

    static func formatMatches(_ ms: [[Int]]) -> String {
        if ms.isEmpty { return "none" }
        return ms.map { m in
            stride(from: 0, to: m.count, by: 2).map { m[$0] < 0 ? "_" : "\(m[$0])-\(m[$0 + 1])" }.joined(separator: "/")
        }.joined(separator: " ")
    }

    static func parseMatches(_ s: String) -> [[Int]] {
        if s == "none" { return [] }
        return s.split(separator: " ").map { m in
            m.split(separator: "/").flatMap { g -> [Int] in
                if g == "_" { return [-1, -1] }
                let p = g.split(separator: "-").map { Int($0) ?? -9 }
                return p.count == 2 ? p : [-9, -9]
            }
        }
    }

    static func value(_ line: Substring, _ key: String) -> String? {
        guard line.hasPrefix(key + ":") else { return nil }
        var v = line.dropFirst(key.count + 1)
        if v.hasPrefix(" ") { v = v.dropFirst() }
        return String(v)
    }

    static func load(_ file: String) -> [CorpusCase] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else { return [] }
        var cases: [CorpusCase] = []
        var cur: CorpusCase? = nil
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if let c = cur { cases.append(c) }
                cur = nil; continue
            }
            if line.hasPrefix("#") { continue }
            if let v = value(line, "pattern") {
                if let c = cur { cases.append(c) }
                cur = CorpusCase(file: file, line: n + 1, pattern: v)
            } else if let v = value(line, "flags") { cur?.flags = v }
            else if let v = value(line, "haystack") { cur?.haystacks.append(unescape(v)); cur?.expected.append(nil) }
            else if let v = value(line, "matches"), let c = cur, !c.expected.isEmpty { cur?.expected[c.expected.count - 1] = parseMatches(v) }
            else if let v = value(line, "error") { cur?.error = v }
            else if let v = value(line, "oracle") { cur?.oracle = v != "none" }
        }
        if let c = cur { cases.append(c) }
        return cases
    }

    /// Rewrites a corpus file, filling in `matches:` lines from PCRE2 where the oracle applies.
    static func regenerate(_ file: String) throws {
        let url = directory.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [String] = []
        var pattern = "", flags = "", oracle = true
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Pre-scan blocks so flags/oracle lines after the pattern apply.
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if let v = value(Substring(line), "pattern") {
                pattern = v; flags = ""; oracle = true
                var j = i + 1
                while j < lines.count && !lines[j].isEmpty {
                    if let f = value(Substring(lines[j]), "flags") { flags = f }
                    if let o = value(Substring(lines[j]), "oracle") { oracle = o != "none" }
                    j += 1
                }
            }
            if let v = value(Substring(line), "matches"), oracle, !out.isEmpty, let h = value(Substring(out[out.count - 1]), "haystack") {
                _ = v
                let hay = unescape(h)
                if case .matches(let ms) = PCRE2Oracle.run(pattern: Array(pattern.utf8), flags: flags, haystack: hay) {
                    out.append("matches: " + formatMatches(ms)); i += 1; continue
                }
            }
            out.append(line)
            if value(Substring(line), "haystack") != nil, oracle,
               i + 1 >= lines.count || value(Substring(lines[i + 1]), "matches") == nil {
                let hay = unescape(value(Substring(line), "haystack") ?? "")
                if case .matches(let ms) = PCRE2Oracle.run(pattern: Array(pattern.utf8), flags: flags, haystack: hay) {
                    out.append("matches: " + formatMatches(ms))
                }
            }
            i += 1
        }
        lines = out
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
