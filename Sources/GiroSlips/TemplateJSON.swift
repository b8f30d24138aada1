import GiroCore

/// A JSON value that remembers the line it starts on, so a template error can name file, line and key.
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

    /// Parses UTF-8 JSON (GiroCore's positioned reader) and turns byte offsets into lines; a syntax error is
    /// reported with its line (`key` is `$`), a duplicate key with its own.
    static func parse(_ bytes: [UInt8], file: String) throws(GiroError) -> TemplateJSON {
        guard bytes.count <= maxBytes else {
            throw GiroError(.slipTemplateInvalid, field: "$", "\(file): template larger than 1 MiB")
        }
        let lines = LineIndex(bytes)
        let root: JSONValue
        do { root = try PositionedJSON.parse(bytes) } catch {
            let line = lines.line(at: error.offset)
            throw GiroError(.slipTemplateInvalid, field: "$", line: line, "\(file):\(line): JSON syntax: \(error.message)")
        }
        let first = bytes.firstIndex { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") || $0 == 0x22 } ?? 0
        return try convert(root, at: first, lines, file: file)
    }

    private static func convert(_ v: JSONValue, at offset: Int, _ lines: LineIndex, file: String) throws(GiroError) -> TemplateJSON {
        let line = lines.line(at: offset)
        switch v {
        case .object(let members):
            var out: [(key: String, value: TemplateJSON, line: Int)] = []
            for m in members {
                let keyLine = lines.line(at: m.offset)
                if out.contains(where: { $0.key == m.key }) {
                    throw GiroError(.slipTemplateInvalid, field: m.key, line: keyLine, "\(file):\(keyLine): duplicate key \"\(m.key)\"")
                }
                out.append((m.key, try convert(m.value, at: m.offset, lines, file: file), keyLine))
            }
            return .object(out, line: line)
        case .array(let elements):
            var out: [TemplateJSON] = []
            for e in elements { out.append(try convert(e.value, at: e.offset, lines, file: file)) }
            return .array(out, line: line)
        case .string(let s): return .string(s, line: line)
        case .number(let d): return .number(d, line: line)
        case .bool(let b): return .bool(b, line: line)
        case .null: return .null(line: line)
        }
    }

    /// Byte offset → 1-based line number.
    private struct LineIndex {
        let newlines: [Int]
        init(_ bytes: [UInt8]) { newlines = bytes.indices.filter { bytes[$0] == 0x0A } }
        /// Lines start after each newline: count the newlines before `offset`.
        func line(at offset: Int) -> Int {
            var lo = 0, hi = newlines.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if newlines[mid] < offset { lo = mid + 1 } else { hi = mid }
            }
            return lo + 1
        }
    }
}
