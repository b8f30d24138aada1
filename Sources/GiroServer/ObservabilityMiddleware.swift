import HTTPTypes
import Hummingbird
import Logging

/// Outermost layer: turns every failure into problem+json, then writes one JSON log line per request
/// (id, route, method, status, ms, format — never payment data) and records the metrics.
package struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    package let logger: Logger
    package let metrics: ServiceMetrics
    /// Whether request lines are logged (info level), and the JSON handler that writes them directly.
    private let logsRequests: Bool
    private let jsonHandler: JSONLogHandler?

    package init(logger: Logger, metrics: ServiceMetrics) {
        self.logger = logger
        self.metrics = metrics
        logsRequests = logger.logLevel <= .info
        jsonHandler = logger.handler as? JSONLogHandler
    }

    package func handle(_ request: Request, context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        var problemCode: String?
        do {
            response = try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, path: request.uri.path)
            if problem.status.code >= 500, problem.code == ProblemStatus.ServiceCode.internalError.rawValue {
                logger.error("request failed", metadata: ["id": .string(context.id), "error": .string("\(type(of: error))")])
            }
            problemCode = problem.code
            response = problem.response
        }
        if response.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        if response.status == .methodNotAllowed, let allowed = GiroService.allowedMethod(Self.routeName(request.uri.path)) {
            response.headers[.allow] = allowed
        }
        let elapsed = ContinuousClock.now - started
        let route = Self.routeName(request.uri.path)
        let method = request.method.rawValue
        if let problemCode { metrics.recordError(code: problemCode) }
        metrics.recordRequest(route: route, method: method, status: response.status.code, duration: elapsed)
        if logsRequests {
            let format = ServiceHeaders.format.flatMap { response.headers[$0] }
            let ms = Self.milliseconds(elapsed)
            let written = jsonHandler?.requestLine(id: context.id, route: route, method: method, status: response.status.code,
                                                   milliseconds: ms, format: format, code: problemCode) ?? false
            if !written {
                var fields: Logger.Metadata = [
                    "id": .string(context.id), "route": .string(route), "method": .string(method),
                    "status": .stringConvertible(response.status.code), "ms": .stringConvertible(ms),
                ]
                if let format { fields["format"] = .string(format) }
                if let problemCode { fields["code"] = .string(problemCode) }
                logger.info("request", metadata: fields)
            }
        }
        return response
    }

    /// Hummingbird's own errors (no route, wrong method, body limits) become problems too.
    static func problem(for error: any Error, path: String) -> ServiceProblem {
        if let problem = error as? ServiceProblem { return problem }
        if let http = error as? HTTPError {
            switch http.status {
            // The router answers 404 for a known path with an unrouted method: that is 405.
            case .notFound where routeName(path) != "other":
                return ServiceProblem(.methodNotAllowed, "method not allowed on this route")
            case .notFound: return ServiceProblem(.notFound, "no such route")
            case .methodNotAllowed: return ServiceProblem(.methodNotAllowed, "method not allowed on this route")
            case .contentTooLarge: return ServiceProblem(.bodyTooLarge, "the request body is too large")
            case .unsupportedMediaType: return ServiceProblem(.unsupportedMediaType, "unsupported media type")
            default:
                if http.status.code < 500 { return ServiceProblem(.malformedRequest, http.body ?? "malformed request") }
            }
        }
        return ServiceProblem(.internalError, "internal error")
    }

    /// Route label: the documented routes, `/v1/check/{kind}`, or `other` (bounded metric cardinality).
    static func routeName(_ path: String) -> String {
        if path.hasPrefix("/v1/check/") { return "/v1/check/{kind}" }
        return GiroService.documentedPaths.contains(path) ? path : "other"
    }

    static func milliseconds(_ d: Duration) -> Int {
        let (seconds, attoseconds) = d.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
