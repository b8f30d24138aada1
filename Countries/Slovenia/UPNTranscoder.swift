import GiroCore

/// ISO-8859-2 → UTF-8 straight into bytes (no intermediate `String`): the upper half is looked up once
/// through the core charset and cached as two-byte sequences (every ISO-8859-2 character is below U+0800).
/// Nil when a byte has no character (the caller then reports it through the core decoder).
struct UPNTranscoder: Sendable {
    /// UTF-8 lead byte << 8 | continuation byte, for bytes 0x80–0xFF; 0 when undefined.
    let upper: [UInt16]

    static let iso8859_2 = UPNTranscoder(.iso8859_2)

    init(_ charset: Charset) {
        upper = (0x80...0xFF).map { b -> UInt16 in
            guard case .success(let s) = charset.decode([UInt8(b)][...]) else { return 0 }
            let u = Array(s.utf8)
            return u.count == 2 ? UInt16(u[0]) << 8 | UInt16(u[1]) : 0
        }
    }

    func transcode(_ bytes: [UInt8]) -> [UInt8]? {
        guard UTF8Validation.firstNonASCII(bytes[...]) != nil else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var i = 0
        while i < bytes.count {
            // Copy each ASCII run in one block (found eight bytes at a time); only the accented letters map.
            let high = UTF8Validation.firstNonASCII(bytes[i...]) ?? bytes.count
            out.append(contentsOf: bytes[i..<high])
            guard high < bytes.count else { break }
            let pair = upper[Int(bytes[high]) - 0x80]
            if pair == 0 { return nil }
            out.append(UInt8(truncatingIfNeeded: pair >> 8))
            out.append(UInt8(truncatingIfNeeded: pair))
            i = high + 1
        }
        return out
    }
}
