import Foundation
import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/check/{kind}`: validators. Body `{"values": ["…"]}` (or `{"value": "…"}`) as JSON, or text with
/// one value per line (a text without values: `[]`); the answer is the array of `giro check --json` objects, one per value, in order.
package struct CheckRoute: Sendable {
    package let maxBodyBytes: Int
    /// More values than this in one request is 413.
    package static let maxValues = 10_000

    struct JSONBody: Decodable {
        var value: String?
        var values: [String]?
    }

    static let acceptedTypes = ["application/json", "text/plain"]

    package func handle(_ request: Request, kindName: String) async throws -> Response {
        var settings: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { settings[String(name)] = String(value) }
        let configured: (any Identifier)?
        do throws(GiroError) {
            configured = try IdentifierCheck.identifier(kind: kindName, options: settings)
        } catch {
            // A well-formed option this kind does not take (or a value it does not know): the request's content.
            var problem = ServiceProblem(error)
            problem.status = .unprocessableContent
            throw problem
        }
        guard let kind = configured else {
            let kinds = CountryRegistry.identifiers.map(\.kind).joined(separator: ", ")
            throw ServiceProblem(.notFound, "no validator named \(kindName.prefix(64)) (\(kinds))")
        }
        let type = RequestInput.mediaType(request)
        let body = try await RequestInput.collect(request, limit: maxBodyBytes)
        guard !body.isEmpty else { throw ServiceProblem(.malformedRequest, "the request has no body") }
        let values: [String]
        switch type {
        case "application/json": values = try Self.values(fromJSON: body)
        case nil, "text/plain":
            values = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        default: throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        guard values.count <= Self.maxValues else {
            throw ServiceProblem(.bodyTooLarge, "at most \(Self.maxValues) values per request")
        }
        let results = values.map { IdentifierCheck.check(kind, $0) }
        return JSONResponse.ok(try JSONResponse.encode(results))
    }

    static func values(fromJSON body: [UInt8]) throws -> [String] {
        guard let decoded = try? JSONDecoder().decode(JSONBody.self, from: Data(body)),
              !RequestInput.hasBothMembers(body, "value", "values") else {
            throw ServiceProblem(.malformedRequest, "the body is not a JSON object with one of \"value\" and \"values\"")
        }
        switch (decoded.value, decoded.values) {
        case (let one?, nil): return [one]
        case (nil, let many?):
            guard !many.isEmpty else { throw ServiceProblem(.malformedRequest, "\"values\" is empty") }
            return many
        default: throw ServiceProblem(.malformedRequest, "give exactly one of \"value\" and \"values\"")
        }
    }
}
