import GiroTestSupport
import Testing
@_spi(Testing) import GiroRegex

/// Catastrophic-backtracking patterns must be linear: measured in engine steps, not wall-clock time.
@Suite struct PathologicalTests {
    static let cases: [(pattern: String, unit: String)] = [
        ("(a*)*b", "a"), ("(a|aa)*c", "a"), ("(x+x+)+y", "x"), ("(\\w+\\s?)*$", "ab "), ("(a|a?)+b", "a"),
        ("(?:a+)+$", "a"), ("(.*a){12}", "a"),
    ]

    func steps(_ p: RegexPattern, _ hay: [UInt8], engine: RegexEngineKind) -> Int {
        let cache = p.makeCache()
        _ = p._allMatches(in: hay, engine: engine, cache: cache)
        return cache.steps
    }

    @Test(arguments: cases.map { $0.pattern })
    func pikeVMIsLinear(_ pattern: String) throws {
        let unit = Self.cases.first { $0.pattern == pattern }?.unit ?? "a"
        let p = try RegexPattern(pattern)
        let hay1 = Array(String(repeating: unit, count: 2000).utf8) + [UInt8(ascii: "!")]
        let hay4 = Array(String(repeating: unit, count: 8000).utf8) + [UInt8(ascii: "!")]
        let s1 = steps(p, hay1, engine: .pikeVM), s4 = steps(p, hay4, engine: .pikeVM)
        let ratio = Double(s4) / Double(s1)
        print("\(pattern): \(s1) steps for \(hay1.count) bytes, \(s4) for \(hay4.count) (×\(ratio))")
        #expect(ratio > 3.0 && ratio < 5.0, "steps grew ×\(ratio) for ×4 input")
        // Bounded by NFA size × text length.
        #expect(s4 <= 4 * p._nfaStateCount * hay4.count)
    }

    @Test func ocrEngineIsLinearInText() throws {
        let p = try RegexPattern("(x+x+)+y")
        func ocrSteps(_ n: Int) -> Int {
            let cache = p.makeCache()
            _ = p._ocrAllMatches(in: Array(String(repeating: "x", count: n).utf8), k: 2, cache: cache)
            return cache.steps
        }
        let a = ocrSteps(1000), b = ocrSteps(4000)
        let ratio = Double(b) / Double(a)
        print("OCR (x+x+)+y k=2: \(a) → \(b) steps (×\(ratio))")
        #expect(ratio > 3.0 && ratio < 5.0)
    }

    @Test func lazyDFAHandlesLongRunsAndStaysConsistent() throws {
        let p = try RegexPattern("(a|aa)*c")
        let hay = Array(String(repeating: "a", count: 100_000).utf8)
        let cache = p.makeCache()
        #expect(p._allMatches(in: hay, engine: .lazyDFA, cache: cache) == [])
        #expect(p.isMatch(in: hay + [UInt8(ascii: "c")]))
    }

    @Test func dfaCacheThrashFallsBackCorrectly() throws {
        // (a|b)*a(a|b){12} blows up a DFA (2^13 states); a tiny cache forces clears and the Pike VM fallback.
        var limits = RegexLimits()
        limits.lazyDFACacheBytes = 1
        let p = try RegexPattern("(?:a|b)*a(?:a|b){12}", limits: limits)
        var rng = SplitMix64(seed: 7)
        let hay = (0..<20_000).map { _ in rng.next() % 2 == 0 ? UInt8(ascii: "a") : UInt8(ascii: "b") }
        let cache = p.makeCache()
        let auto = p._allMatches(in: hay, engine: .auto, cache: cache)
        let pike = p._allMatches(in: hay, engine: .pikeVM, cache: p.makeCache())
        #expect(auto == pike)
        #expect(cache.dfaCacheClears > 0)
    }
}
