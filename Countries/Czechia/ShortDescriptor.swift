import GiroCore

/// The `HEADER*major.minor*KEY:VALUE*…` syntax shared by SPAYD (`SPD`, `SCD`) and SID.
///
/// Splitting on `*` is safe because a `*` inside a value must be written `%2A`. Values keep their encoded
/// form (the CRC32 is computed over it) and are percent-decoded on demand. Offsets are byte offsets
/// into the payload, so errors point at the attribute.
struct ShortDescriptor {
    struct Attribute {
        var key: String
        /// Position of `key` in the format's ``KeyIndex``; nil for an extension or unknown key.
        var standardKey: Int? = nil
        /// The value as written (percent-encoded), without surrounding whitespace.
        var raw: ArraySlice<UInt8>
        /// Byte offset of the key in the payload.
        var offset: Int
    }

    var header: String
    var version: String
    var major: Int
    var minor: Int
    var attributes: [Attribute]

    /// Parses `bytes[start...]`; `format` names the plug-in in errors, `keys` are its standard keys.
    static func parse(_ bytes: [UInt8], from start: Int, format: String, headers: [String], keys: KeyIndex,
                      diagnostics: inout [Diagnostic]) throws(GiroError) -> ShortDescriptor {
        var parts: [Range<Int>] = []
        parts.reserveCapacity(32)  // growing from empty reallocated ~5 times per descriptor
        var s = start
        for i in start..<bytes.count where bytes[i] == 0x2A {
            parts.append(s..<i)
            s = i + 1
        }
        parts.append(s..<bytes.count)
        // The `*` after the last attribute is optional.
        if parts.count > 1, parts[parts.count - 1].isEmpty { parts.removeLast() }

        let header = String(decoding: bytes[parts[0]], as: UTF8.self)
        guard headers.contains(header) else {
            throw GiroError(.headerInvalid, field: "header", offset: start, format: format,
                            "the payload must start with \(headers.map { $0 + "*" }.joined(separator: " or "))")
        }
        guard parts.count >= 2, let (major, minor) = version(bytes[parts[1]]) else {
            throw GiroError(.versionUnsupported, field: "version", offset: parts.count >= 2 ? parts[1].lowerBound : nil,
                            format: format, "the version after \(header)* must be major.minor digits (1.0)")
        }
        let versionText = String(decoding: bytes[parts[1]], as: UTF8.self)

        var attributes: [Attribute] = []
        attributes.reserveCapacity(parts.count - 2)
        for r in parts.dropFirst(2) {
            guard let colon = bytes[r].firstIndex(of: 0x3A), colon > r.lowerBound else {
                throw GiroError(.structureInvalid, field: "payload", offset: r.lowerBound, format: format,
                                "attribute at byte \(r.lowerBound) is not KEY:VALUE")
            }
            let keyBytes = bytes[r.lowerBound..<colon]
            // Keys are upper case; digits occur after the first letter (CRC32, TB0).
            for i in keyBytes.indices {
                let b = bytes[i]
                let ok = (b >= 65 && b <= 90) || (i > r.lowerBound && (b == 45 || (b >= 48 && b <= 57)))
                if !ok {
                    throw GiroError(.fieldInvalid, field: String(decoding: keyBytes, as: UTF8.self), offset: i, format: format,
                                    "keys are upper-case letters, digits and '-', starting with a letter")
                }
            }
            var v = bytes[(colon + 1)..<r.upperBound]
            var trimmed = false
            while let f = v.first, f == 0x20 || f == 0x09 { v = v.dropFirst(); trimmed = true }
            while let l = v.last, l == 0x20 || l == 0x09 { v = v.dropLast(); trimmed = true }
            let standardKey = keys.index(of: keyBytes)
            let key = standardKey.map { keys.names[$0] } ?? String(decoding: keyBytes, as: UTF8.self)
            if trimmed {
                diagnostics.append(.warning(.whitespaceTrimmed, field: key, offset: r.lowerBound,
                                            "whitespace around the value of \(key) removed"))
            }
            attributes.append(Attribute(key: key, standardKey: standardKey, raw: v, offset: r.lowerBound))
        }
        return ShortDescriptor(header: header, version: versionText, major: major, minor: minor, attributes: attributes)
    }

    /// `1.0` → (1, 0); at most 3 digits each side.
    static func version(_ v: ArraySlice<UInt8>) -> (Int, Int)? {
        guard let dot = v.firstIndex(of: 0x2E) else { return nil }
        let a = v[v.startIndex..<dot], b = v[(dot + 1)...]
        guard let major = smallNumber(a), let minor = smallNumber(b) else { return nil }
        return (major, minor)
    }

    static func smallNumber(_ s: ArraySlice<UInt8>) -> Int? {
        guard !s.isEmpty, s.count <= 3 else { return nil }
        var n = 0
        for b in s { guard b >= 48, b <= 57 else { return nil }; n = n * 10 + Int(b - 48) }
        return n
    }

    /// Percent-decodes (`%2A`, `%c3%a1`; `+` stays `+`). Returns the bytes and the offset (within `raw`)
    /// of the first `%` not followed by two hex digits, which is kept literally.
    static func percentDecode(_ raw: ArraySlice<UInt8>) -> (bytes: [UInt8], badEscape: Int?) {
        guard raw.contains(0x25) else { return (Array(raw), nil) }
        let d = PercentDecoding(raw, plusAsSpace: false)
        return (d.bytes, d.firstInvalidPercent)
    }
}
