import CPCRE2
import Foundation
import GiroRegex

/// A regex engine under test: compile once, then count all non-overlapping matches in the text.
protocol BenchEngine {
    var name: String { get }
    /// nil = not applicable / failed; Int = match count. `limitHits` counts PCRE2 match-limit errors.
    func count(_ text: UnsafeBufferPointer<UInt8>) -> (count: Int, limitHits: Int)?
}

struct GiroEngine: BenchEngine {
    let name = "GiroRegex"
    let pattern: RegexPattern
    let cache: RegexCache
    init?(_ p: String) {
        guard let c = try? RegexPattern(p) else { return nil }
        pattern = c
        cache = c.makeCache()
    }
    func count(_ text: UnsafeBufferPointer<UInt8>) -> (count: Int, limitHits: Int)? { (pattern.count(in: text, cache: cache), 0) }
}

final class PCRE2Engine: BenchEngine {
    let name: String
    let code: OpaquePointer
    let md: OpaquePointer
    let mctx: OpaquePointer
    let utf: Bool

    init?(_ p: String, jit: Bool, matchLimit: UInt32 = 10_000_000) {
        utf = p.utf8.contains { $0 >= 0x80 }
        name = jit ? "PCRE2 JIT" : "PCRE2 interp"
        var err: Int32 = 0
        var off = 0
        let bytes = Array(p.utf8)
        let opts: UInt32 = utf ? 0x0008_0000 : 0
        guard let c = bytes.withUnsafeBufferPointer({ pcre2_compile_8($0.baseAddress, bytes.count, opts, &err, &off, nil) }) else { return nil }
        code = c
        if jit && pcre2_jit_compile_8(code, 1) != 0 { return nil }
        guard let m = pcre2_match_data_create_from_pattern_8(code, nil), let ctx = pcre2_match_context_create_8(nil) else { return nil }
        md = m
        mctx = ctx
        pcre2_set_match_limit_8(mctx, matchLimit)
    }
    deinit { pcre2_match_data_free_8(md); pcre2_match_context_free_8(mctx); pcre2_code_free_8(code) }

    func count(_ text: UnsafeBufferPointer<UInt8>) -> (count: Int, limitHits: Int)? {
        var n = 0, limits = 0
        var start = 0
        let len = text.count
        var first = true
        while start <= len {
            let opts: UInt32 = (utf && !first) ? 0x4000_0000 : 0  // NO_UTF_CHECK after the first call
            first = false
            let rc = pcre2_match_8(code, text.baseAddress, len, start, opts, md, mctx)
            if rc == -1 { break }
            if rc == -47 { limits += 1; start += 1; continue }  // PCRE2_ERROR_MATCHLIMIT: skip one byte
            if rc < 0 { return nil }
            guard let ov = pcre2_get_ovector_pointer_8(md) else { return nil }
            n += 1
            let s = ov[0], e = ov[1]
            start = e > s ? e : e + 1
        }
        return (n, limits)
    }
}

struct NSRegexEngine: BenchEngine {
    let name = "NSRegularExpression"
    let regex: NSRegularExpression
    init?(_ p: String) {
        guard let r = try? NSRegularExpression(pattern: p) else { return nil }
        regex = r
    }
    func count(_ text: UnsafeBufferPointer<UInt8>) -> (count: Int, limitHits: Int)? {
        let s = String(decoding: text, as: UTF8.self) as NSString
        return (regex.numberOfMatches(in: s as String, range: NSRange(location: 0, length: s.length)), 0)
    }
}

struct SwiftRegexEngine: BenchEngine {
    let name = "Swift Regex"
    let regex: Regex<AnyRegexOutput>
    init?(_ p: String) {
        guard let r = try? Regex(p) else { return nil }
        regex = r
    }
    func count(_ text: UnsafeBufferPointer<UInt8>) -> (count: Int, limitHits: Int)? {
        let s = String(decoding: text, as: UTF8.self)
        return (s.matches(of: regex).count, 0)
    }
}
