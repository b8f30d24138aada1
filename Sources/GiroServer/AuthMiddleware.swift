import HTTPTypes
import Hummingbird

/// Optional bearer-token auth for `/v1/*` and `/metrics`; health checks and the contract stay open.
package struct AuthMiddleware<Context: RequestContext>: RouterMiddleware {
    package let token: [UInt8]

    package init(token: String) { self.token = Array(token.utf8) }

    package func handle(_ request: Request, context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix("/v1/") || path == "/metrics" else { return try await next(request, context) }
        let header = request.headers[.authorization] ?? ""
        let prefix = "Bearer "
        guard header.count > prefix.count, header.hasPrefix(prefix),
              Self.constantTimeEquals(Array(header.utf8.dropFirst(prefix.utf8.count)), token) else {
            throw ServiceProblem(.unauthorized, "a valid bearer token is required")
        }
        return try await next(request, context)
    }

    /// Compares every byte whatever the first difference, so timing tells nothing about the token.
    package static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            difference |= x ^ y
        }
        return difference == 0 && a.count == b.count
    }
}
