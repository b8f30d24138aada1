import Foundation

/// At most `maxConcurrent` requests run at once; up to `maxQueue` more wait (first come, first served);
/// anything beyond is refused at once so an overloaded service answers 429 instead of piling up work.
///
/// A lock, not an actor: taking and giving back a free slot costs no task switch (every `/v1` request does
/// both); only a request that has to queue suspends.
package final class ConcurrencyLimiter: @unchecked Sendable {
    package let maxConcurrent: Int
    package let maxQueue: Int
    private let lock = NSLock()
    private var running = 0
    /// Resumed with true when a slot is handed over.
    private var waiting: [CheckedContinuation<Bool, Never>] = []

    package init(maxConcurrent: Int, maxQueue: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxQueue = max(0, maxQueue)
    }

    /// Takes a slot, waiting in the queue if needed; false when the queue is full too.
    package func acquire() async -> Bool {
        if lock.withLock({ takeFreeSlot() }) { return true }
        // Decided again under the lock together with queueing: a slot freed meanwhile is not missed.
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answer: Bool? = lock.withLock {
                if takeFreeSlot() { return true }
                guard waiting.count < maxQueue else { return false }
                waiting.append(continuation)
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    private func takeFreeSlot() -> Bool {
        guard running < maxConcurrent else { return false }
        running += 1
        return true
    }

    package func release() {
        // The releasing request hands its slot straight to the first waiter, so `running` stays put.
        let next: CheckedContinuation<Bool, Never>? = lock.withLock {
            if waiting.isEmpty {
                running = max(0, running - 1)
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume(returning: true)
    }

    package var inFlight: Int { lock.withLock { running } }
    package var queued: Int { lock.withLock { waiting.count } }
}
