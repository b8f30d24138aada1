/// Percent- and `+`-decoding of one query value, and what had to be tolerated on the way.
struct PercentDecoding {
    var bytes: [UInt8]
    /// A character URIs must encode (space, non-ASCII, controls, `"<>\^`{|}`) was written raw.
    var unencoded = false
    /// `+` was read as a space.
    var plusAsSpace = false
    /// A `%` without two hex digits after it, kept as written.
    var invalidPercent = false

    /// Whether `b` is fine raw in a query value; anything else was meant to be percent-encoded.
    /// (A switch, not a table: a global table costs a lazy-initialisation check per call.)
    @inline(__always)
    static func isAllowedRaw(_ b: UInt8) -> Bool {
        switch b {
        case 0x21...0x7E: b != 0x22 && b != 0x3C && b != 0x3E && b != 0x5C && b != 0x5E && b != 0x60 && b != 0x7B && b != 0x7C && b != 0x7D
        default: false
        }
    }

    /// `true` when `raw` needs no decoding and nothing to report: the common case, read without copying.
    @inline(__always)
    static func isPlain(_ raw: ArraySlice<UInt8>) -> Bool {
        for b in raw where b == UInt8(ascii: "%") || b == UInt8(ascii: "+") || !isAllowedRaw(b) { return false }
        return true
    }

    init(_ raw: ArraySlice<UInt8>) {
        bytes = []
        bytes.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            let b = raw[i]
            if b == UInt8(ascii: "%") {
                if i + 2 < raw.endIndex, let hi = Self.hex(raw[i + 1]), let lo = Self.hex(raw[i + 2]) {
                    bytes.append(hi << 4 | lo)
                    i += 3
                    continue
                }
                invalidPercent = true
                bytes.append(b)
            } else if b == UInt8(ascii: "+") {
                plusAsSpace = true
                bytes.append(0x20)
            } else {
                if !Self.isAllowedRaw(b) { unencoded = true }
                bytes.append(b)
            }
            i += 1
        }
    }

    @inline(__always)
    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}
