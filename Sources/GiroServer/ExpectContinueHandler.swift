import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` (RFC 9110 §10.1.1) before the body is read, so a client uploading a document
/// does not wait for its own timeout (curl: 1 s) first. No `100 Continue` is sent when the request will be refused
/// anyway — a `Content-Length` over the body limit (the route answers 413) or, with a bearer token configured, a
/// `/v1/` or `/metrics` request without that token (401): the client then never sends the body.
final class ExpectContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    let maxBodyBytes: Int
    let token: [UInt8]?

    init(maxBodyBytes: Int, token: String?) {
        self.maxBodyBytes = maxBodyBytes
        self.token = token.map { Array($0.utf8) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), Self.expectsContinue(head), admits(head) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }

    static func expectsContinue(_ head: HTTPRequest) -> Bool { expectsContinue(head.headerFields) }

    static func expectsContinue(_ fields: HTTPFields) -> Bool {
        fields[values: .expect].contains { $0.lowercased() == "100-continue" }
    }

    /// The checks the route and the auth middleware make on the head alone.
    func admits(_ head: HTTPRequest) -> Bool {
        if let length = head.headerFields[.contentLength].flatMap({ Int($0) }), length > maxBodyBytes { return false }
        guard let token, let path = head.path, path.hasPrefix("/v1/") || path.hasPrefix("/metrics") else { return true }
        let header = head.headerFields[.authorization] ?? ""
        let prefix = "Bearer "
        return header.hasPrefix(prefix) && AuthMiddleware<BasicRequestContext>.constantTimeEquals(Array(header.utf8.dropFirst(prefix.utf8.count)), token)
    }
}
