import CTesseract
import Foundation
import GiroImaging

/// One `TessBaseAPIRecognize` on a thread of its own, so the caller gets its words — or `ocr_timeout` — within the
/// budget.
///
/// Stopping Tesseract: its C API has exactly two ways, both on the monitor (`ETEXT_DESC`): a deadline and a cancel
/// callback. Both are consulted at one place only, before each word of the recognition passes
/// (`Tesseract::RecogAllWordsPassN`); its layout analysis (page segmentation, line finding) never looks at them, and
/// on junk it can run far past any budget (a 1500×1500 noise image with psm 7: 13 s against a 3 s budget; a 32767×3
/// noise strip: minutes). So the caller waits at most the budget and then abandons the job: the cancel callback
/// answers "stop" from then on, so recognition ends at the next word, and layout analysis — which nothing can
/// interrupt — runs to its end, bounded by the image's size (the engine's pixel limit). The thread then frees the
/// engine instead of returning it to the pool and exits: no thread outlives its Tesseract call. At most
/// `maxRunaways` abandoned calls run at once; beyond that new calls are refused (`ocr_engine_failed`) until one ends,
/// so junk images cannot pile up threads.
final class RecognitionJob: @unchecked Sendable {
    // State shared by the caller and the worker thread, guarded by `lock`.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var result: (status: Int32, words: [PageWord])?
    private var abandoned = false
    private let handle: TesseractHandle
    private let width: Int
    private let height: Int
    private let deadlineMilliseconds: Int32

    /// Jobs abandoned by their callers whose Tesseract call has not returned yet (for diagnostics and tests).
    nonisolated(unsafe) private static var runawayCount = 0
    private static let runawayLock = NSLock()
    static var runaways: Int { runawayLock.withLock { runawayCount } }
    /// Abandoned calls allowed to run at once (each holds a thread, a CPU and an engine until Tesseract returns).
    static let maxRunaways = 4

    /// Whether the caller gave up (read by Tesseract's cancel callback on the worker thread).
    var isAbandoned: Bool { lock.withLock { abandoned } }

    init(handle: TesseractHandle, width: Int, height: Int, deadlineMilliseconds: Int32) {
        self.handle = handle
        self.width = width
        self.height = height
        self.deadlineMilliseconds = deadlineMilliseconds
    }

    /// Starts the worker and waits up to `timeout`. Nil when the caller gave up: the job then owns the handle.
    func run(timeout: Duration) -> (status: Int32, words: [PageWord])? {
        let thread = Thread { [self] in work() }
        // Tesseract recurses in places (outline following); the default secondary-thread stack can be small.
        thread.stackSize = 16 << 20
        thread.start()
        let nanoseconds = max(0, timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        if done.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success {
            return lock.withLock { result }
        }
        return lock.withLock {
            if let result { return result }   // finished just now
            abandoned = true
            Self.runawayLock.withLock { Self.runawayCount += 1 }
            return nil
        }
    }

    private func work() {
        TesseractPool.limitOpenMPOnThisThread()
        let monitor = TessMonitorCreate()
        TessMonitorSetDeadlineMSecs(monitor, deadlineMilliseconds)
        // `self` is alive for the whole call: the thread's closure holds it.
        TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(self).toOpaque())
        TessMonitorSetCancelFunc(monitor) { job, _ in
            guard let job else { return false }
            return Unmanaged<RecognitionJob>.fromOpaque(job).takeUnretainedValue().isAbandoned
        }
        let status = TessBaseAPIRecognize(handle.api, monitor)
        TessMonitorDelete(monitor)
        let words = status == 0 ? TesseractEngine.words(handle.api, width: width, height: height) : []
        let wasAbandoned = lock.withLock {
            result = (status, words)
            return abandoned
        }
        if wasAbandoned {
            TesseractPool.shared.checkIn(handle, keep: false)
            Self.runawayLock.withLock { Self.runawayCount -= 1 }
        }
        done.signal()
    }
}
