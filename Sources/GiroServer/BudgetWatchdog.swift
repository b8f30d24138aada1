import Foundation

/// The time budgets of the requests in flight, watched by one task per service instead of one sleeping task
/// per request (each of those cost a dispatch timer, a wake-up of dispatch's timer thread and a task).
///
/// Every request gets the same budget, so deadlines come due in the order requests registered: a FIFO whose
/// head is the next to expire. Finished requests only leave the live table; the sweeper drops their FIFO
/// entries (an id and an instant each) when it reaches them.
package final class BudgetWatchdog: @unchecked Sendable {
    package let budget: Duration
    private let lock = NSLock()
    private var live: [UInt64: @Sendable () -> Void] = [:]
    private var order: [(id: UInt64, deadline: ContinuousClock.Instant)] = []
    private var head = 0
    private var nextID: UInt64 = 0
    private var sweeper: Task<Void, Never>?
    /// The sweeper, parked while nothing is registered.
    private var parked: CheckedContinuation<Void, Never>?

    package init(budget: Duration) { self.budget = budget }

    /// Arms the budget of one request; `onExpiry` runs (once, off the request's task) if `finish` has not been
    /// called by the deadline. Returns the ticket for `finish`.
    package func register(onExpiry: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, wake): (UInt64, CheckedContinuation<Void, Never>?) = lock.withLock {
            nextID &+= 1
            live[nextID] = onExpiry
            // Read under the lock, so the FIFO stays in deadline order.
            order.append((nextID, ContinuousClock.now + budget))
            if sweeper == nil { sweeper = Task { await self.sweep() } }
            defer { parked = nil }
            return (nextID, parked)
        }
        wake?.resume()
        return id
    }

    /// The request answered (or failed) in time: its expiry will not run.
    package func finish(_ id: UInt64) {
        _ = lock.withLock { live.removeValue(forKey: id) }
    }

    /// Requests registered and not finished (tests).
    package var armed: Int { lock.withLock { live.count } }

    private enum Step {
        case park
        case sleep(until: ContinuousClock.Instant)
        case expire([@Sendable () -> Void])
    }

    private func sweep() async {
        while !Task.isCancelled {
            switch nextStep() {
            case .expire(let expired): for onExpiry in expired { onExpiry() }
            case .sleep(let deadline):
                do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            case .park:
                await withCheckedContinuation { continuation in
                    let resumeNow = lock.withLock {
                        guard head == order.count else { return true }
                        parked = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }

    private func nextStep() -> Step {
        lock.withLock {
            let now = ContinuousClock.now
            var expired: [@Sendable () -> Void] = []
            while head < order.count {
                let entry = order[head]
                if let onExpiry = live[entry.id] {
                    guard entry.deadline <= now else { break }
                    live[entry.id] = nil
                    expired.append(onExpiry)
                }
                head += 1
            }
            // Drop the consumed front once it is most of the array (amortised O(1) per request).
            if head == order.count {
                order.removeAll(keepingCapacity: order.count <= 4096)
                head = 0
            } else if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
            if !expired.isEmpty { return .expire(expired) }
            return head < order.count ? .sleep(until: order[head].deadline) : .park
        }
    }
}
