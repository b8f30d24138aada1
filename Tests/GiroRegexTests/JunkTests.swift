import GiroTestSupport
import Testing
@_spi(Testing) import GiroRegex

/// Random bytes as patterns and haystacks never crash, hang or disagree between engines.
@Suite struct JunkTests {
    static let metaBytes: [UInt8] = Array("()[]{}|*+?.^$\\-:=!<>'#,0123456789aAbBdDwWsSzZxXuUpPkKgG \n".utf8) + [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xFF, 0x80]

    @Test func randomPatternsAndHaystacks() {
        var rng = SplitMix64(seed: 99)
        var compiled = 0, rejected = 0, runs = 0
        var kinds = Set<String>()
        for _ in 0..<6000 {
            let n = Int(rng.next() % 24)
            let pat: [UInt8] = (0..<n).map { _ in
                rng.next() % 4 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : Self.metaBytes[Int(rng.next() % UInt64(Self.metaBytes.count))]
            }
            let p: RegexPattern
            do { p = try RegexPattern(utf8: pat) } catch { rejected += 1; kinds.insert(error.kind.rawValue); continue }
            compiled += 1
            for _ in 0..<3 {
                let hn = Int(rng.next() % 40)
                let hay: [UInt8] = (0..<hn).map { _ in
                    rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : Self.metaBytes[Int(rng.next() % UInt64(Self.metaBytes.count))]
                }
                runs += 1
                let cache = p.makeCache()
                let pike = p._allMatches(in: hay, engine: .pikeVM, cache: cache)
                let auto = p._allMatches(in: hay, engine: .auto, cache: cache)
                #expect(pike == auto, "engines disagree on /\(String(decoding: pat, as: UTF8.self))/")
                if let dfa = p._allMatches(in: hay, engine: .lazyDFA, cache: cache) {
                    #expect(dfa.map { Array($0.prefix(2)) } == pike?.map { Array($0.prefix(2)) }, "DFA disagrees on /\(String(decoding: pat, as: UTF8.self))/ \(hay)")
                }
                #expect(p._ocrAllMatches(in: hay, k: 0, cache: cache) == pike)
                _ = p._ocrAllMatches(in: hay, k: 2, cache: cache)
                _ = p.firstMatch(in: hay, range: 0..<(hay.count / 2), anchored: rng.next() % 2 == 0)
            }
        }
        print("junk: \(compiled) compiled, \(rejected) rejected (\(kinds.count) error kinds), \(runs) haystack runs")
        // Seeded, so the split is fixed: a change in what the parser accepts shows up here.
        #expect(compiled == 974 && rejected == 5026 && kinds.count == 13, "\(compiled) compiled, \(rejected) rejected, kinds \(kinds.sorted())")
    }

    @Test func outOfRangeAndEmptyInputs() throws {
        let p = try RegexPattern("a*")
        #expect(p.firstMatch(in: [], range: 0..<0) == RegexMatch(range: 0..<0))
        #expect(p.firstMatch(in: [1, 2], range: 1..<5) == nil)
        #expect(p.firstMatch(in: [1, 2], range: 2..<2) == RegexMatch(range: 2..<2))
        #expect(p.ocrFirstMatch(in: [UInt8]()) != nil)
    }
}

@Suite struct PrefilterTests {
    /// The literal fast path (SIMD pair filter + memchr tail) agrees with a naive search at every alignment.
    @Test func literalSearchMatchesNaive() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let alphabet: [UInt8] = Array("HRab ".utf8)
            let needleLen = 1 + Int(rng.next() % 4)
            let needle = (0..<needleLen).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let hay = (0..<Int(rng.next() % 200)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let p = try RegexPattern(utf8: needle.flatMap { $0 == 0x20 ? [0x5C, 0x20] : [$0] })
            var naive: [Range<Int>] = []
            var i = 0
            while i + needle.count <= hay.count {
                if Array(hay[i..<(i + needle.count)]) == needle { naive.append(i..<(i + needle.count)); i += needle.count } else { i += 1 }
            }
            #expect(p.matches(in: hay).map(\.range) == naive)
        }
    }
}
