import Giro
import HTTPTypes
import Hummingbird

/// `GET /v1/formats`, `/healthz`, `/readyz`, `/openapi.json`, `/metrics`.
struct InfoRoutes: Sendable {
    let metrics: ServiceMetrics
    let drain: DrainState
    let limiter: ConcurrencyLimiter

    func register(on router: Router<BasicRequestContext>, gate: RequestGate) {
        let metrics = self.metrics
        let drain = self.drain
        let limiter = self.limiter
        router.get("/v1/formats") { _, _ in
            try await gate.run { JSONResponse.ok(try JSONResponse.encode(FormatRegistry.descriptors)) }
        }
        router.get("/healthz") { _, _ in JSONResponse.ok(Array(#"{"status":"ok"}"#.utf8)) }
        router.get("/readyz") { _, _ in
            if drain.isDraining { throw ServiceProblem(.draining, "the service is shutting down", retryAfterSeconds: 1) }
            return JSONResponse.ok(Array(#"{"status":"ready"}"#.utf8))
        }
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.served)))
        }
        router.get("/metrics") { _, _ in
            metrics.recordSlots(inFlight: limiter.inFlight, queued: limiter.queued)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
    }
}
