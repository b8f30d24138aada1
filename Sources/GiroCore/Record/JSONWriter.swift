/// A compact JSON writer for Giro's output types (plumbing: callers use ``PaymentRecord/jsonBytes()``), byte-for-byte equal to `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` (a test pins that), and an order of magnitude faster,
/// so batch output is not dominated by serialisation. Keys are written in sorted order by hand.
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    // MARK: Scalars

    @inline(__always) mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func null() { raw("null") }
    package mutating func bool(_ v: Bool) { v ? raw("true") : raw("false") }

    package mutating func int<I: BinaryInteger>(_ v: I) {
        bytes.append(contentsOf: String(v).utf8)
    }

    package mutating func string(_ s: String) {
        bytes.append(0x22)
        var text = s
        text.withUTF8 { appendEscaped($0) }
        bytes.append(0x22)
    }

    /// Copies runs that need no escaping in one go; escapes `"`, `\` and control characters.
    mutating func appendEscaped(_ p: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for i in 0..<p.count {
            let b = p[i]
            if b >= 0x20, b != 0x22, b != 0x5C { continue }
            if run < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<i])) }
            run = i + 1
            switch b {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            default:
                raw("\\u00")
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 0xF)])
            }
        }
        if run < p.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<p.count])) }
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    package mutating func string(_ s: String?) { if let s { string(s) } else { null() } }
    package mutating func bool(_ v: Bool?) { if let v { bool(v) } else { null() } }
    package mutating func int(_ v: Int?) { if let v { int(v) } else { null() } }

    // MARK: Structure

    /// Writes `{…}`; `body` writes the members with ``key(_:_:)`` in sorted order.
    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = needsComma
        needsComma = false
        body(&self)
        needsComma = outer
        bytes.append(UInt8(ascii: "}"))
    }

    /// One member of the enclosing object (a key needing no escapes).
    package mutating func key(_ name: StaticString, _ value: (inout JSONWriter) -> Void) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x22)
        raw(name)
        bytes.append(0x22)
        bytes.append(UInt8(ascii: ":"))
        value(&self)
        needsComma = true
    }

    /// One member with a run-time key (escaped).
    package mutating func key(dynamic name: String, _ value: (inout JSONWriter) -> Void) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
        value(&self)
        needsComma = true
    }

    package mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        let outer = needsComma
        for (i, item) in items.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        needsComma = outer
        bytes.append(UInt8(ascii: "]"))
    }

    package mutating func stringArray(_ items: [String]) { array(items) { $0.string($1) } }

    /// A `[String: String]` with its keys sorted as `.sortedKeys` does: by UTF-8 bytes. (String's `<` compares
    /// canonically, so `t` + U+0308 would sort after `ü`, which JSONEncoder puts it before.)
    package mutating func stringDictionary(_ d: [String: String]) {
        object { o in
            for k in d.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { o.key(dynamic: k) { $0.string(d[k] ?? "") } }
        }
    }

    package mutating func value<T: JSONWritable>(_ v: T?) { if let v { v.writeJSON(to: &self) } else { null() } }
}

/// Types the fast writer knows.
package protocol JSONWritable {
    func writeJSON(to w: inout JSONWriter)
}

extension JSONWriter {
    /// A number in 0…1 with at most two decimals, as `JSONEncoder` writes the same `Double` (`1`, `0.9`, `0.07`).
    package mutating func hundredths(_ v: Double) {
        let h = Int((FieldProvenance.clamped(v) * 100).rounded())
        if h % 100 == 0 { int(h / 100); return }
        let digits = h % 10 == 0 ? "0.\(h / 10)" : (h < 10 ? "0.0\(h)" : "0.\(h)")
        for b in digits.utf8 { bytes.append(b) }
    }
}
