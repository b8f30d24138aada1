import GiroCore

/// The CRC32 input: header and version, then every attribute but CRC32 sorted by key and value, as `KEY:VALUE*`.
enum SPAYDCanonical {
    static func checksum(header: String, version: String, attributes: [ShortDescriptor.Attribute]) -> UInt32 {
        let sorted = attributes.filter { $0.key != "CRC32" }.sorted { a, b in
            a.key != b.key ? a.key.utf8.lexicographicallyPrecedes(b.key.utf8) : a.raw.lexicographicallyPrecedes(b.raw)
        }
        // Fed piece by piece: no concatenated copy of each attribute.
        let star = CollectionOfOne(UInt8(0x2A)), colon = CollectionOfOne(UInt8(0x3A))
        var crc = CRC32.checksum(header.utf8)
        crc = CRC32.checksum(star, continuing: crc)
        crc = CRC32.checksum(version.utf8, continuing: crc)
        crc = CRC32.checksum(star, continuing: crc)
        for a in sorted {
            crc = CRC32.checksum(a.key.utf8, continuing: crc)
            crc = CRC32.checksum(colon, continuing: crc)
            crc = CRC32.checksum(a.raw, continuing: crc)
            crc = CRC32.checksum(star, continuing: crc)
        }
        return crc
    }
}
