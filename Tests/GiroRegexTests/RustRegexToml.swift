import Foundation

/// rust-lang/regex `testdata/*.toml`: just enough TOML for `[[test]]` tables with strings, booleans, integers
/// and nested arrays.
enum RustRegexToml {
    struct TomlTest { var fields: [String: String] = [:] }

    /// Every `[[test]]` table as key → value (strings as "S:" + text).
    static func parse(_ text: String) -> [TomlTest] {
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
}
