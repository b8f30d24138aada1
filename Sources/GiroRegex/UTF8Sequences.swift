/// Splits a code point range into UTF-8 byte-range sequences, so a class over code points becomes a small
/// byte automaton (the same idea as regex-syntax's `Utf8Sequences`). Surrogates are skipped.
func utf8Sequences(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
    var out: [[ClosedRange<UInt8>]] = []
    var stack: [(UInt32, UInt32)] = [(range.lowerBound, min(range.upperBound, 0x10FFFF))]
    outer: while let (s0, e0) = stack.popLast() {
        var s = s0, e = e0
        if s > e { continue }
        while true {
            if s <= 0xDFFF && e >= 0xD800 {
                if s < 0xD800 { stack.append((s, 0xD7FF)) }
                if e > 0xDFFF { stack.append((0xE000, e)) }
                continue outer
            }
            var split = false
            for boundary: UInt32 in [0x7F, 0x7FF, 0xFFFF] where s <= boundary && e > boundary {
                stack.append((boundary + 1, e)); e = boundary; split = true; break
            }
            if split { continue }
            if e <= 0x7F { out.append([UInt8(s)...UInt8(e)]); continue outer }
            var again = false
            for i: UInt32 in 1..<4 {
                let m: UInt32 = (1 << (6 * i)) - 1
                if s & ~m != e & ~m {
                    if s & m != 0 { stack.append(((s | m) + 1, e)); e = s | m; again = true; break }
                    if e & m != m { stack.append((e & ~m, e)); e = (e & ~m) - 1; again = true; break }
                }
            }
            if again { continue }
            let a = utf8Encode(s), b = utf8Encode(e)
            out.append(zip(a, b).map { $0.0...$0.1 })
            continue outer
        }
    }
    return out
}
