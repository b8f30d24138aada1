/// Minimal UTF-8 decoding helpers over bytes (no String in hot paths).

/// Decodes one scalar at `i` (must be < end); nil when the bytes there are not valid UTF-8.
@inline(__always)
func utf8Decode<C: RandomAccessCollection>(_ b: C, at i: Int, end: Int) -> (UInt32, Int)? where C.Element == UInt8, C.Index == Int {
    let b0 = b[i]
    if b0 < 0x80 { return (UInt32(b0), 1) }
    @inline(__always) func cont(_ k: Int) -> UInt32? {
        guard i + k < end else { return nil }
        let c = b[i + k]
        return c & 0xC0 == 0x80 ? UInt32(c & 0x3F) : nil
    }
    switch b0 {
    case 0xC2...0xDF:
        guard let c1 = cont(1) else { return nil }
        return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
    case 0xE0...0xEF:
        guard let c1 = cont(1), let c2 = cont(2) else { return nil }
        let v = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2
        if v < 0x800 || (v >= 0xD800 && v <= 0xDFFF) { return nil }
        return (v, 3)
    case 0xF0...0xF4:
        guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
        let v = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
        if v < 0x10000 || v > 0x10FFFF { return nil }
        return (v, 4)
    default:
        return nil
    }
}

/// Decodes the scalar that ends right before `i` (i > start); nil when invalid.
@inline(__always)
func utf8DecodeBefore<C: RandomAccessCollection>(_ b: C, before i: Int, start: Int) -> (UInt32, Int)? where C.Element == UInt8, C.Index == Int {
    var j = i - 1
    var n = 1
    while j > start, n < 4, b[j] & 0xC0 == 0x80 { j -= 1; n += 1 }
    guard let (cp, len) = utf8Decode(b, at: j, end: i), len == i - j else { return nil }
    return (cp, len)
}

/// Index of the first invalid byte, or nil when everything is valid UTF-8.
func utf8Validate(_ b: [UInt8]) -> Int? {
    var i = 0
    while i < b.count {
        guard let (_, len) = utf8Decode(b, at: i, end: b.count) else { return i }
        i += len
    }
    return nil
}

/// Encodes a scalar as UTF-8 bytes.
func utf8Encode(_ cp: UInt32) -> [UInt8] {
    switch cp {
    case 0..<0x80: return [UInt8(cp)]
    case 0x80..<0x800: return [UInt8(0xC0 | (cp >> 6)), UInt8(0x80 | (cp & 0x3F))]
    case 0x800..<0x10000: return [UInt8(0xE0 | (cp >> 12)), UInt8(0x80 | ((cp >> 6) & 0x3F)), UInt8(0x80 | (cp & 0x3F))]
    default: return [UInt8(0xF0 | (cp >> 18)), UInt8(0x80 | ((cp >> 12) & 0x3F)), UInt8(0x80 | ((cp >> 6) & 0x3F)), UInt8(0x80 | (cp & 0x3F))]
    }
}
