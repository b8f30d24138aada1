import Foundation
import Testing

/// Concurrency with its queue, the time budget, auth and draining.
@Suite("giro serve limits", .serialized)
struct LimitTests {
    /// A request whose body is held back: it occupies its slot until `finish()`.
    static func slowDecode(_ port: Int, token: String? = nil) throws -> (TestConnection, finish: @Sendable () async throws -> TestResponse) {
        let c = try TestConnection(port: port)
        let body = Array("hello".utf8)
        var headers = ["Content-Type": "text/plain", "Content-Length": String(body.count)]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        try c.sendHead(method: "POST", path: "/v1/decode", headers: headers)
        try c.send(Array(body.prefix(2)))
        return (c, { try c.send(Array(body.dropFirst(2))); return try await c.response() })
    }

    @Test func concurrencyOfOneQueuesThenRefuses() async throws {
        let server = try await RunningServer.start { $0.maxConcurrent = 1; $0.maxQueue = 0 }
        defer { Task { await server.stop() } }
        let (_, finishFirst) = try Self.slowDecode(server.port)
        try await server.waitUntilInFlight(1)
        // No body: refused before reading one, the server would close on unread bytes, and the client could meet
        // the reset before the answer (on an idle machine, where the server answers first).
        let second = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"])
        #expect(second.status == 429)
        #expect(second.json["code"] as? String == "overloaded")
        #expect(second.headers["retry-after"] == "1")
        #expect(try await finishFirst().status == 422)
        // The slot is free again.
        try await server.waitUntil("the slot freed") { server.service.limiter.inFlight == 0 }
        let third = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: Array("x".utf8))
        #expect(third.status == 422)
    }

    @Test func aQueuedRequestWaitsForTheSlot() async throws {
        let server = try await RunningServer.start { $0.maxConcurrent = 1; $0.maxQueue = 1 }
        defer { Task { await server.stop() } }
        let (_, finishFirst) = try Self.slowDecode(server.port)
        try await server.waitUntilInFlight(1)
        let queued = Task { try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: Array("x".utf8)) }
        try await server.waitUntilQueued(1)
        #expect(try await finishFirst().status == 422)
        #expect(try await queued.value.status == 422)
    }

    @Test func aClientStillSendingItsHeadIsDisconnectedAfterTheIdleTimeout() async throws {
        let server = try await RunningServer.start { $0.idleTimeout = .milliseconds(300) }
        defer { Task { await server.stop() } }
        let slow = try TestConnection(port: server.port)
        try slow.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
        #expect(slow.waitForClose(seconds: 20))
        let other = try await request(server.port, "GET", "/healthz")
        #expect(other.status == 200)
    }

    @Test func metricsShowSlotsInFlightAndFreed() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let (_, finish) = try Self.slowDecode(server.port)
        try await server.waitUntilInFlight(1)
        let busy = try await request(server.port, "GET", "/metrics")
        #expect(busy.text.contains("giro_http_in_flight_requests 1"))
        #expect(busy.text.contains("giro_http_queued_requests 0"))
        #expect(try await finish().status == 422)
        try await server.waitUntil("the slot freed") { server.service.limiter.inFlight == 0 }
        let idle = try await request(server.port, "GET", "/metrics")
        #expect(idle.text.contains("giro_http_in_flight_requests 0"))
    }

    @Test func timeBudgetAnswers503() async throws {
        let server = try await RunningServer.start { $0.timeBudget = .milliseconds(300) }
        defer { Task { await server.stop() } }
        let c = try TestConnection(port: server.port)
        try c.sendHead(method: "POST", path: "/v1/decode", headers: ["Content-Type": "text/plain", "Content-Length": "10"])
        try c.send("abc")
        let started = ContinuousClock.now
        let r = try await c.response()
        #expect(r.status == 503)
        #expect(r.json["code"] as? String == "time_budget_exceeded")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func bearerTokenGuardsV1AndMetrics() async throws {
        let server = try await RunningServer.start { $0.bearerToken = "s3cret-token" }
        defer { Task { await server.stop() } }
        let p = server.port
        let none = try await request(p, "GET", "/v1/formats")
        #expect(none.status == 401 && none.json["code"] as? String == "unauthorized")
        #expect(none.headers["www-authenticate"] == "Bearer")
        #expect(try await request(p, "GET", "/v1/formats", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try await request(p, "GET", "/v1/formats", headers: ["Authorization": "Bearer s3cret-token"]).status == 200)
        #expect(try await request(p, "GET", "/metrics").status == 401)
        #expect(try await request(p, "GET", "/healthz").status == 200)
        #expect(try await request(p, "GET", "/openapi.json").status == 200)
    }

    @Test func shutdownDrainsInFlightWork() async throws {
        let server = try await RunningServer.start()
        let (_, finishInFlight) = try Self.slowDecode(server.port)
        try await server.waitUntilInFlight(1)
        await server.beginShutdown()
        try await server.waitUntil("draining") { server.service.drain.isDraining }
        // The request that was in flight when SIGTERM-equivalent shutdown began still gets its answer.
        #expect(try await finishInFlight().status == 422)
        await server.stop()
    }

    @Test func drainingAnswers503() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        server.service.drain.startDraining()
        let ready = try await request(server.port, "GET", "/readyz")
        #expect(ready.status == 503 && ready.json["code"] as? String == "draining")
        let decode = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"])  // no body: see above
        #expect(decode.status == 503 && decode.json["code"] as? String == "draining")
        #expect(try await request(server.port, "GET", "/healthz").status == 200)
    }
}
