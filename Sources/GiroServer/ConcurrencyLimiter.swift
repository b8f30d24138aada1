/// At most `maxConcurrent` requests run at once; up to `maxQueue` more wait (first come, first served);
/// anything beyond is refused at once so an overloaded service answers 429 instead of piling up work.
package actor ConcurrencyLimiter {
    package let maxConcurrent: Int
    package let maxQueue: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(maxConcurrent: Int, maxQueue: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxQueue = max(0, maxQueue)
    }

    /// Takes a slot, waiting in the queue if needed; false when the queue is full too.
    package func acquire() async -> Bool {
        if running < maxConcurrent {
            running += 1
            return true
        }
        guard waiting.count < maxQueue else { return false }
        // The releasing request hands its slot straight to the first waiter, so `running` stays put.
        await withCheckedContinuation { waiting.append($0) }
        return true
    }

    package func release() {
        if waiting.isEmpty {
            running = max(0, running - 1)
        } else {
            waiting.removeFirst().resume()
        }
    }

    package var inFlight: Int { running }
    package var queued: Int { waiting.count }
}
