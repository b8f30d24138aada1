import Foundation
import GiroServer
import Hummingbird
import Logging
import ServiceLifecycle

/// A `GiroService` on an ephemeral loopback port for one test; `stop()` triggers graceful shutdown.
final class RunningServer: @unchecked Sendable {
    let service: GiroService
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start(_ configure: (inout ServiceConfiguration) -> Void = { _ in }) async throws -> RunningServer {
        var configuration = ServiceConfiguration()
        configuration.port = 0
        // No wall-clock budget decides a test that checks something else (on a loaded machine a held-back request
        // outlived the 10 s default): an hour; `timeBudgetAnswers503` sets its own.
        configuration.timeBudget = .seconds(3600)
        configure(&configuration)
        var logger = Logger(label: "giro.test")
        logger.logLevel = .warning
        let service = GiroService(configuration: configuration, logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = service.makeApplication { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [DrainingService(application: app, drain: service.drain)],
                                                      logger: logger))
        // If the server cannot start, the port stream ends (port 0) instead of hanging the test.
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        return RunningServer(service: service, port: port, group: group, task: task)
    }

    private init(service: GiroService, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.service = service
        self.port = port
        self.group = group
        self.task = task
    }

    struct NeverReached: Error, CustomStringConvertible {
        let description: String
    }

    /// Waits until `condition` holds, polling the service's state (a sleep alone would be flaky on a loaded machine).
    /// The 60 s limit only keeps a broken server from hanging the run: reaching it fails the test, it decides nothing.
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<6000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw NeverReached(description: "waited 60 s in vain for \(what)")
    }

    /// Waits until `count` requests hold a slot.
    func waitUntilInFlight(_ count: Int) async throws {
        try await waitUntil("\(count) requests in flight") { service.limiter.inFlight >= count }
    }

    /// Waits until `count` requests wait in the queue.
    func waitUntilQueued(_ count: Int) async throws {
        try await waitUntil("\(count) queued requests") { service.limiter.queued >= count }
    }

    func beginShutdown() async { await group.triggerGracefulShutdown() }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
