/// A small strict JSON reader (RFC 8259) for files whose errors must point into them — the caller's OCR words file,
/// slip templates: every member and element keeps its byte offset (Foundation's parser drops positions). Depth is
/// bounded; numbers are read as `Double` (coordinates and sizes, never money). Shared by GiroOCR and GiroSlips.
package indirect enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue, offset: Int)])
    case array([(value: JSONValue, offset: Int)])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// Where and why the bytes are not JSON; each caller turns it into its own error code.
package struct JSONSyntaxError: Error, Sendable {
    package var offset: Int
    package var message: String
}

package struct PositionedJSON {
    package static let maxDepth = 32
    let bytes: [UInt8]
    private var i = 0

    /// A leading UTF-8 byte order mark is skipped.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = PositionedJSON(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        let value = try parser.value(depth: 0)
        parser.skipSpaces()
        guard parser.i == bytes.count else { throw parser.error("unexpected content after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: i, message: message) }

    private mutating func skipSpaces() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maxDepth else { throw error("JSON nested deeper than \(Self.maxDepth) levels") }
        skipSpaces()
        guard i < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[i] {
        case 0x7B: return try object(depth: depth)
        case 0x5B: return try array(depth: depth)
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw error("unexpected character in JSON")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var members: [(key: String, value: JSONValue, offset: Int)] = []
        skipSpaces()
        if i < bytes.count, bytes[i] == 0x7D { i += 1; return .object(members) }
        while true {
            skipSpaces()
            guard i < bytes.count, bytes[i] == 0x22 else { throw error("expected a key string") }
            let key = try string()
            skipSpaces()
            guard i < bytes.count, bytes[i] == 0x3A else { throw error("expected ':'") }
            i += 1
            skipSpaces()
            let at = i
            members.append((key, try value(depth: depth + 1), at))
            skipSpaces()
            guard i < bytes.count else { throw error("unterminated object") }
            if bytes[i] == 0x2C { i += 1; continue }
            guard bytes[i] == 0x7D else { throw error("expected ',' or '}'") }
            i += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var elements: [(value: JSONValue, offset: Int)] = []
        skipSpaces()
        if i < bytes.count, bytes[i] == 0x5D { i += 1; return .array(elements) }
        while true {
            skipSpaces()
            let at = i
            elements.append((try value(depth: depth + 1), at))
            skipSpaces()
            guard i < bytes.count else { throw error("unterminated array") }
            if bytes[i] == 0x2C { i += 1; continue }
            guard bytes[i] == 0x5D else { throw error("expected ',' or ']'") }
            i += 1
            return .array(elements)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let ok = i + n <= bytes.count && word.withUTF8Buffer { p in (0..<n).allSatisfy { bytes[i + $0] == p[$0] } }
        guard ok else { throw error("invalid literal") }
        i += n
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == 0x2D { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        let integer = digits()
        guard integer > 0, integer == 1 || bytes[i - integer] != 0x30 else { throw error("invalid number") }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            guard digits() > 0 else { throw error("invalid number") }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
        guard i - start <= 64, let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
            throw JSONSyntaxError(offset: start, message: "number out of range")
        }
        return value
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22:
                i += 1
                return String(decoding: out, as: UTF8.self)
            case 0x5C:
                guard i + 1 < bytes.count else { break }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case 0x22, 0x5C, 0x2F: out.append(e)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    var scalar = try hex4()
                    if scalar >= 0xD800, scalar < 0xDC00 {
                        guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { throw error("unpaired surrogate") }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw error("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(u).utf8))
                default: throw error("invalid escape")
                }
                continue
            case 0x00...0x1F: throw error("control character in string")
            default: out.append(b)
            }
            i += 1
        }
        throw JSONSyntaxError(offset: start, message: "unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape")
        }
        i += 4
        return v
    }
}
