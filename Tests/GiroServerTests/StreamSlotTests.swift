import Foundation
import GiroServer
import Hummingbird
import Testing

/// A streamed answer (`/v1/batch`) holds its slot until its body is written — and gives it back when the server
/// drops the answer unwritten, which it does when the client goes away before the body starts. (The soak under
/// load leaked one slot that way now and then: a client of wrk's closed as its batch was answered.)
@Suite struct StreamSlotTests {
    static func gate() -> RequestGate {
        RequestGate(drain: DrainState(), limiter: ConcurrencyLimiter(maxConcurrent: 1, maxQueue: 0),
                    watchdog: BudgetWatchdog(budget: .seconds(10)))
    }

    static func answer() -> Response {
        Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}\n")))
    }

    @Test func aDroppedUnwrittenAnswerFreesItsSlot() async throws {
        let gate = Self.gate()
        do {
            let response = try await gate.stream { Self.answer() }
            #expect(gate.limiter.inFlight == 1, "the slot is held while the answer waits to be written")
            _ = response
        }
        #expect(gate.limiter.inFlight == 0, "the answer was dropped unwritten and its slot is still taken")
    }

    @Test func aFailedWorkFreesItsSlotOnce() async throws {
        let gate = Self.gate()
        struct Failure: Error {}
        await #expect(throws: Failure.self) { try await gate.stream { throw Failure() } }
        #expect(gate.limiter.inFlight == 0)
        // Exactly once: a second request takes the one slot and holds it.
        let held = try await gate.stream { Self.answer() }
        #expect(gate.limiter.inFlight == 1)
        _ = held
    }
}
