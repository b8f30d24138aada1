import Giro
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// `giro serve`: the routes of openapi.json on Hummingbird, with limits, auth, logs and metrics.
public struct GiroService: Sendable {
    public let configuration: ServiceConfiguration
    package let metrics = ServiceMetrics()
    package let drain = DrainState()
    package let limiter: ConcurrencyLimiter
    package let watchdog: BudgetWatchdog
    package let logger: Logger

    /// Every path of the OpenAPI document (`/v1/check/{kind}` as its template).
    package static let documentedPaths: Set<String> = [
        "/v1/decode", "/v1/images", "/v1/documents", "/v1/batch", "/v1/parse", "/v1/check/{kind}", "/v1/formats",
        "/healthz", "/readyz", "/openapi.json", "/metrics",
    ]

    /// The one method each documented path answers (for the `Allow` header of a 405).
    package static func allowedMethod(_ route: String) -> String? {
        guard documentedPaths.contains(route) else { return nil }
        return route.hasPrefix("/v1/") && route != "/v1/formats" ? "POST" : "GET"
    }

    public init(configuration: ServiceConfiguration, logger: Logger? = nil) {
        self.configuration = configuration
        limiter = ConcurrencyLimiter(maxConcurrent: configuration.maxConcurrent, maxQueue: configuration.maxQueue)
        watchdog = BudgetWatchdog(budget: configuration.timeBudget)
        self.logger = logger ?? Logger(label: "giro.serve") { JSONLogHandler(label: $0) }
    }

    package func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ObservabilityMiddleware(logger: logger, metrics: metrics))
        if let token = configuration.bearerToken { router.add(middleware: AuthMiddleware(token: token)) }
        let gate = RequestGate(drain: drain, limiter: limiter, watchdog: watchdog)
        let decoder = PaymentDecoder()
        let decode = DecodeRoute(decoder: decoder, maxBodyBytes: configuration.maxBodyBytes, metrics: metrics)
        let images = ImagesRoute(maxBodyBytes: configuration.maxBodyBytes, maxImagePixels: configuration.maxImagePixels,
                                 readerBudgetMilliseconds: Self.readerBudget(configuration.timeBudget), slips: configuration.slips,
                                 metrics: metrics)
        let documents = DocumentsRoute(maxBodyBytes: configuration.maxBodyBytes, maxImagePixels: configuration.maxImagePixels,
                                       readerBudgetMilliseconds: Self.readerBudget(configuration.timeBudget),
                                       slips: configuration.slips, metrics: metrics)
        let batch = BatchRoute(batch: BatchDecoder(decoder: decoder, jobs: configuration.batchJobs), metrics: metrics)
        let parse = ParseRoute(maxBodyBytes: configuration.maxBodyBytes)
        let check = CheckRoute(maxBodyBytes: configuration.maxBodyBytes)

        router.post("/v1/decode") { request, _ in try await gate.run { try await decode.handle(request) } }
        router.post("/v1/images") { request, _ in try await gate.run { try await images.handle(request) } }
        router.post("/v1/documents") { request, _ in try await gate.run { try await documents.handle(request) } }
        router.post("/v1/batch") { request, _ in try await gate.stream { try await batch.handle(request) } }
        router.post("/v1/parse") { request, _ in try await gate.run { try await parse.handle(request) } }
        router.post("/v1/check/{kind}") { request, context in
            let kind = context.parameters.get("kind") ?? ""
            return try await gate.run { try await check.handle(request, kindName: kind) }
        }
        let export = ExportRoutes(maxBodyBytes: configuration.maxBodyBytes)
        router.post("/v1/export/pain001") { request, _ in try await gate.run { try await export.pain001(request) } }
        router.post("/v1/encode") { request, _ in try await gate.run { try await export.encode(request) } }
        InfoRoutes(metrics: metrics, drain: drain, limiter: limiter).register(on: router, gate: gate)
        return router
    }

    /// The readers get most of the request's budget; the rest is for loading and answering.
    static func readerBudget(_ budget: Duration) -> Int {
        let ms = ObservabilityMiddleware<BasicRequestContext>.milliseconds(budget)
        return min(60_000, max(1, ms * 8 / 10))
    }

    static func idleMilliseconds(_ duration: Duration) -> Int64 {
        Int64(max(1, ObservabilityMiddleware<BasicRequestContext>.milliseconds(duration)))
    }

    /// The Hummingbird application; `onRunning` gets the bound port (useful with port 0).
    package func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let (maxBody, token) = (configuration.maxBodyBytes, configuration.bearerToken)
        return Application(
            router: makeRouter(),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ExpectContinueHandler(maxBodyBytes: maxBody, token: token)],
                idleTimeout: .milliseconds(Self.idleMilliseconds(configuration.idleTimeout)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "giro"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Serves until SIGTERM or SIGINT; then `/v1` answers 503 while in-flight requests finish.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let service = DrainingService(application: makeApplication(onRunning: onRunning), drain: drain)
        let group = ServiceGroup(configuration: .init(services: [service], gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        // Request lines gathered in the log buffer are written before the process ends.
        defer { LogSink.standardError.flush() }
        try await group.run()
    }
}

/// Marks the service as draining the moment graceful shutdown starts, before the server stops.
package struct DrainingService<App: ApplicationProtocol>: Service {
    let application: App
    let drain: DrainState

    package init(application: App, drain: DrainState) {
        self.application = application
        self.drain = drain
    }

    package func run() async throws {
        let drain = self.drain
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: {
            drain.startDraining()
        }
    }
}

extension GiroService {
    /// The startup line: where the service listens (scripts read the port from it when started with port 0).
    public func logStartup(port: Int) {
        logger.info("listening", metadata: ["host": .string(configuration.host), "port": .stringConvertible(port)])
    }
}
