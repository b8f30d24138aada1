/// Percent-decoding of one URI-style value (`%2A`, `%c3%a1`), shared by every format that escapes this way
/// (SPAYD/SID, BezahlCode, payment links), with what had to be tolerated on the way. Each format decides
/// what a deviation means: SPAYD keeps a broken escape with a warning, a payment link rejects it.
package struct PercentDecoding {
    package var bytes: [UInt8]
    /// A character URIs must encode (space, non-ASCII, controls, `"<>\^`{|}`) was written raw.
    package var unencoded = false
    /// `+` was read as a space.
    package var plusAsSpace = false
    /// Offset within the input of the first `%` without two hex digits after it (kept as written).
    package var firstInvalidPercent: Int?
    package var invalidPercent: Bool { firstInvalidPercent != nil }

    /// Whether `b` is fine raw in a query value; anything else was meant to be percent-encoded.
    /// (A switch, not a table: a global table costs a lazy-initialisation check per call.)
    @inlinable
    package static func isAllowedRaw(_ b: UInt8) -> Bool {
        switch b {
        case 0x21...0x7E: b != 0x22 && b != 0x3C && b != 0x3E && b != 0x5C && b != 0x5E && b != 0x60 && b != 0x7B && b != 0x7C && b != 0x7D
        default: false
        }
    }

    /// `true` when `raw` needs no decoding and nothing to report: the common case, read without copying.
    @inlinable
    package static func isPlain(_ raw: ArraySlice<UInt8>) -> Bool {
        for b in raw where b == UInt8(ascii: "%") || b == UInt8(ascii: "+") || !isAllowedRaw(b) { return false }
        return true
    }

    /// Decodes `raw`; `plusAsSpace` reads `+` as a space (query strings), otherwise `+` stays `+`.
    @inlinable
    package init(_ raw: ArraySlice<UInt8>, plusAsSpace plus: Bool = true) {
        bytes = []
        bytes.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            let b = raw[i]
            if b == UInt8(ascii: "%") {
                if raw.endIndex - i >= 3, let hi = Self.hex(raw[i + 1]), let lo = Self.hex(raw[i + 2]) {
                    bytes.append(hi << 4 | lo)
                    i += 3
                    continue
                }
                if firstInvalidPercent == nil { firstInvalidPercent = i - raw.startIndex }
                bytes.append(b)
            } else if plus, b == UInt8(ascii: "+") {
                plusAsSpace = true
                bytes.append(0x20)
            } else {
                if !Self.isAllowedRaw(b) { unencoded = true }
                bytes.append(b)
            }
            i += 1
        }
    }

    /// The value of one hex digit (either case), or nil.
    @inlinable
    package static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}
