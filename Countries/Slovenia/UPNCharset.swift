import GiroCore

/// How the bytes of a UPN QR payload are read (ISO-8859-2 is mandated; ECI 4).
enum UPNCharset {
    /// ECI 4 (mandatory) or none → ISO-8859-2; valid multi-byte UTF-8 without ECI → UTF-8 with `charset_mismatch`,
    /// uncertain (a guess); ECI 26 / 3 / 21 → UTF-8 / ISO-8859-1 / Windows-1250 as declared, with `charset_mismatch`;
    /// other ECIs are refused. Returns the charset, the text transcoded to UTF-8 and the charset warnings.
    /// A charset warning, raised by the decoder once it exists (``UPNDecoder/decode(_:format:)``).
    typealias Warning = (code: ErrorCode, uncertain: Bool, message: String)

    static func read(_ bytes: [UInt8], eci: Int?, format: String) throws(GiroError) -> (Charset, [UInt8], [Warning]) {
        var out: [Warning] = []
        let charset: Charset
        switch eci {
        case nil, 4?:
            if eci == nil, UTF8Validation.firstNonASCII(bytes[...]) != nil, UTF8Validation.isValid(bytes[...]) {
                charset = .utf8
                // A guess from the bytes: the record is uncertain (decoding policy).
                out.append((.charsetMismatch, true, "the bytes are UTF-8 without ECI; UPN QR mandates ISO-8859-2 (ECI 4). Read as UTF-8"))
            } else {
                charset = .iso8859_2
            }
        case 26?:
            charset = .utf8
            out.append((.charsetMismatch, false, "ECI 26 (UTF-8); UPN QR mandates ISO-8859-2 (ECI 4). Read as UTF-8"))
        case 3?:
            charset = .iso8859_1
            out.append((.charsetMismatch, false, "ECI 3 (ISO-8859-1); UPN QR mandates ISO-8859-2 (ECI 4)"))
        case 21?:
            charset = .windows1250
            out.append((.charsetMismatch, false, "ECI 21 (Windows-1250); UPN QR mandates ISO-8859-2 (ECI 4)"))
        case let other?:
            throw GiroError(.charsetUnsupported, format: format, "ECI \(other) is not a charset UPN QR can be read in (ECI 4 = ISO-8859-2)")
        }
        if charset == .utf8, UTF8Validation.isValid(bytes[...]) { return (charset, bytes, out) }
        if charset == .iso8859_2, let utf8 = UPNTranscoder.iso8859_2.transcode(bytes) { return (charset, utf8, out) }
        switch charset.decode(bytes[...]) {
        case .success(let text):
            return (charset, Array(text.utf8), out)
        case .failure(let bad):
            throw GiroError(.charsetInvalid, offset: bad.offset, format: format,
                            diagnostics: out.map { .warning($0.code, field: "payload", uncertain: $0.uncertain, $0.message) },
                            "byte 0x\(String(bad.byte, radix: 16, uppercase: true)) at offset \(bad.offset) is not valid \(charset.rawValue)")
        }
    }
}
