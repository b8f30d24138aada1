@testable import GiroCore
import Testing

/// The engines' time budgets in whole milliseconds: fractions count, at least 1, never a trap.
@Suite struct DurationMillisecondsTests {
    @Test func wholeMillisecondsAtLeastOne() {
        #expect(Duration.milliseconds(1500).budgetMilliseconds == 1500)
        #expect(Duration.milliseconds(900).budgetMilliseconds == 900)   // not 0: the fraction of a second counts
        #expect(Duration.microseconds(10).budgetMilliseconds == 1)
        #expect(Duration.seconds(-3).budgetMilliseconds == 1)
        #expect(Duration.seconds(Int64.max).budgetMilliseconds == Int.max)
    }
}
