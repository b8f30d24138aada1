import Foundation
import HTTPTypes
import Hummingbird

/// Set when graceful shutdown starts: `/v1` answers 503 `draining`, `/readyz` turns 503, in-flight work ends.
package final class DrainState: @unchecked Sendable {
    private let lock = NSLock()
    private var draining = false
    package init() {}
    package var isDraining: Bool { lock.withLock { draining } }
    package func startDraining() { lock.withLock { draining = true } }
}

/// What every `/v1` request passes before its handler runs: draining, the concurrency limit with its
/// queue, and the time budget. (Bearer auth is checked earlier, in `AuthMiddleware`.)
package struct RequestGate: Sendable {
    package let drain: DrainState
    package let limiter: ConcurrencyLimiter
    /// Holds the per-request time budget.
    package let watchdog: BudgetWatchdog

    package init(drain: DrainState, limiter: ConcurrencyLimiter, watchdog: BudgetWatchdog) {
        (self.drain, self.limiter, self.watchdog) = (drain, limiter, watchdog)
    }

    private func admit() async throws {
        if drain.isDraining { throw ServiceProblem(.draining, "the service is shutting down", retryAfterSeconds: 1) }
        guard await limiter.acquire() else {
            throw ServiceProblem(.overloaded, "too many requests in flight and in the queue", retryAfterSeconds: 1)
        }
    }

    /// Runs `work` in its slot and answers 503 `time_budget_exceeded` if it has not answered in time.
    /// The slot is released only when the work really ends, so late work still counts against the limit.
    package func run(_ work: @escaping @Sendable () async throws -> Response) async throws -> Response {
        try await admit()
        let race = FirstResult<Response>()
        let limiter = self.limiter
        let watchdog = self.watchdog
        return try await withCheckedThrowingContinuation { continuation in
            race.install(continuation)
            let worker = TaskBox()
            let ticket = watchdog.register {
                let detail = "the request was not answered within its time budget of \(watchdog.budget)"
                if race.finish(.failure(ServiceProblem(.timeBudgetExceeded, detail))) { worker.cancel() }
            }
            worker.set(Task {
                let outcome: Result<Response, any Error>
                do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
                // Disarmed before answering: nothing of this request stays with the watchdog.
                watchdog.finish(ticket)
                race.finish(outcome)
                limiter.release()
            })
        }
    }

    /// For a streamed answer: the slot is held until the whole body has been written (no time budget:
    /// a batch may be any size), or until the answer is dropped unwritten (the client went away before its
    /// body was started: the server never calls it).
    package func stream(_ work: @Sendable () async throws -> Response) async throws -> Response {
        try await admit()
        let lease = SlotLease(limiter)
        let response: Response
        do { response = try await work() } catch {
            lease.release()
            throw error
        }
        let body = response.body
        var streamed = response
        streamed.body = ResponseBody { writer in
            defer { lease.release() }
            try await body.write(writer)
        }
        return streamed
    }
}

/// One taken slot, given back exactly once: by `release()`, or when the last reference goes (a streamed answer
/// whose body closure was dropped without being called held the slot for ever: the soak's leaked slot).
final class SlotLease: @unchecked Sendable {
    private let lock = NSLock()
    private var limiter: ConcurrencyLimiter?

    init(_ limiter: ConcurrencyLimiter) { self.limiter = limiter }

    func release() {
        let taken: ConcurrencyLimiter? = lock.withLock {
            defer { limiter = nil }
            return limiter
        }
        taken?.release()
    }

    deinit { release() }
}

/// The worker task of a request, for the timer to cancel (it is created after the timer).
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var cancelled = false

    func set(_ t: Task<Void, Never>) {
        let cancelNow = lock.withLock {
            task = t
            return cancelled
        }
        if cancelNow { t.cancel() }
    }

    func cancel() {
        let t: Task<Void, Never>? = lock.withLock {
            cancelled = true
            return task
        }
        t?.cancel()
    }
}

/// The first of two racing outcomes resumes the continuation; the other is dropped.
final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var pending: Result<Value, any Error>?
    private var done = false

    func install(_ c: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = lock.withLock {
            if let pending { return pending }
            continuation = c
            return nil
        }
        if let ready { c.resume(with: ready) }
    }

    /// True when this call won the race.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let winner: CheckedContinuation<Value, any Error>?? = lock.withLock {
            guard !done else { return .none }
            done = true
            guard let c = continuation else {
                pending = result
                return .some(nil)
            }
            continuation = nil
            return .some(c)
        }
        switch winner {
        case .none: return false
        case .some(let c):
            c?.resume(with: result)
            return true
        }
    }
}
