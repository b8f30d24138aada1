/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320; the zlib/PNG CRC), used by SPAYD and PAY by square.
package enum CRC32 {
    @usableFromInline
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes`, continuing from `crc` (0 to start). Inlinable so callers in plug-ins get a
    /// loop specialized for their collection instead of a generic one (10× fewer instructions).
    @inlinable
    package static func checksum<C: Sequence<UInt8>>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return ~c
    }

    /// Eight upper-case hex digits (`2B3CD92E`).
    package static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = [UInt8](repeating: 0, count: 8)
        for i in 0..<8 { out[7 - i] = digits[Int((value >> (UInt32(i) * 4)) & 0xF)] }
        return String(decoding: out, as: UTF8.self)
    }
}
