import Foundation
import Giro
import HTTPTypes
import Hummingbird

/// A failed request as RFC 9457 `application/problem+json`, carrying Giro's stable error code.
///
/// Extension members: `code`, `field`, `line`, `offset`, `format`, `partial` (when the `GiroError` has one),
/// and `error` — the full error object exactly as `giro decode` prints it.
package struct ServiceProblem: Error, Sendable {
    package var status: HTTPResponse.Status
    package var code: String
    package var detail: String
    package var giroError: GiroError?
    package var retryAfterSeconds: Int?

    package init(_ code: ProblemStatus.ServiceCode, _ detail: String, retryAfterSeconds: Int? = nil) {
        status = ProblemStatus.status(for: code)
        self.code = code.rawValue
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
    }

    package init(_ error: GiroError) {
        status = ProblemStatus.status(for: error)
        code = error.code.rawValue
        detail = error.message
        giroError = error
    }

    /// The problem document: sorted keys, like every JSON Giro prints.
    package var jsonBytes: [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.object { o in
            o.key("code") { $0.string(code) }
            o.key("detail") { $0.string(detail) }
            if let giroError { o.key("error") { giroError.writeJSON(to: &$0) } }
            o.key("field") { $0.string(giroError?.field) }
            o.key("format") { $0.string(giroError?.format) }
            o.key("line") { $0.int(giroError?.line) }
            o.key("offset") { $0.int(giroError?.offset) }
            if let partial = giroError?.partial { o.key("partial") { partial.writeJSON(to: &$0) } }
            o.key("status") { $0.int(status.code) }
            o.key("title") { $0.string(status.reasonPhrase) }
            // A relative URI naming the code (RFC 9457 §3.1.1), documented in docs/service.md.
            o.key("type") { $0.string("/problems/" + code) }
        }
        return w.bytes
    }

    package var response: Response {
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: jsonBytes)))
    }
}
