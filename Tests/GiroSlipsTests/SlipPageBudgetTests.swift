import Foundation
import GiroCore
import GiroImaging
import GiroOCR
import GiroSlips
import Testing

/// An image's page passes share its one deadline: each OCR call gets only the time left, and none starts once the
/// caller gave up. (Before, each pass had the whole budget: a photo read as unknown makes up to
/// eight of them, and a service request could hold its slot for half a minute past its own budget.)
@Suite struct SlipPageBudgetTests {
    /// Reads nothing, slowly, and records when it was called and with what budget.
    final class SlowEngine: OCREngine, @unchecked Sendable {
        let lock = NSLock()
        let started = ContinuousClock.now
        let spend: Duration
        var calls: [(at: Duration, budget: Int)] = []
        /// When set, the first call waits for it (at most 10 min): the test acts while that call runs. The wait is long
        /// because the test's own poll may get no thread for minutes when the whole suite runs on 2 cores (CI saw 200 s).
        let hold: DispatchSemaphore?
        init(spend: Duration, hold: DispatchSemaphore? = nil) { (self.spend, self.hold) = (spend, hold) }
        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            let first = lock.withLock {
                calls.append((ContinuousClock.now - started, settings.budgetMilliseconds))
                return calls.count == 1
            }
            if first, let hold { _ = hold.wait(timeout: .now() + 600) }
            Thread.sleep(forTimeInterval: Double(spend.components.attoseconds) / 1e18 + Double(spend.components.seconds))
            return PageWords(width: image.width, height: image.height, words: [])
        }
        var recorded: [(at: Duration, budget: Int)] { lock.withLock { calls } }
    }

    static func blankPage() throws -> GrayImage {
        try #require(GrayImage(width: 600, height: 400, pixels: [UInt8](repeating: 255, count: 600 * 400)))
    }

    /// A blank page finds no form, so the reader makes its further passes (Cyrillic, locally thresholded): each later
    /// call's budget is what is left of the image's, not the whole budget again.
    @Test func laterPassesGetWhatIsLeft() throws {
        let engine = SlowEngine(spend: .milliseconds(150))
        let options = SlipImageOptions(budgetMilliseconds: 2_000, detectPaper: false)
        _ = try? SlipReader.builtIn.read(image: Self.blankPage(), engine: engine, options: options)
        let calls = engine.recorded
        try #require(calls.count >= 2, "the blank page made \(calls.count) page passes")
        // The first call had (about) the whole budget; each later one what was left of it after the calls before.
        let first = calls[0]
        for call in calls.dropFirst() {
            let left = first.budget - (call.at - first.at).budgetMilliseconds
            #expect(call.budget <= left + 5, "a pass \(call.at - first.at) after the first got \(call.budget) ms of \(first.budget)")
        }
    }

    /// A cancelled reading (the service's watchdog cancels a request past its budget) starts no further pass.
    @Test func noPassStartsOnceCancelled() async throws {
        let hold = DispatchSemaphore(value: 0)
        let engine = SlowEngine(spend: .milliseconds(10), hold: hold)
        // The longest budget: the test's own task may wait long for a thread when the whole suite runs on 2 cores.
        let options = SlipImageOptions(budgetMilliseconds: 120_000, detectPaper: false)
        let started = ContinuousClock.now
        let page = try Self.blankPage()
        let task = Task { () -> ErrorCode? in
            do {
                _ = try SlipReader.builtIn.read(image: page, engine: engine, options: options)
                return nil
            } catch let error as GiroError {
                return error.code
            } catch {
                return nil
            }
        }
        // Cancelled while the first page pass runs.
        while engine.recorded.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        hold.signal()
        let code = await task.value
        // The cancel surfaces as `ocr_timeout`; only a reading that outlived its whole budget ends without one.
        #expect(code == .ocrTimeout || ContinuousClock.now - started >= .seconds(120), "\(String(describing: code))")
        #expect(engine.recorded.count == 1, "\(engine.recorded.count) passes after the cancel: \(engine.recorded)")
    }
}
