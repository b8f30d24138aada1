import Testing
@_spi(Testing) import GiroRegex

@Suite struct APITests {
    @Test func namedCapturesByIndexAndName() throws {
        let p = try RegexPattern(#"(?<y>\d{4})-(?P<m>\d{2})-(\d{2})"#)
        #expect(p.captureGroupCount == 3)
        #expect(p.captureNames == [nil, "y", "m", nil])
        #expect(p.captureIndex(named: "m") == 2)
        let c = try #require(p.captures(in: "on 2024-05-17."))
        #expect(c.range == 3..<13)
        #expect(c["y"] == 3..<7)
        #expect(c[2] == 8..<10)
        #expect(c[3] == 11..<13)
        #expect(c[9] == nil)
        #expect(c["nope"] == nil)
    }

    @Test func rangeAndAnchoredSearch() throws {
        let p = try RegexPattern(#"\d+"#)
        let hay = Array("ab12cd345".utf8)
        #expect(p.firstMatch(in: hay, range: 3..<9)?.range == 3..<4)
        #expect(p.firstMatch(in: hay, range: 4..<9)?.range == 6..<9)
        #expect(p.firstMatch(in: hay, range: 0..<9, anchored: true) == nil)
        #expect(p.firstMatch(in: hay, range: 2..<9, anchored: true)?.range == 2..<4)
        #expect(p.firstMatch(in: hay, range: 6..<8)?.range == 6..<8)
        // Assertions see outside the range (like a PCRE2 start offset).
        let b = try RegexPattern(#"\b\d"#)
        #expect(b.firstMatch(in: hay, range: 3..<9)?.range == 6..<7 || b.firstMatch(in: hay, range: 3..<9) == nil)
        let caret = try RegexPattern("^c")
        #expect(caret.firstMatch(in: hay, range: 4..<9) == nil)
    }

    @Test func stringConvenience() throws {
        let p = try RegexPattern(#"\w+"#, options: .caseInsensitive)
        #expect(p.isMatch("čč ab"))
        #expect(p.matchedStrings(in: "čč ab, cd") == ["ab", "cd"])
        let m = try #require(p.firstMatch(in: "€ xyz"))
        #expect(m.text(in: "€ xyz") == "xyz")
        #expect(p.allCaptures(in: "a b").count == 2)
        #expect(Array(p.matches(in: "a b c")).count == 3)
    }

    @Test func spanAPI() throws {
        let p = try RegexPattern("b+")
        let bytes: [UInt8] = Array("abbbc".utf8)
        if #available(macOS 26.0, *) {
            let r = p.firstMatch(in: bytes.span)?.range
            let ok = p.isMatch(in: bytes.span)
            #expect(r == 1..<4)
            #expect(ok)
        }
    }

    @Test func optionsMatchInlineFlags() throws {
        let a = try RegexPattern("^x.y$", options: [.multiline, .dotMatchesNewline, .caseInsensitive])
        #expect(a.matchedStrings(in: "q\nX\nY\n") == ["X\nY"])
        let b = try RegexPattern("a b # c", options: .extended)
        #expect(b.isMatch("ab"))
        let u = try RegexPattern(#"^\w+$"#, options: .unicodeClasses)
        #expect(u.isMatch("čćšžđ"))
        #expect(try !RegexPattern(#"^\w+$"#).isMatch("čćšžđ"))
        let wb = try RegexPattern(#"\bž"#, options: .unicodeClasses)
        #expect(wb.firstMatch(in: "až ž")?.range == 4..<6)
    }

    @Test func errorsCarryKindAndSpan() {
        do {
            _ = try RegexPattern("ab(?=c)")
            Issue.record("should throw")
        } catch {
            #expect(error.kind == .unsupportedLookaround)
            #expect(error.span.start == 2)
            #expect(error.kind.rawValue == "unsupported_lookaround")
        }
        #expect(throws: RegexError.self) { try RegexPattern("(a") }
    }

    @Test func limits() {
        var l = RegexLimits()
        l.maxNestDepth = 10
        #expect(throws: RegexError.self) { try RegexPattern(String(repeating: "(", count: 11) + "a" + String(repeating: ")", count: 11), limits: l) }
        #expect((try? RegexPattern(String(repeating: "(", count: 9) + "a" + String(repeating: ")", count: 9), limits: l)) != nil)
        l.maxPatternLength = 5
        do { _ = try RegexPattern("abcdef", limits: l) } catch { #expect(error.kind == .patternTooLong) }
        do { _ = try RegexPattern("a{1000}{1000}") } catch { #expect(error.kind == .sizeLimitExceeded) }
        do { _ = try RegexPattern(String(repeating: "(", count: 300)) } catch { #expect(error.kind == .nestLimitExceeded) }
        do { _ = try RegexPattern(utf8: [0x61, 0xFF]) } catch { #expect(error.kind == .invalidUTF8) }
    }

    @Test func shareAcrossTasks() async throws {
        let p = try RegexPattern(#"[A-Z]{2}\d{2}"#)
        let hay = Array(String(repeating: "xx HR12 DE34 ", count: 500).utf8)
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { p.count(in: hay) } }
            var out: [Int] = []
            for await c in group { out.append(c) }
            return out
        }
        #expect(counts == Array(repeating: 1000, count: 8))
    }

    @Test func iterationFollowsPCRE2EmptyMatchRule() throws {
        let p = try RegexPattern("a*")
        #expect(p.matches(in: Array("baaa".utf8)).map(\.range) == [0..<0, 1..<4, 4..<4])
        let q = try RegexPattern("|a")
        #expect(q.matches(in: Array("a".utf8)).map(\.range) == [0..<0, 0..<1, 1..<1])
        let e = try RegexPattern("")
        #expect(e.matches(in: "č").map(\.range) == [0..<0, 2..<2])
    }

    @Test func invalidUTF8Haystack() throws {
        let p = try RegexPattern(".")
        let hay: [UInt8] = [0x61, 0xFF, 0x62, 0xC3]
        #expect(p.matches(in: hay).map(\.range) == [0..<1, 2..<3])
        let n = try RegexPattern("[^a]")
        #expect(n.matches(in: hay).map(\.range) == [2..<3])
    }
}

@Suite struct LimitTests {
    @Test func captureTableIsBounded() {
        let many = String(repeating: "(a)", count: 5000)
        do { _ = try RegexPattern(many); Issue.record("should be refused") } catch { #expect(error.kind == .sizeLimitExceeded) }
        #expect((try? RegexPattern(String(repeating: "(a)", count: 200))) != nil)
    }
}
