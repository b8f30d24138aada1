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
