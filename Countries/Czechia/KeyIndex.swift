/// The standard keys of a descriptor (`ACC`, `X-VS`, `DUZP`), found without hashing. Every key of SPAYD
/// and SID has at most 8 bytes, so it packs into one integer; scanning ~25 packed integers costs less
/// than hashing the key for a `[String: …]` dictionary (~300 instructions, 10+ times per payload).
/// Found keys reuse the table's name instead of building a new string.
struct KeyIndex: Sendable {
    /// The names in table order.
    let names: [String]
    /// `names` packed, in the same order (0 for a name that does not pack, which no key matches).
    private let packed: [UInt64]

    init(_ names: [String]) {
        self.names = names
        packed = names.map { Self.pack($0.utf8) ?? 0 }
    }

    /// The table position of the key written as `bytes`, or nil when it is not in the table.
    func index(of bytes: ArraySlice<UInt8>) -> Int? {
        guard let p = Self.pack(bytes) else { return nil }
        return packed.firstIndex(of: p)
    }

    /// The bytes as one big-endian integer; nil for an empty key or one over 8 bytes. Keys never hold a
    /// NUL byte (they are letters, digits and `-`), so distinct keys pack to distinct, non-zero values.
    static func pack<Bytes: Collection<UInt8>>(_ key: Bytes) -> UInt64? {
        guard !key.isEmpty, key.count <= 8 else { return nil }
        var p: UInt64 = 0
        for b in key { p = p << 8 | UInt64(b) }
        return p
    }
}
