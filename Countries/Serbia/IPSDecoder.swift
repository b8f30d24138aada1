import GiroCore

/// One decoding run over an NBS IPS payload: the `TAG:value` segments found and the warnings collected so
/// far. Rejections go through ``fail(_:tag:_:)`` with the tag's byte offset and the warnings seen before.
struct IPSDecoder {
    struct Segment {
        var value: ArraySlice<UInt8>
        /// Byte offset of the tag in the payload.
        var offset: Int
    }

    let format: String
    let bytes: [UInt8]
    /// One slot per tag, indexed by ``IPSTag/order`` (a dictionary cost more than the whole parse).
    var segments = [Segment?](repeating: nil, count: IPSTag.count)
    var diagnostics: [Diagnostic] = []

    init(format: String, bytes: [UInt8]) {
        self.format = format
        self.bytes = bytes
    }

    func fail(_ code: ErrorCode, tag: IPSTag?, field: String? = nil, offset: Int? = nil, _ message: String) -> GiroError {
        GiroError(code, field: field ?? tag?.path ?? "payload", offset: offset ?? tag.flatMap { segments[$0.order]?.offset },
                  format: format, diagnostics: diagnostics, message)
    }

    mutating func warn(_ code: ErrorCode, tag: IPSTag?, field: String? = nil, offset: Int? = nil, _ message: String) {
        diagnostics.append(.warning(code, field: field ?? tag?.path ?? "payload",
                                    offset: offset ?? tag.flatMap { segments[$0.order]?.offset }, message))
    }

    mutating func info(_ code: ErrorCode, tag: IPSTag, _ message: String) {
        diagnostics.append(.info(code, field: tag.path, offset: segments[tag.order]?.offset, message))
    }

    /// Splits `TAG:value|TAG:value…` (the first `:` separates; values may hold `:`). Unknown tags, empty
    /// values and empty segments are dropped with a warning; a duplicate tag or a segment without `:`
    /// rejects the payload; tags out of the specified order are kept with `ips_tag_order`.
    mutating func split(from start: Int, to end: Int) throws(GiroError) {
        var lastOrder = -1
        var orderWarned = false
        var segmentStart = start
        for k in start...end where k == end || bytes[k] == UInt8(ascii: "|") {
            defer { segmentStart = k + 1 }
            let i = segmentStart
            if i == k {
                warn(.ipsEmptySegment, tag: nil, offset: i, k == end ? "'|' at the end of the payload ignored" : "empty segment '||' ignored")
                continue
            }
            guard let colon = bytes[i..<k].firstIndex(of: UInt8(ascii: ":")) else {
                throw fail(.structureInvalid, tag: nil, offset: i, "segment at byte \(i) has no ':' between tag and value")
            }
            let name = bytes[i..<colon]
            guard let tag = IPSTag(bytes: name) else {
                let shown = name.count <= 8 ? String(decoding: name, as: UTF8.self) : "(\(name.count) bytes)"
                warn(.ipsUnknownTag, tag: nil, field: "payload", offset: i, "unknown tag '\(shown)' ignored")
                continue
            }
            if segments[tag.order] != nil {
                throw fail(.ipsDuplicateTag, tag: tag, offset: i, "tag \(tag.rawValue) occurs more than once")
            }
            if tag.order < lastOrder, !orderWarned {
                orderWarned = true
                warn(.ipsTagOrder, tag: nil, offset: i, "tag \(tag.rawValue) is out of the specified order (K, V, C, R, N, I, O, P, SF, S, M, JS, RO, RL, RP, RK)")
            }
            lastOrder = max(lastOrder, tag.order)
            let value = bytes[(colon + 1)..<k]
            if value.isEmpty {
                warn(.ipsEmptyTag, tag: nil, field: tag.path, offset: i, "tag \(tag.rawValue) has no value; optional tags without value must be omitted")
                continue
            }
            segments[tag.order] = Segment(value: value, offset: i)
        }
    }

    func value(_ tag: IPSTag) -> ArraySlice<UInt8>? { segments[tag.order]?.value }

    func text(_ tag: IPSTag) -> String? { segments[tag.order].map { String(decoding: $0.value, as: UTF8.self) } }

    /// `true` when the tag's value is exactly `text` (ASCII), without building a string.
    func value(_ tag: IPSTag, is text: StaticString) -> Bool {
        guard let v = value(tag), v.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { v.elementsEqual($0) }
    }

    /// Multi-line text (N, P): lines split at LF, CR LF or CR, trimmed, empty ones dropped; `max`
    /// characters, 3 lines.
    mutating func lines(_ tag: IPSTag, max: Int) -> [String]? {
        guard let raw = value(tag) else { return nil }
        var out: [String] = []
        var count = 0
        var start = raw.startIndex
        var i = raw.startIndex
        func flush(_ end: Int) {
            var lo = start
            var hi = end
            while lo < hi, raw[lo] == 0x20 || raw[lo] == 0x09 { lo += 1 }
            while hi > lo, raw[hi - 1] == 0x20 || raw[hi - 1] == 0x09 { hi -= 1 }
            if lo < hi { out.append(String(decoding: raw[lo..<hi], as: UTF8.self)) }
        }
        while i < raw.endIndex {
            let b = raw[i]
            if b == 0x0A || b == 0x0D {
                flush(i)
                if b == 0x0D, i + 1 < raw.endIndex, raw[i + 1] == 0x0A { i += 1 }
                count += 1
                start = i + 1
            } else if b & 0xC0 != 0x80 {
                count += 1
            }
            i += 1
        }
        flush(raw.endIndex)
        if count > max { warn(.fieldTooLong, tag: tag, "\(count) characters, IPS QR allows \(max)") }
        if out.count > 3 { warn(.fieldTooLong, tag: tag, "\(out.count) lines, IPS QR allows 3") }
        return out.isEmpty ? nil : out
    }

    /// Single-line text with a character limit (warning `field_too_long`).
    mutating func single(_ tag: IPSTag, max: Int) -> String? {
        guard let t = text(tag) else { return nil }
        let count = t.unicodeScalars.count
        if count > max { warn(.fieldTooLong, tag: tag, "\(count) characters, IPS QR allows \(max)") }
        return t
    }
}

