import GiroCore

/// A JSON value that remembers the line it starts on, so a template error can name file, line and key.
/// Foundation's JSON parser drops positions; templates are small, a direct parser is simpler than mapping back.
indirect enum TemplateJSON: Sendable {
    case object([(key: String, value: TemplateJSON, line: Int)], line: Int)
    case array([TemplateJSON], line: Int)
    case string(String, line: Int)
    case number(Double, line: Int)
    case bool(Bool, line: Int)
    case null(line: Int)

    var line: Int {
        switch self {
        case .object(_, let l), .array(_, let l), .string(_, let l), .number(_, let l), .bool(_, let l), .null(let l): l
        }
    }

    var typeName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    static let maxBytes = 1 << 20
    static let maxDepth = 32

    /// Parses UTF-8 JSON; a syntax error is reported with its line (`key` is `$`).
    static func parse(_ bytes: [UInt8], file: String) throws(GiroError) -> TemplateJSON {
        guard bytes.count <= maxBytes else {
            throw GiroError(.slipTemplateInvalid, field: "$", "\(file): template larger than 1 MiB")
        }
        var p = Parser(b: bytes, file: file)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.fail("trailing characters after the JSON value") }
        return v
    }

    private struct Parser {
        let b: [UInt8]
        let file: String
        var i = 0
        var line = 1

        init(b: [UInt8], file: String) {
            // A UTF-8 byte order mark is tolerated.
            self.b = b
            self.file = file
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        }

        func fail(_ message: String) -> GiroError {
            GiroError(.slipTemplateInvalid, field: "$", line: line, "\(file):\(line): JSON syntax: \(message)")
        }

        mutating func skipSpace() {
            while i < b.count {
                switch b[i] {
                case 0x0A: line += 1; i += 1
                case 0x20, 0x09, 0x0D: i += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(GiroError) -> TemplateJSON {
            guard depth < TemplateJSON.maxDepth else { throw fail("nested deeper than \(TemplateJSON.maxDepth)") }
            guard i < b.count else { throw fail("unexpected end") }
            let start = line
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: TemplateJSON, line: Int)] = []
                skipSpace()
                if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(members, line: start) }
                while true {
                    skipSpace()
                    guard i < b.count, b[i] == 0x22 else { throw fail("expected a key string") }
                    let keyLine = line
                    let key = try string()
                    skipSpace()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after \"\(key)\"") }
                    i += 1
                    skipSpace()
                    let v = try value(depth: depth + 1)
                    if members.contains(where: { $0.key == key }) {
                        throw GiroError(.slipTemplateInvalid, field: key, line: keyLine, "\(file):\(keyLine): duplicate key \"\(key)\"")
                    }
                    members.append((key, v, keyLine))
                    skipSpace()
                    guard i < b.count else { throw fail("unexpected end in object") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "}") { i += 1; return .object(members, line: start) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [TemplateJSON] = []
                skipSpace()
                if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items, line: start) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < b.count else { throw fail("unexpected end in array") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "]") { i += 1; return .array(items, line: start) }
                    throw fail("expected ',' or ']'")
                }
            case 0x22:
                return .string(try string(), line: start)
            case UInt8(ascii: "t"): try literal("true"); return .bool(true, line: start)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false, line: start)
            case UInt8(ascii: "n"): try literal("null"); return .null(line: start)
            default:
                return .number(try number(), line: start)
            }
        }

        mutating func literal(_ word: String) throws(GiroError) {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, Array(b[i..<(i + w.count)]) == w else { throw fail("unknown literal") }
            i += w.count
        }

        mutating func number() throws(GiroError) -> Double {
            let s = i
            while i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: ".")
                    || b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") || (b[i] >= 48 && b[i] <= 57) { i += 1 }
            guard i > s, i - s <= 32, let v = Double(String(decoding: b[s..<i], as: UTF8.self)), v.isFinite else {
                throw fail("not a number")
            }
            return v
        }

        mutating func string() throws(GiroError) -> String {
            i += 1
            var out: [UInt8] = []
            while i < b.count {
                let c = b[i]
                if c == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
                if c < 0x20 { throw fail("control character in string") }
                if c == UInt8(ascii: "\\") {
                    guard i + 1 < b.count else { break }
                    let e = b[i + 1]
                    i += 2
                    switch e {
                    case 0x22, 0x5C, 0x2F: out.append(e)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= b.count, let u = UInt32(String(decoding: b[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                            throw fail("bad \\u escape")
                        }
                        i += 4
                        // Surrogate pairs are not needed by any template; a lone surrogate becomes U+FFFD.
                        let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
                        out += Array(String(Character(scalar)).utf8)
                    default: throw fail("bad escape")
                    }
                    continue
                }
                out.append(c)
                i += 1
            }
            throw fail("unterminated string")
        }
    }
}
