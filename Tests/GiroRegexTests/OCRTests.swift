import GiroTestSupport
import Testing
@_spi(Testing) import GiroRegex

@Suite struct OCRTests {
    @Test func ibanWithLetterOInsteadOfZero() throws {
        let p = try RegexPattern(#"HR\d{19}"#)
        #expect(p.firstMatch(in: "HR5O41240003200000000") == nil)
        let m = try #require(p.ocrFirstMatch(in: "HR5O41240003200000000", options: OCRMatchOptions(maxSubstitutions: 2)))
        #expect(m.range == 0..<21)
        #expect(m.correctedText == "HR5041240003200000000")
        #expect(m.substitutions == [OCRSubstitution(offset: 3, original: "O", replacement: "0")])
        #expect(m.substitutionCount == 1)
        #expect(!m.isExact)
    }

    @Test func exactMatchIsPreferredAndReportsNoSubstitutions() throws {
        let p = try RegexPattern(#"\d{4}"#)
        let m = try #require(p.ocrFirstMatch(in: "ab 1234", options: OCRMatchOptions(maxSubstitutions: 1)))
        #expect(m.range == 3..<7)
        #expect(m.isExact)
        #expect(m.correctedText == "1234")
    }

    @Test func leftmostWinsThenFewestSubstitutions() throws {
        let p = try RegexPattern(#"\d{3}"#)
        // "1O1" at 0 needs one substitution, "222" at 4 none: leftmost start wins.
        let m = try #require(p.ocrFirstMatch(in: "1O1 222", options: OCRMatchOptions(maxSubstitutions: 1)))
        #expect(m.range == 0..<3)
        #expect(m.correctedText == "101")
        // Same start: fewer substitutions wins over leftmost-first priority.
        let q = try RegexPattern(#"[A-Z]{2}\d|[A-Z]\d\d"#)
        let n = try #require(q.ocrFirstMatch(in: "B8S", options: OCRMatchOptions(maxSubstitutions: 2)))
        #expect(n.range == 0..<3)
        #expect(n.substitutionCount == 1)
    }

    @Test func maxSubstitutionsIsRespected() throws {
        let p = try RegexPattern(#"\d{5}"#)
        #expect(p.ocrFirstMatch(in: "1OO1S", options: OCRMatchOptions(maxSubstitutions: 2)) == nil)
        let m = try #require(p.ocrFirstMatch(in: "1OO1S", options: OCRMatchOptions(maxSubstitutions: 3)))
        #expect(m.correctedText == "10015")
        #expect(m.substitutions.map(\.offset) == [1, 2, 4])
    }

    @Test func lettersFromDigitsToo() throws {
        let p = try RegexPattern("[A-Z]{4}")
        let m = try #require(p.ocrFirstMatch(in: "x 8I5Z", options: OCRMatchOptions(maxSubstitutions: 4)))
        #expect(m.correctedText == "BIS" + "Z" || m.correctedText == "BISZ")
        #expect(m.range == 2..<6)
    }

    @Test func capturesAndCorrectedGroups() throws {
        let p = try RegexPattern(#"(?<cc>[A-Z]{2})(?<check>\d{2})(?<bban>\d{17})"#)
        let m = try #require(p.ocrFirstMatch(in: "IBAN: HR1Z10010051863000160", options: OCRMatchOptions(maxSubstitutions: 1)))
        #expect(m.correctedText(ofGroup: "check") == "12")
        #expect(m.correctedText(ofGroup: "cc") == "HR")
        #expect(m.captures["bban"] == 10..<27)
    }

    @Test func customConfusionTable() throws {
        var table = OCRConfusionTable()
        table.add("e", "c")
        let p = try RegexPattern("cash")
        let opts = OCRMatchOptions(maxSubstitutions: 1, confusions: table)
        #expect(p.ocrFirstMatch(in: "eash", options: opts)?.correctedText == "cash")
        #expect(p.ocrFirstMatch(in: "eash", options: OCRMatchOptions(maxSubstitutions: 1)) == nil)
        #expect(OCRConfusionTable.default.confusions(of: "I").sorted() == ["1", "l"])
        #expect(OCRConfusionTable.default.confusions(of: "0") == ["O"])
    }

    @Test func allMatchesWithCorrections() throws {
        let p = try RegexPattern(#"\d{3}"#)
        let ms = p.ocrMatches(in: "1O1 222 3S3 x", options: OCRMatchOptions(maxSubstitutions: 1))
        #expect(ms.map(\.correctedText) == ["101", "222", "353"])
        #expect(ms.map(\.range) == [0..<3, 4..<7, 8..<11])
    }

    @Test func multiByteTextStaysValid() throws {
        let p = try RegexPattern(#"č\d+"#)
        let m = try #require(p.ocrFirstMatch(in: "ščl2", options: OCRMatchOptions(maxSubstitutions: 1)))
        #expect(m.correctedText == "č12")
        #expect(m.range == 2..<6)
    }

    @Test func kZeroEqualsExactMatching() throws {
        let p = try RegexPattern("(a|ab)(c|bcd)(d*)")
        let hay = Array("abcd abcd".utf8)
        #expect(p._ocrAllMatches(in: hay, k: 0, cache: p.makeCache()) == p._allMatches(in: hay, engine: .pikeVM, cache: p.makeCache()))
    }
}

/// Brute force: apply every combination of ≤ k confusions to short haystacks and compare the best
/// (leftmost start, fewest substitutions) key with the OCR engine's answer.
@Suite struct OCROracleTests {
    static let patterns = [#"\d{3}"#, #"[A-Z]\d+"#, #"(?:ab|\d)+"#, #"\d+a"#, #"S\d"#, #"[a-z]{2}\d"#, #"\b\d\d\b"#, #"I?\d{2}"#]
    static let alphabet: [UInt8] = Array("O0I1Sab5 l".utf8)

    /// All variants of `hay` with up to `k` substituted positions (positions listed).
    static func variants(_ hay: [UInt8], _ k: Int, _ table: OCRConfusionTable) -> [([UInt8], [Int])] {
        var out: [([UInt8], [Int])] = [(hay, [])]
        func rec(_ cur: [UInt8], _ from: Int, _ used: [Int]) {
            if used.count == k { return }
            for i in from..<cur.count {
                for alt in table.confusions(of: Unicode.Scalar(cur[i])) {
                    var v = cur
                    v[i] = UInt8(alt.value)
                    out.append((v, used + [i]))
                    rec(v, i + 1, used + [i])
                }
            }
        }
        rec(hay, 0, [])
        return out
    }

    @Test func bestKeyMatchesBruteForce() throws {
        var rng = SplitMix64(seed: 31)
        var checked = 0
        for pat in Self.patterns {
            let p = try RegexPattern(pat)
            for _ in 0..<60 {
                let n = Int(rng.next() % 8)
                let hay = (0..<n).map { _ in Self.alphabet[Int(rng.next() % UInt64(Self.alphabet.count))] }
                for k in 1...2 {
                    var best: (Int, Int)? = nil
                    for (v, subs) in Self.variants(hay, k, .default) {
                        guard let m = p.firstMatch(in: v) else { continue }
                        // Leftmost start in this variant; count only substitutions inside an anchored match there.
                        guard let a = p.firstMatch(in: v, range: m.range.lowerBound..<v.count, anchored: true) else { continue }
                        let inside = subs.filter { a.range.contains($0) }.count
                        let key = (a.range.lowerBound, inside)
                        if best == nil || key < best! { best = key }
                    }
                    let got = p.ocrFirstMatch(in: hay, options: OCRMatchOptions(maxSubstitutions: k))
                    checked += 1
                    #expect(got.map { ($0.range.lowerBound, $0.substitutionCount) } ?? (-1, -1) == best ?? (-1, -1),
                            "/\(pat)/ k=\(k) on \(String(decoding: hay, as: UTF8.self).debugDescription)")
                    if let g = got {
                        // The corrected text really matches at that start.
                        var fixed = hay
                        for s in g.substitutions { fixed[s.offset] = UInt8(s.replacement.value) }
                        #expect(Array(fixed[g.range]) == g.corrected)
                        #expect(p.firstMatch(in: fixed, range: g.range.lowerBound..<fixed.count, anchored: true) != nil)
                    }
                }
            }
        }
        print("OCR brute-force oracle: \(checked) (pattern, haystack, k) cases")
    }
}
