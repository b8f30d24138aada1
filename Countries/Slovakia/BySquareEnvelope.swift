import GiroCore

/// The by-square wire format: base32hex → 2-byte header → 2-byte length → raw LZMA1 → CRC-32 + TAB text.
struct BySquareEnvelope {
    /// Largest base32 text accepted: a version-40 QR code holds 4296 alphanumeric characters.
    static let maxCharacters = 4296
    /// Cap on the decompressed data (the length field itself cannot exceed 65 535).
    static let maxDecompressed = 64 * 1024

    var bySquareType: Int
    var version: Int
    var documentType: Int
    /// The decompressed text after the CRC-32, verified.
    var text: [UInt8]
    var diagnostics: [Diagnostic]

    static func open(_ payload: [UInt8], format: String) throws(GiroError) -> BySquareEnvelope {
        var diagnostics: [Diagnostic] = []
        var start = PayloadLimits.bomLength(payload)
        if start > 0 { diagnostics.append(.warning(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the data")) }
        var end = payload.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while end > start, isSpace(payload[end - 1]) { end -= 1 }
        if end < payload.count {
            diagnostics.append(.warning(.trailingNewline, field: "payload", offset: end, "whitespace after the base32 text removed"))
        }
        while start < end, isSpace(payload[start]) { start += 1 }
        let chars = payload[start..<end]
        guard !chars.isEmpty else { throw GiroError(.emptyPayload, format: format, "the payload is empty") }
        guard chars.count <= maxCharacters else {
            throw GiroError(.payloadTooLarge, format: format, "\(chars.count) characters; a QR code holds at most \(maxCharacters)")
        }
        let decoded: Base32Hex.Decoded
        switch Base32Hex.decode(chars) {
        case .success(let d): decoded = d
        case .failure(let bad):
            let at = bad.offset
            throw GiroError(.base32Invalid, field: "payload", offset: at, format: format, diagnostics: diagnostics,
                            "byte \(at) is not a base32hex character (0-9, A-V)")
        }
        if decoded.sawLowercase {
            diagnostics.append(.warning(.base32Lowercase, field: "payload", offset: start, "lower-case base32hex read as upper case"))
        }
        if decoded.extraCharacters {
            diagnostics.append(.warning(.base32ExtraCharacters, field: "payload", offset: end - 1,
                                        "\(chars.count) characters leave a superfluous one; its bits are dropped"))
        }
        let b = decoded.bytes
        guard b.count >= 5 else {
            throw GiroError(.structureInvalid, field: "payload", format: format, diagnostics: diagnostics,
                            "\(b.count) bytes: too short for a header, a length and compressed data")
        }
        let type = Int(b[0] >> 4), version = Int(b[0] & 0xF), document = Int(b[1] >> 4)
        guard type == 0 || type == 1 else {
            throw GiroError(.headerInvalid, field: "header.bySquareType", offset: 0, format: format, diagnostics: diagnostics,
                            "bySquareType \(type) is neither PAY (0) nor INVOICE (1)")
        }
        let declared = Int(b[2]) | Int(b[3]) << 8
        let body = b[4...]

        // Trust the length only as a hint: decode with it, else to the end of the input, and let the CRC decide.
        var firstFailure: RawLZMA.Failure?
        var output: [UInt8]?
        switch RawLZMA.decode(body, knownSize: declared >= 4 ? declared : nil, limit: maxDecompressed) {
        case .success(let out): if crcHolds(out) { output = out } else { firstFailure = .checksum }
        case .failure(let f): firstFailure = f
        }
        if output == nil, firstFailure != .tooLarge {
            if case .unavailable = firstFailure { throw failure(firstFailure ?? .checksum, format: format, diagnostics: diagnostics) }
            switch RawLZMA.decode(body, knownSize: nil, limit: maxDecompressed) {
            case .success(let out): if crcHolds(out) { output = out }
            case .failure(.tooLarge): firstFailure = .tooLarge
            case .failure: break
            }
        }
        guard let output else { throw failure(firstFailure ?? .checksum, format: format, diagnostics: diagnostics) }
        if output.count != declared {
            diagnostics.append(.warning(.lengthFieldMismatch, field: "header.length", offset: 2,
                                        "the length field says \(declared) bytes, the data has \(output.count); the CRC-32 holds"))
        }
        return BySquareEnvelope(bySquareType: type, version: version, documentType: document,
                                text: Array(output[4...]), diagnostics: diagnostics)
    }

    /// The cheap sniff: at least 20 base32hex characters (one a letter: compressed data always shows some; an
    /// all-digit string is a numeric barcode) up to trailing whitespace, and the first 8 characters decode to a
    /// header that exists — type PAY (document 0) or INVOICE (documents 0–4), reserved nibble 0 — a length of at
    /// least the CRC-32, and the 0x00 that opens every LZMA range-coder stream. Any version nibble passes: the
    /// decoder reads unknown ones with the newest rules.
    static func isPlausible(_ payload: [UInt8]) -> Bool {
        let start = PayloadLimits.bomLength(payload)
        var end = payload.count
        while end > start, payload[end - 1] == 0x20 || payload[end - 1] == 0x09 || payload[end - 1] == 0x0A || payload[end - 1] == 0x0D {
            end -= 1
        }
        guard end - start >= 20, end - start <= maxCharacters else { return false }
        var letters = false
        var head: UInt64 = 0
        for i in start..<end {
            let c = payload[i]
            let v: UInt8
            switch c {
            case 48...57: v = c - 48
            case 65...86: v = c - 55; letters = true
            case 97...118: v = c - 87; letters = true
            default: return false
            }
            if i - start < 8 { head = head << 5 | UInt64(v) }
        }
        guard letters else { return false }
        // 8 characters = 40 bits = header (2 bytes), length (2 bytes, little-endian), first LZMA byte.
        let type = (head >> 36) & 0xF, document = (head >> 28) & 0xF, reserved = (head >> 24) & 0xF
        let length = ((head >> 16) & 0xFF) | ((head >> 8) & 0xFF) << 8
        let firstLZMAByte = head & 0xFF
        let documentExists = type == 0 ? document == 0 : type == 1 && document < 5
        return documentExists && reserved == 0 && length >= 4 && firstLZMAByte == 0
    }

    /// The first 4 bytes are the little-endian CRC-32 of the rest.
    static func crcHolds(_ data: [UInt8]) -> Bool {
        guard data.count >= 4 else { return false }
        let stored = UInt32(data[0]) | UInt32(data[1]) << 8 | UInt32(data[2]) << 16 | UInt32(data[3]) << 24
        return stored == CRC32.checksum(data[4...])
    }

    static func failure(_ f: RawLZMA.Failure, format: String, diagnostics: [Diagnostic]) -> GiroError {
        switch f {
        case .dataInvalid(let name):
            return GiroError(.compressedDataInvalid, field: "payload", format: format, diagnostics: diagnostics,
                             "the LZMA data is corrupt (\(name))")
        case .truncated(let produced):
            return GiroError(.compressedDataTruncated, field: "payload", format: format, diagnostics: diagnostics,
                             "the LZMA data ends early (\(produced) bytes decoded)")
        case .tooLarge:
            return GiroError(.decompressedTooLarge, field: "payload", format: format, diagnostics: diagnostics,
                             "the data decompresses to more than \(maxDecompressed) bytes")
        case .checksum:
            return GiroError(.crcMismatch, field: "payload", format: format, diagnostics: diagnostics,
                             "the CRC-32 in front of the data does not match it")
        case .unavailable(let name):
            return GiroError(.decompressorFailed, field: "payload", format: format, diagnostics: diagnostics,
                             "liblzma failed: \(name)")
        }
    }

    /// Header bytes + compressed body as base32hex (the encoder's inverse of ``open``).
    static func seal(type: Int, version: Int, documentType: Int, text: [UInt8]) -> String? {
        let crc = CRC32.checksum(text)
        let data = [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)] + text
        guard data.count <= 0xFFFF, let compressed = RawLZMA.encode(data) else { return nil }
        let header: [UInt8] = [UInt8(type << 4 | version), UInt8(documentType << 4),
                               UInt8(data.count & 0xFF), UInt8(data.count >> 8)]
        return Base32Hex.encode(header + compressed)
    }
}
