import CPCRE2

/// PCRE2 (10.42, UTF mode) as the test oracle: compiles a pattern and lists all matches with the same
/// iteration rules as `pcre2test -g` (empty match → NOTEMPTY_ATSTART|ANCHORED retry → advance one character).
struct PCRE2Oracle {
    enum Outcome: Equatable { case matches([[Int]]), compileError, matchError }

    static func flagsToOptions(_ flags: String) -> UInt32 {
        var o: UInt32 = 0x0008_0000  // PCRE2_UTF
        for f in flags {
            switch f {
            case "i": o |= 0x0000_0008  // CASELESS
            case "m": o |= 0x0000_0400  // MULTILINE
            case "s": o |= 0x0000_0020  // DOTALL
            case "x": o |= 0x0000_0080  // EXTENDED
            case "U": o |= 0x0004_0000  // UNGREEDY
            case "u": o |= 0x0002_0000  // UCP
            default: break
            }
        }
        return o
    }

    static func run(pattern: [UInt8], flags: String, haystack: [UInt8], matchLimit: UInt32 = 5_000_000) -> Outcome {
        var err: Int32 = 0
        var off: Int = 0
        let pat = pattern + [0]
        guard let code = pat.withUnsafeBufferPointer({ pcre2_compile_8($0.baseAddress, pattern.count, flagsToOptions(flags), &err, &off, nil) })
        else { return .compileError }
        defer { pcre2_code_free_8(code) }
        var groups: UInt32 = 0
        pcre2_pattern_info_8(code, 4, &groups)
        guard let md = pcre2_match_data_create_from_pattern_8(code, nil) else { return .matchError }
        defer { pcre2_match_data_free_8(md) }
        let mctx = pcre2_match_context_create_8(nil)
        defer { pcre2_match_context_free_8(mctx) }
        pcre2_set_match_limit_8(mctx, matchLimit)
        let subject = haystack + [0]
        let len = haystack.count
        var out: [[Int]] = []
        var start = 0
        var opts: UInt32 = 0
        while start <= len {
            let rc = subject.withUnsafeBufferPointer { pcre2_match_8(code, $0.baseAddress, len, start, opts, md, mctx) }
            if rc == -1 {
                if opts == 0 { break }
                if start >= len { break }
                var n = 1
                while start + n < len && subject[start + n] & 0xC0 == 0x80 { n += 1 }
                start += n
                opts = 0
                continue
            }
            if rc < 0 { return .matchError }
            guard let ov = pcre2_get_ovector_pointer_8(md) else { return .matchError }
            var slots: [Int] = []
            for g in 0...Int(groups) {
                if g < Int(rc) {
                    let a = ov[2 * g], b = ov[2 * g + 1]
                    if a < 0 || a > len { slots += [-1, -1] } else { slots += [Int(a), Int(b)] }
                } else {
                    slots += [-1, -1]
                }
            }
            out.append(slots)
            let s = slots[0], e = slots[1]
            opts = s == e ? (0x0000_0008 | 0x8000_0000) : 0
            start = e
            if out.count > 100_000 { break }
        }
        return .matches(out)
    }
}
