import GiroRegex
import Testing

/// Public option structs cannot be set to values that make a search trap or overflow.
@Suite struct LimitClampTests {
    @Test func ocrSubstitutionsAreClampedWhenSet() throws {
        var options = OCRMatchOptions()
        options.maxSubstitutions = Int.max
        #expect(options.maxSubstitutions == 16)
        let p = try RegexPattern(#"HR\d{19}"#)
        let m = try #require(p.ocrFirstMatch(in: "HR12I00IOO5I863OOOI6O", options: options))
        #expect(m.correctedText == "HR1210010051863000160")
        options.maxSubstitutions = Int.min
        #expect(options.maxSubstitutions == 0)
        #expect(p.ocrFirstMatch(in: "HR12I00IOO5I863OOOI6O", options: options) == nil)
        #expect(OCRMatchOptions(maxSubstitutions: Int.max).maxSubstitutions == 16)
        #expect(OCRMatchOptions(maxSubstitutions: -3).maxSubstitutions == 0)
    }

    @Test func regexLimitsAtIntMaxStayInsideTheirCeilings() throws {
        var limits = RegexLimits()
        limits.maxPatternLength = Int.max
        limits.maxNestDepth = Int.max
        limits.maxNFAStates = Int.max
        limits.lazyDFACacheBytes = Int.max
        limits.maxCaptureGroups = Int.max
        limits.maxCaptureTableEntries = Int.max
        #expect(limits.maxNestDepth == 250 && limits.maxNFAStates == 1 << 24 && limits.maxCaptureTableEntries == 1 << 32)
        #expect(limits.maxPatternLength == 1 << 30 && limits.lazyDFACacheBytes == 1 << 30 && limits.maxCaptureGroups == 1 << 20)
        // The OCR table bound multiplies the capture-table limit: no overflow at the ceiling.
        let p = try RegexPattern(#"(?<bank>\d{4})-(?<acct>\d{6})"#, limits: limits)
        var options = OCRMatchOptions()
        options.maxSubstitutions = Int.max
        #expect(p.ocrFirstMatch(in: "x 12O4-5678S9 y", options: options)?.correctedText == "1204-567859")
        do {
            _ = try RegexPattern(String(repeating: "(", count: 300) + "a" + String(repeating: ")", count: 300), limits: limits)
            Issue.record("nesting beyond the ceiling must be refused")
        } catch { #expect(error.kind == .nestLimitExceeded) }
    }

    @Test func regexLimitsBelowZeroRejectInsteadOfTrapping() throws {
        var limits = RegexLimits()
        limits.maxPatternLength = Int.min
        limits.maxNestDepth = -1
        limits.maxNFAStates = -1
        limits.lazyDFACacheBytes = Int.min
        limits.maxCaptureGroups = -1
        limits.maxCaptureTableEntries = Int.min
        #expect(limits.maxPatternLength == 0 && limits.maxNestDepth == 0 && limits.maxCaptureTableEntries == 0)
        do {
            _ = try RegexPattern("a", limits: limits)
            Issue.record("a pattern longer than 0 bytes must be refused")
        } catch { #expect(error.kind == .patternTooLong) }
        limits.maxPatternLength = 100
        #expect(throws: RegexError.self) { try RegexPattern("a", limits: limits) }
        limits.maxNFAStates = 1000
        limits.maxCaptureTableEntries = 1000
        limits.maxNestDepth = 10
        limits.lazyDFACacheBytes = 0  // the smallest cache still searches (cleared more often)
        let p = try RegexPattern("ab+c", limits: limits)
        #expect(p.firstMatch(in: "xxabbbc")?.range == 2..<7)
    }
}
