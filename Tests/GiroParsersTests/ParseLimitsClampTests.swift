import GiroCore
import GiroParsers
import Testing

/// `ParseLimits` is a public `var` struct: whatever a caller sets, the parsers stay within their bounds.
@Suite struct ParseLimitsClampTests {
    @Test func extremeValuesAreClampedWhenSet() {
        var limits = ParseLimits()
        limits.maxInputBytes = Int.max
        limits.maxCandidates = Int.max
        #expect(limits.maxInputBytes == ParseLimits.inputCeiling && limits.maxCandidates == ParseLimits.candidateCeiling)
        limits.maxInputBytes = Int.min
        limits.maxCandidates = -1
        #expect(limits.maxInputBytes == 0 && limits.maxCandidates == 0)
    }

    @Test func zeroAndNegativeLimitsNeverTrap() throws {
        var limits = ParseLimits()
        limits.maxCandidates = Int.min
        let text = "IBAN HR1210010051863000160, 12,50 EUR, 31.01.2025"
        #expect(try AmountParser().parse(text, limits: limits).isEmpty)
        #expect(try ParserGroup(ParserGroup.standard().parsers, limits: limits).parse(text).isEmpty)
        limits.maxCandidates = 1
        #expect(try ParserGroup(ParserGroup.standard().parsers, limits: limits).parse(text).count <= 4)
        limits.maxInputBytes = -5
        #expect(try IBANParser().parse("", limits: limits).isEmpty)
        #expect(throws: GiroError.self) { try IBANParser().parse("x", limits: limits) }
        var group = ParserGroup.standard()
        group.limits.maxInputBytes = Int.min
        do {
            _ = try group.parse(text)
            Issue.record("a limit of 0 bytes must refuse the text")
        } catch { #expect(error.code == .payloadTooLarge && error.message.contains("limit of 0")) }
    }
}
