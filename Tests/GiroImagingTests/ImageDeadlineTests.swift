import Foundation
import Giro
import Testing

/// One deadline for a whole image (`ImageDecoder.totalBudgetMilliseconds`, a PDF's budget): the barcode search and the
/// print's reading share it, so work cut off by a service request's budget ends with it. Deadlines already passed
/// make these checks independent of the machine's speed.
@Suite struct ImageDeadlineTests {
    static let blank = ReadingStrategyBudgetTests.blank
    static let passed = ContinuousClock.now - .seconds(1)

    @Test func aPassedDeadlineStopsTheSearchBeforeItsFirstPass() {
        let result = ReadingStrategy(budgetMilliseconds: 60_000).read(Self.blank, recognises: { _ in true }, deadline: Self.passed)
        #expect(result.passes.isEmpty)
        #expect(result.budgetExhausted)
    }

    @Test func theDeadlineIsNotExtendedByThePrintsReading() {
        // The time the caller reads the print does not count against the search's own budget, but the shared
        // deadline is wall time: past it, no fallback pass runs after the caller returns.
        var before: [String]?
        let deadline = ContinuousClock.now + .milliseconds(300)
        let result = ReadingStrategy(budgetMilliseconds: 60_000).read(Self.blank, recognises: { _ in false }, deadline: deadline) {
            before = $0.passes
            while ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return .all
        }
        #expect(before?.isEmpty == false)
        #expect(result.budgetExhausted)
        #expect(result.passes == before, "\(result.passes)")
    }

    @Test func withoutTimeLeftThePrintIsNotReadAndSaysWhy() {
        let decoder = ImageDecoder(strategy: ReadingStrategy(budgetMilliseconds: 60_000), slips: SlipScanning(engine: TesseractEngine()))
        let result = decoder.decode(image: Self.blank, deadline: Self.passed)
        #expect(result.passes.isEmpty)
        #expect(result.slips.isEmpty)
        #expect(result.slipError?.code == .ocrTimeout, "\(String(describing: result.slipError))")
    }

    @Test func theTotalBudgetIsClamped() {
        var decoder = ImageDecoder()
        decoder.totalBudgetMilliseconds = 0
        #expect(decoder.totalBudgetMilliseconds == 1)
        decoder.totalBudgetMilliseconds = nil
        #expect(decoder.totalBudgetMilliseconds == nil)
    }
}
