import Foundation
import Giro
import Testing

/// The per-image budget, driven by an injected clock: what the budget stops is decided by the time the test says has
/// passed, never by how busy the machine is. (Production reads the wall clock; correctness tests search with
/// `ReadingStrategy.unlimited`.)
@Suite struct ReadingStrategyBudgetTests {
    static let blank = GrayImage(width: 120, height: 80, pixels: [UInt8](repeating: 255, count: 120 * 80))!

    /// An injected clock: reads zero for the first `zeroReads` reads, then `after`.
    final class StepClock {
        var reads = 0
        let zeroReads: Int
        let after: Duration
        init(zeroReads: Int, after: Duration) { self.zeroReads = zeroReads; self.after = after }
        func elapsed() -> Duration {
            reads += 1
            return reads > zeroReads ? after : .zero
        }
    }

    @Test func withTimeLeftEveryPassRuns() {
        let clock = StepClock(zeroReads: .max, after: .zero)
        let result = ReadingStrategy(budgetMilliseconds: 1000).read(Self.blank, elapsed: clock.elapsed) { _ in true }
        #expect(!result.budgetExhausted)
        #expect(result.symbols.isEmpty)
        #expect(result.passes.first == "zxing" && result.passes.contains("dmtx") && result.passes.contains("dmtx-grid"), "\(result.passes)")
        #expect(clock.reads > 1)
    }

    @Test func aSpentBudgetStopsTheSearchAtTheNextPass() {
        // Time is left when the first pass starts, none afterwards.
        let clock = StepClock(zeroReads: 1, after: .milliseconds(1000))
        let result = ReadingStrategy(budgetMilliseconds: 1000).read(Self.blank, elapsed: clock.elapsed) { _ in true }
        #expect(result.budgetExhausted)
        #expect(result.passes == ["zxing"])
    }

    @Test func justBeforeTheBudgetTheNextPassStillRuns() {
        let clock = StepClock(zeroReads: 1, after: .milliseconds(999))
        let result = ReadingStrategy(budgetMilliseconds: 1000).read(Self.blank, elapsed: clock.elapsed) { _ in true }
        #expect(!result.budgetExhausted)
        #expect(result.passes.count > 1, "\(result.passes)")
    }
}
