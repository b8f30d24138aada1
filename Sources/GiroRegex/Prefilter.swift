/// Fast byte search used before (and instead of) running an automaton: SWAR memchr and a rare-byte memmem.
/// Pure Swift (no libc), 8 bytes per step.
enum Prefilter {
    /// Index of the first true lane, or -1. (`any(mask)` is a generic, unspecialized call: too slow here.)
    @inline(__always)
    static func firstLane(_ m: SIMDMask<SIMD32<Int8>>) -> Int {
        let w = unsafeBitCast(m, to: SIMD4<UInt64>.self)
        if w[0] != 0 { return w[0].trailingZeroBitCount >> 3 }
        if w[1] != 0 { return 8 + (w[1].trailingZeroBitCount >> 3) }
        if w[2] != 0 { return 16 + (w[2].trailingZeroBitCount >> 3) }
        if w[3] != 0 { return 24 + (w[3].trailingZeroBitCount >> 3) }
        return -1
    }

    @inline(__always)
    static func anyLane(_ m: SIMDMask<SIMD32<Int8>>) -> Bool {
        let w = unsafeBitCast(m, to: SIMD4<UInt64>.self)
        return (w[0] | w[1] | w[2] | w[3]) != 0
    }

    @inline(__always)
    static func memchr(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ byte: UInt8) -> Int? {
        var i = from
        let needle = SIMD32<UInt8>(repeating: byte)
        // 64 bytes per iteration: one branch for two vector compares.
        while i + 64 <= to {
            let a = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD32<UInt8>.self)
            let b = UnsafeRawPointer(base + i + 32).loadUnaligned(as: SIMD32<UInt8>.self)
            if anyLane((a .== needle) .| (b .== needle)) { break }
            i += 64
        }
        while i + 32 <= to {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD32<UInt8>.self)
            let k = firstLane(v .== needle)
            if k >= 0 { return i + k }
            i += 32
        }
        while i < to {
            if base[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// Up to three byte ranges (`lo`, `count`); a `count` of 0 disables a range.
    struct ByteRanges {
        var lo = SIMD3<UInt8>(0, 0, 0)
        var count = SIMD3<UInt8>(0, 0, 0)

        /// Builds the ranges from a byte membership table; nil if more than three ranges are needed.
        init?(_ member: [Bool]) {
            var ranges: [(Int, Int)] = []
            var b = 0
            while b < 256 {
                if member[b] {
                    var e = b
                    while e + 1 < 256 && member[e + 1] { e += 1 }
                    ranges.append((b, e - b + 1))
                    b = e + 1
                } else { b += 1 }
            }
            if ranges.count > 3 || ranges.isEmpty || ranges.contains(where: { $0.1 > 255 }) { return nil }
            for (i, r) in ranges.enumerated() { lo[i] = UInt8(r.0); count[i] = UInt8(r.1) }
        }

        @inline(__always) func contains(_ b: UInt8) -> Bool {
            (b &- lo[0]) < count[0] || (b &- lo[1]) < count[1] || (b &- lo[2]) < count[2]
        }
    }

    /// First index in `from..<to` whose byte is in `ranges` (or `to`). 32 bytes per step.
    @inline(__always)
    static func findInRanges(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ ranges: ByteRanges) -> Int {
        var i = from
        let lo0 = SIMD32<UInt8>(repeating: ranges.lo[0]), n0 = SIMD32<UInt8>(repeating: ranges.count[0])
        let lo1 = SIMD32<UInt8>(repeating: ranges.lo[1]), n1 = SIMD32<UInt8>(repeating: ranges.count[1])
        let lo2 = SIMD32<UInt8>(repeating: ranges.lo[2]), n2 = SIMD32<UInt8>(repeating: ranges.count[2])
        while i + 32 <= to {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD32<UInt8>.self)
            let k = firstLane(((v &- lo0) .< n0) .| ((v &- lo1) .< n1) .| ((v &- lo2) .< n2))
            if k >= 0 { return i + k }
            i += 32
        }
        while i < to {
            if ranges.contains(base[i]) { return i }
            i += 1
        }
        return to
    }

    /// Heuristic rarity rank of a byte in OCR'd slip text (lower = rarer).
    static func rank(_ b: UInt8) -> Int {
        switch b {
        case 0x20: return 255
        case UInt8(ascii: "e"), UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "o"),
             UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "s"), UInt8(ascii: "l"): return 200
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 150
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 140
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 90
        case 0x21...0x7E: return 70
        case 0x0A: return 100
        default: return 40
        }
    }

    /// Index of the byte of `needle` to search for with memchr.
    static func rareIndex(_ needle: [UInt8]) -> Int {
        var best = 0
        for (i, b) in needle.enumerated() where rank(b) < rank(needle[best]) { best = i }
        return best
    }

    /// Finds `needle` in `base[from..<to]`. First memchr on the rarest byte (fastest when it is really rare); after a few
    /// false candidates, switch to a two-byte filter: the two rarest needle bytes must both sit at their offsets (two
    /// shifted SIMD compares, like memchr's "packed pair"); candidates are then verified.
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, rare: Int, in base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        let n = needle.count
        if n == 0 { return from }
        if to - from < n { return nil }
        let last = to - n  // last possible start
        let rb = needle[rare]
        var i = from + rare
        var falseHits = 0
        while true {
            guard let j = memchr(base, i, last + rare + 1, rb) else { return nil }
            let c = j - rare
            var k = 0
            while k < n && base[c + k] == needle[k] { k += 1 }
            if k == n { return c }
            i = j + 1
            falseHits += 1
            if falseHits >= 4 && n >= 2 { return findPair(needle, rare: rare, in: base, i - rare, to) }
        }
    }

    static func findPair(_ needle: UnsafeBufferPointer<UInt8>, rare: Int, in base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        let n = needle.count
        let last = to - n
        var s = from
        let i1 = rare
        var i2 = 0
        var r2 = Int.max
        for k in 0..<n where k != i1 && rank(needle[k]) < r2 { r2 = rank(needle[k]); i2 = k }
        let b1 = SIMD32<UInt8>(repeating: needle[i1]), b2 = SIMD32<UInt8>(repeating: needle[i2])
        while s + 32 <= last + 1 {
            let v1 = UnsafeRawPointer(base + s + i1).loadUnaligned(as: SIMD32<UInt8>.self)
            let v2 = UnsafeRawPointer(base + s + i2).loadUnaligned(as: SIMD32<UInt8>.self)
            var m = unsafeBitCast((v1 .== b1) .& (v2 .== b2), to: SIMD4<UInt64>.self)
            var w = 0
            while w < 4 {
                while m[w] != 0 {
                    let byteInWord = m[w].trailingZeroBitCount >> 3
                    let c = s + w * 8 + byteInWord
                    var k = 0
                    while k < n && base[c + k] == needle[k] { k += 1 }
                    if k == n { return c }
                    m[w] &= ~(UInt64(0xFF) << UInt64(byteInWord * 8))
                }
                w += 1
            }
            s += 32
        }
        while s <= last {
            var k = 0
            while k < n && base[s + k] == needle[k] { k += 1 }
            if k == n { return s }
            s += 1
        }
        return nil
    }
}
