/// A small, strict parser for the common batch line shape `{"id": …, "payload": "…"}` /
/// `{"id": …, "payloadBase64": "…"}`: flat objects whose values are strings, integers, `true`, `false`
/// or `null`. Anything else (nested values, fractions, exponents, odd whitespace) returns nil and the
/// caller falls back to `JSONDecoder`, so correctness never depends on this fast path.
enum BatchLineParser {
    struct Fields {
        var id: BatchDecoder.LineID?
        var payload: [UInt8]?
        var payloadBase64: [UInt8]?
    }

    static func parse(_ line: ArraySlice<UInt8>) -> Fields? {
        var p = Cursor(bytes: line)
        var fields = Fields()
        p.skipSpace()
        guard p.take(UInt8(ascii: "{")) else { return nil }
        p.skipSpace()
        if p.take(UInt8(ascii: "}")) { return p.atEndAfterSpace() ? fields : nil }
        while true {
            p.skipSpace()
            guard let key = p.string() else { return nil }
            p.skipSpace()
            guard p.take(UInt8(ascii: ":")) else { return nil }
            p.skipSpace()
            let keyText = String(decoding: key, as: UTF8.self)
            guard let next = p.peek else { return nil }
            switch next {
            case UInt8(ascii: "\""):
                guard let value = p.string() else { return nil }
                switch keyText {
                case "id": fields.id = .string(String(decoding: value, as: UTF8.self))
                case "payload": fields.payload = value
                case "payloadBase64": fields.payloadBase64 = value
                default: break
                }
            case UInt8(ascii: "-"), 48...57:
                guard let n = p.integer() else { return nil }
                if keyText == "id" { fields.id = .integer(n) } else if keyText == "payload" || keyText == "payloadBase64" { return nil }
            case UInt8(ascii: "n"):
                guard p.literal("null") else { return nil }
                if keyText == "id" { fields.id = .missing }
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                guard p.literal("true") || p.literal("false") else { return nil }
                if keyText == "id" || keyText == "payload" || keyText == "payloadBase64" { return nil }
            default:
                return nil
            }
            p.skipSpace()
            if p.take(UInt8(ascii: ",")) { continue }
            guard p.take(UInt8(ascii: "}")) else { return nil }
            return p.atEndAfterSpace() ? fields : nil
        }
    }

    struct Cursor {
        let bytes: ArraySlice<UInt8>
        var i: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            i = bytes.startIndex
        }

        var peek: UInt8? { i < bytes.endIndex ? bytes[i] : nil }

        mutating func take(_ b: UInt8) -> Bool {
            guard peek == b else { return false }
            i += 1
            return true
        }

        mutating func skipSpace() {
            while let b = peek, b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A { i += 1 }
        }

        mutating func atEndAfterSpace() -> Bool {
            skipSpace()
            return i == bytes.endIndex
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard bytes.endIndex - i >= n else { return false }
            let ok = word.withUTF8Buffer { w in (0..<n).allSatisfy { bytes[i + $0] == w[$0] } }
            if ok { i += n }
            return ok
        }

        /// A JSON integer without fraction or exponent that fits Int64.
        mutating func integer() -> Int64? {
            var negative = false
            if take(UInt8(ascii: "-")) { negative = true }
            var v: Int64 = 0
            var digits = 0
            while let b = peek, b >= 48, b <= 57 {
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int64(b - 48))
                if o1 || o2 { return nil }
                v = s
                digits += 1
                i += 1
            }
            if digits == 0 { return nil }
            if let b = peek, b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { return nil }
            return negative ? -v : v
        }

        /// A JSON string's UTF-8 bytes with escapes resolved; nil on any malformation.
        mutating func string() -> [UInt8]? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(512)
            while let b = peek {
                i += 1
                switch b {
                case UInt8(ascii: "\""):
                    return UTF8Validation.isValid(out[...]) ? out : nil
                case UInt8(ascii: "\\"):
                    guard let e = peek else { return nil }
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800...0xDBFF).contains(scalar) {
                            guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            return nil
                        }
                        guard let s = Unicode.Scalar(scalar) else { return nil }
                        UTF8.encode(s) { out.append($0) }
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    out.append(b)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.endIndex - i >= 4 else { return nil }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[i]
                let d: UInt32
                switch b {
                case 48...57: d = UInt32(b - 48)
                case 65...70: d = UInt32(b - 55)
                case 97...102: d = UInt32(b - 87)
                default: return nil
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }
    }
}
