import Testing
@testable import GiroSlips

/// The class trace prints what an untrusted page gave: nothing in it may trap or reach a terminal raw.
@Suite struct SlipClassTraceTests {
    @Test func confidenceOutOfRangeIsPrintedAsUnknown() {
        #expect(SlipClassTrace.percent(0.876) == "88")
        #expect(SlipClassTrace.percent(nil) == "-")
        #expect(SlipClassTrace.percent(.nan) == "-")
        #expect(SlipClassTrace.percent(1e300) == "-")   // `Int(1e302)` traps
        #expect(SlipClassTrace.percent(-0.5) == "-")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(SlipClassTrace.escaped("a\u{1B}[2Jb\u{9B}") == "a\\u{1b}[2Jb\\u{9b}")
    }
}
