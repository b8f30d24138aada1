import Foundation

/// The parts of PCRE2's `pcre2test` input format (`testdata/testinputN`, documented in `doc/pcre2test.txt`)
/// the differential test needs: `/pattern/modifiers` followed by subject lines up to a blank line.
enum PCRE2TestInput {
    struct Block {
        var pattern: [UInt8]
        var modifiers: [String]
        /// Decoded subjects; nil for a subject this harness cannot express (raw non-UTF-8 bytes, unknown escapes).
        var subjects: [[UInt8]?]
        var utf: Bool { modifiers.contains("utf") }
    }

    /// Lines are read as ISO-8859-1, so each character is one byte of the file (UTF-8 stays UTF-8 bytes).
    static func blocks(_ text: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("/") else { i += 1; continue }
            // A pattern may span lines: up to the closing delimiter that is followed by the modifiers.
            var body = String(lines[i].dropFirst())
            var close = closingDelimiter(body)
            while close == nil && i + 1 < lines.count {
                i += 1
                body += "\n" + lines[i]
                close = closingDelimiter(body)
            }
            i += 1
            guard let close else { continue }
            let modifiers = body[body.index(after: close)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            var block = Block(pattern: body[..<close].unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) },
                              modifiers: modifiers.filter { !$0.isEmpty }, subjects: [])
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                // `\=` lines are comments or subject modifiers of their own; they are not subjects.
                if !lines[i].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("\\=") {
                    block.subjects.append(subject(lines[i], utf: block.utf))
                }
                i += 1
            }
            blocks.append(block)
        }
        return blocks
    }

    /// The last `/` not escaped by an odd number of backslashes.
    static func closingDelimiter(_ s: String) -> String.Index? {
        var idx = s.endIndex
        while idx > s.startIndex {
            idx = s.index(before: idx)
            guard s[idx] == "/" else { continue }
            var backslashes = 0
            var k = idx
            while k > s.startIndex {
                k = s.index(before: k)
                if s[k] == "\\" { backslashes += 1 } else { break }
            }
            if backslashes % 2 == 0 { return idx }
        }
        return nil
    }

    /// A subject line's bytes. `\xhh` and `\ddd` are single bytes; `\x{…}` and `\N{U+…}` are characters in UTF
    /// mode. Outside UTF mode a byte ≥ 0x80 is not text the UTF-8-only engine can take, so the subject is nil.
    static func subject(_ line: String, utf: Bool) -> [UInt8]? {
        var s = Substring(line.drop { $0 == " " || $0 == "\t" })
        if let r = s.range(of: "\\=") {
            // Subject modifiers change how it is matched: not expressible here.
            guard s[r.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            s = s[..<r.lowerBound]
        }
        // Trailing whitespace is ignored by pcre2test.
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        let b = s.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "\\"), i + 1 < b.count else { out.append(b[i]); i += 1; continue }
            let c = b[i + 1]
            i += 2
            if let control = controlEscapes[c] { out.append(control); continue }
            switch c {
            case UInt8(ascii: "x"), UInt8(ascii: "N"):
                guard let (value, braced, next) = hexEscape(b, from: i, named: c == UInt8(ascii: "N")) else { return nil }
                i = next
                if braced && utf {
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    out += Array(String(Character(scalar)).utf8)
                } else {
                    guard value <= 0xFF else { return nil }
                    out.append(UInt8(value))
                }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = Int(c - 48)
                var n = 1
                while n < 3 && i < b.count && b[i] >= 48 && b[i] <= 55 { v = v * 8 + Int(b[i] - 48); i += 1; n += 1 }
                guard v <= 0xFF else { return nil }
                out.append(UInt8(v))
            default: out.append(c)
            }
        }
        // Raw bytes ≥ 0x80 only make sense as (valid) UTF-8 in UTF mode.
        if !utf && out.contains(where: { $0 >= 0x80 }) { return nil }
        return out
    }

    static let controlEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13, UInt8(ascii: "f"): 12, UInt8(ascii: "a"): 7,
        UInt8(ascii: "e"): 27, UInt8(ascii: "b"): 8, UInt8(ascii: "v"): 11, UInt8(ascii: "\\"): 92, UInt8(ascii: "$"): 36,
    ]

    /// `\xhh` (up to two digits), `\x{h…}` or `\N{U+h…}` starting after the letter: (value, braced, next index).
    static func hexEscape(_ b: [UInt8], from start: Int, named: Bool) -> (UInt32, Bool, Int)? {
        let prefix: [UInt8] = named ? Array("{U+".utf8) : [UInt8(ascii: "{")]
        if start + prefix.count <= b.count, Array(b[start..<(start + prefix.count)]) == prefix {
            var j = start + prefix.count
            while j < b.count && b[j] != UInt8(ascii: "}") { j += 1 }
            guard j < b.count, let v = UInt32(String(decoding: b[(start + prefix.count)..<j], as: UTF8.self), radix: 16) else { return nil }
            return (v, true, j + 1)
        }
        guard !named else { return nil }
        var j = start
        while j < b.count && j < start + 2 && b[j].isHex { j += 1 }
        // `\x` without digits is a NUL byte.
        let v = UInt32(String(decoding: b[start..<j], as: UTF8.self), radix: 16) ?? 0
        return (v, false, j)
    }
}

extension UInt8 {
    var isHex: Bool { (self >= 48 && self <= 57) || (self >= 65 && self <= 70) || (self >= 97 && self <= 102) }
}
