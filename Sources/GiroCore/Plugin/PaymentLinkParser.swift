/// Splits a link's bytes into a ``PaymentLink``; every rejection names the offset in the caller's payload.
package enum PaymentLinkParser {
    /// `bytes[range]` is the trimmed link; offsets are reported relative to the start of `bytes`.
    package static func parse(_ bytes: [UInt8], _ range: Range<Int>, format: String) throws(GiroError) -> PaymentLink {
        let t = bytes[range]
        // Links are ASCII (RFC 3986): anything else is not a link a bank app would open.
        if let bad = t.firstIndex(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            throw GiroError(.structureInvalid, field: "payload", offset: bad, format: format,
                            "byte 0x\(String(bad < bytes.count ? bytes[bad] : 0, radix: 16)) is not allowed in a link")
        }
        guard let colon = t.firstIndex(of: UInt8(ascii: ":")) else {
            throw GiroError(.headerInvalid, field: "payload", offset: range.lowerBound, format: format, "not a link (no scheme)")
        }
        let scheme = lower(t[range.lowerBound..<colon])
        var i = colon + 1
        var host = ""
        if i + 1 < range.upperBound, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
            i += 2
            var end = i
            while end < range.upperBound, !PaymentLink.isHostEnd(bytes[end]) { end += 1 }
            var authority = bytes[i..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
            host = lower(authority)
            i = end
            if i < range.upperBound, bytes[i] == UInt8(ascii: ":") {  // port
                while i < range.upperBound, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") { i += 1 }
            }
        }
        let pathStart = i
        while i < range.upperBound, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") { i += 1 }
        let path = String(decoding: bytes[pathStart..<i], as: UTF8.self)
        var query: [PaymentLink.QueryItem] = []
        if i < range.upperBound, bytes[i] == UInt8(ascii: "?") {
            var end = i + 1
            while end < range.upperBound, bytes[end] != UInt8(ascii: "#") { end += 1 }
            query = try items(bytes, (i + 1)..<end, format: format)
        }
        return PaymentLink(scheme: scheme, host: host, path: path, pathOffset: pathStart, query: query, text: String(decoding: t, as: UTF8.self))
    }

    /// `name=value` pairs separated by `&` (or `;`); empty pairs are skipped.
    static func items(_ bytes: [UInt8], _ range: Range<Int>, format: String) throws(GiroError) -> [PaymentLink.QueryItem] {
        var out: [PaymentLink.QueryItem] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: ";") { end += 1 }
            if end > start {
                let pair = bytes[start..<end]
                let eq = pair.firstIndex(of: UInt8(ascii: "=")) ?? end
                let name = try decoded(bytes, start..<eq, format: format, lowercased: true)
                let value = eq < end ? try decoded(bytes, (eq + 1)..<end, format: format) : ""
                out.append(PaymentLink.QueryItem(name: name, value: value, offset: start))
            }
            start = end + 1
        }
        return out
    }

    /// Percent-decoded UTF-8 text; a broken escape or bytes that are not UTF-8 reject the link.
    static func decoded(_ bytes: [UInt8], _ range: Range<Int>, format: String, lowercased: Bool = false) throws(GiroError) -> String {
        var d = PercentDecoding(bytes[range], plusAsSpace: true)
        if let bad = d.firstInvalidPercent {
            throw GiroError(.structureInvalid, field: "payload", offset: range.lowerBound + bad, format: format, "broken percent escape in the link")
        }
        if lowercased { for k in d.bytes.indices where d.bytes[k] >= 65 && d.bytes[k] <= 90 { d.bytes[k] += 32 } }
        let out = d.bytes
        if let first = UTF8Validation.firstNonASCII(out[...]), UTF8Validation.firstInvalid(out[...], from: first) != nil {
            throw GiroError(.charsetInvalid, field: "payload", offset: range.lowerBound, format: format,
                            "a percent-decoded link value is not UTF-8")
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func lower(_ s: ArraySlice<UInt8>) -> String {
        String(decoding: s.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
