import GiroCore

/// How the raw bytes of a HUB3 payload are read (spec §0.2): ECI when the symbol announced one; else
/// UTF-8 when valid; else Windows-1250 (when bytes 0x80–0x9F occur, which ISO-8859-2 leaves to control
/// codes) or ISO-8859-2 — with `charset_fallback` naming the one used. UTF-8 text that a scanner already
/// turned into Latin-1 mojibake (`Å½ELJKO`) is repaired with `charset_mismatch`.
enum HUB3Charset {
    /// A charset warning, raised by the decoder once it exists (``HUB3Decoder/decode(_:format:)``).
    typealias Warning = (code: ErrorCode, uncertain: Bool, message: String)

    struct Reading {
        var bytes: [UInt8]
        var charset: Charset
        var warnings: [Warning]
    }

    static func read(_ input: [UInt8], eci: Int?, format: String) throws(GiroError) -> Reading {
        var warnings: [Warning] = []
        let charset: Charset
        switch eci {
        case 26?: charset = .utf8
        case 4?: charset = .iso8859_2
        case 21?: charset = .windows1250
        case 3?: charset = .iso8859_1
        case let other?:
            throw GiroError(.charsetUnsupported, format: format, "ECI \(other) is not a charset HUB3 can be read in")
        case nil:
            guard let first = UTF8Validation.firstNonASCII(input[...]) else { return Reading(bytes: input, charset: .utf8, warnings: []) }
            if UTF8Validation.firstInvalid(input[...], from: first) == nil {
                if let repaired = repairMojibake(input) {
                    warnings.append((.charsetMismatch, true, "UTF-8 text that had been read as Latin-1 (mojibake) repaired"))
                    return Reading(bytes: repaired, charset: .utf8, warnings: warnings)
                }
                return Reading(bytes: input, charset: .utf8, warnings: [])
            }
            charset = input.contains(where: { $0 >= 0x80 && $0 <= 0x9F }) ? .windows1250 : .iso8859_2
            // A guess between two charsets: the record is uncertain (decoding policy).
            warnings.append((.charsetFallback, true, "the bytes are not valid UTF-8; read as \(charset.rawValue)"))
        }
        // Transcode once to UTF-8 so every later step works on one encoding.
        switch charset.decode(input[...]) {
        case .success(let text):
            return Reading(bytes: Array(text.utf8), charset: charset, warnings: warnings)
        case .failure(let bad):
            throw GiroError(.charsetInvalid, offset: bad.offset, format: format,
                            diagnostics: warnings.map { .warning($0.code, field: "payload", uncertain: $0.uncertain, $0.message) },
                            "byte 0x\(String(bad.byte, radix: 16, uppercase: true)) at offset \(bad.offset) is not valid \(charset.rawValue)")
        }
    }

    /// Valid UTF-8 whose non-ASCII characters are all U+0080–U+00FF and whose Latin-1 bytes are themselves
    /// valid multi-byte UTF-8: the undone double decoding, or nil.
    static func repairMojibake(_ u: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(u.count)
        var i = 0
        while i < u.count {
            let b = u[i]
            if b < 0x80 { out.append(b); i += 1; continue }
            guard b == 0xC2 || b == 0xC3, i + 1 < u.count else { return nil }
            out.append(((b & 0x03) << 6) | (u[i + 1] & 0x3F))
            i += 2
        }
        guard let first = UTF8Validation.firstNonASCII(out[...]), UTF8Validation.firstInvalid(out[...], from: first) == nil else { return nil }
        return out
    }

    /// ``isAllowed(_:)`` for the 128 ASCII bytes.
    static let allowedASCII: [Bool] = (0..<128).map { isAllowed(Unicode.Scalar(UInt8($0))) }

    /// HUB3 v6 repertoire: digits, Croatian letters incl. Q W X Y, space and `, . : - + ? ' / ( )`.
    static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20: return true
        case 0x2C, 0x2E, 0x3A, 0x2D, 0x2B, 0x3F, 0x27, 0x2F, 0x28, 0x29: return true
        // Č č Ć ć Đ đ Š š Ž ž
        case 0x10C, 0x10D, 0x106, 0x107, 0x110, 0x111, 0x160, 0x161, 0x17D, 0x17E: return true
        default: return false
        }
    }
}
