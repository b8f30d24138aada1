// The public JSON entry points. The writer behind them is `package`: its shape may change, the bytes may not.

extension PaymentRecord {
    /// The record as compact JSON (UTF-8, sorted keys, `null` for absent values): the same bytes as
    /// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`, several times faster.
    public func jsonBytes() -> [UInt8] { JSONWriter.bytes(of: self) }

    /// ``jsonBytes()`` as a string.
    public func jsonString() -> String { String(decoding: jsonBytes(), as: UTF8.self) }
}

extension GiroError {
    /// The error as compact JSON, in the same form as ``PaymentRecord/jsonBytes()``.
    public func jsonBytes() -> [UInt8] { JSONWriter.bytes(of: self) }

    /// ``jsonBytes()`` as a string.
    public func jsonString() -> String { String(decoding: jsonBytes(), as: UTF8.self) }
}

extension JSONWriter {
    /// Compact JSON bytes of one value.
    package static func bytes(of value: some JSONWritable) -> [UInt8] {
        var w = JSONWriter()
        value.writeJSON(to: &w)
        return w.bytes
    }
}
