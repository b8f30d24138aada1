import GiroCore

/// A `bank://<authority>?<name>=<value>&…` URI split on bytes: ranges into the payload, nothing decoded yet.
///
/// Deliberately not an RFC 3986 parser: real codes carry raw spaces and unencoded UTF-8, which a strict
/// parser (or Foundation's `URL`) refuses, and this is the hot path.
struct BezahlCodeURI {
    static let scheme: [UInt8] = Array("bank://".utf8)

    /// One `name=value` pair; `value` is empty when the pair has no `=`.
    struct Pair {
        var name: Range<Int>
        var value: Range<Int>
    }

    let authority: BezahlCodeAuthority
    let authorityRange: Range<Int>
    let schemeExactCase: Bool
    let authorityExactCase: Bool
    /// The pairs in payload order (empty segments, as in `a=1&&b=2` or a trailing `&`, are skipped).
    let pairs: [Pair]

    /// The authority of `bytes[start..<end]` when it is `bank://` (any case) followed by a known authority and
    /// then `?`, the end, or (for the sniff) a space or line break; nil otherwise.
    static func authority(in bytes: [UInt8], from start: Int, to end: Int)
        -> (authority: BezahlCodeAuthority, range: Range<Int>, schemeExactCase: Bool, exactCase: Bool)? {
        guard end - start > scheme.count,
              let schemeExact = ASCIICase.equal(lowercase: scheme, bytes[start..<(start + scheme.count)]) else { return nil }
        let from = start + scheme.count
        // No authority is longer than this: stop early on long junk after `bank://`.
        let limit = min(end, from + BezahlCodeAuthority.longestName + 1)
        var to = from
        while to < limit {
            let b = bytes[to]
            if b == UInt8(ascii: "?") || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { break }
            to += 1
        }
        guard let match = BezahlCodeAuthority.match(bytes[from..<to]) else { return nil }
        return (match.authority, from..<to, schemeExact, match.exactCase)
    }

    /// Splits `bytes[start..<end]`; nil when the scheme or the authority is not BezahlCode's, or the authority
    /// is followed by something other than `?` or the end.
    init?(_ bytes: [UInt8], from start: Int, to end: Int) {
        guard let head = Self.authority(in: bytes, from: start, to: end) else { return nil }
        let queryStart = head.range.upperBound
        guard queryStart == end || bytes[queryStart] == UInt8(ascii: "?") else { return nil }
        authority = head.authority
        authorityRange = head.range
        schemeExactCase = head.schemeExactCase
        authorityExactCase = head.exactCase
        var pairs: [Pair] = []
        pairs.reserveCapacity(8)
        var segment = queryStart + 1
        while segment < end {
            var stop = segment
            var equals: Int?
            while stop < end, bytes[stop] != UInt8(ascii: "&") {
                if equals == nil, bytes[stop] == UInt8(ascii: "=") { equals = stop }
                stop += 1
            }
            if stop > segment {
                if let equals {
                    pairs.append(Pair(name: segment..<equals, value: (equals + 1)..<stop))
                } else {
                    pairs.append(Pair(name: segment..<stop, value: stop..<stop))
                }
            }
            segment = stop + 1
        }
        self.pairs = pairs
    }
}
