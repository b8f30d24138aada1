import Foundation
import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/decode`: one payload in, its record out — the same bytes `giro decode -o json` prints.
package struct DecodeRoute: Sendable {
    package let decoder: PaymentDecoder
    package let maxBodyBytes: Int
    package let metrics: ServiceMetrics

    static let acceptedTypes = ["application/octet-stream", "text/plain", "application/json", "application/xml", "text/xml"]

    /// The JSON request form: exactly one of the two members.
    struct JSONBody: Decodable {
        var payload: String?
        var payloadBase64: String?
    }

    package func handle(_ request: Request) async throws -> Response {
        let type = RequestInput.mediaType(request)
        let body = try await RequestInput.collect(request, limit: maxBodyBytes)
        let payload: [UInt8]
        switch type {
        case nil, "application/octet-stream", "text/plain": payload = body
        case "application/json": payload = try Self.payload(fromJSON: body)
        case "application/xml", "text/xml": return try respond(EInvoiceReader().read(xml: body).result)  // an e-invoice
        default: throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let formatID = request.uri.queryParameters.get("as")
        let decoder = try AsOfQuery.decoder(request, base: decoder)
        let outcome = Result { () throws(GiroError) in
            if let formatID { return try decoder.decode(Payload(bytes: payload), formatID: formatID) }
            return try decoder.decode(Payload(bytes: payload))
        }
        return try respond(outcome)
    }

    private func respond(_ outcome: Result<PaymentRecord, GiroError>) throws -> Response {
        switch outcome {
        case .success(let record):
            metrics.recordDecode(format: record.format, status: record.status.rawValue)
            var response = JSONResponse.ok(record.jsonBytes())
            if let name = ServiceHeaders.format { response.headers[name] = record.format }
            if let name = ServiceHeaders.recordStatus { response.headers[name] = record.status.rawValue }
            return response
        case .failure(let error):
            metrics.recordDecode(format: error.format, status: "invalid")
            throw ServiceProblem(error)
        }
    }

    /// `{"payload": "…"}` (text) or `{"payloadBase64": "…"}` (bytes); anything else is 400.
    static func payload(fromJSON body: [UInt8]) throws -> [UInt8] {
        guard let request = try? JSONDecoder().decode(JSONBody.self, from: Data(body)),
              !RequestInput.hasBothMembers(body, "payload", "payloadBase64") else {
            throw ServiceProblem(.malformedRequest, "the body is not a JSON object with \"payload\" or \"payloadBase64\" strings")
        }
        switch (request.payload, request.payloadBase64) {
        case (let text?, nil): return Array(text.utf8)
        case (nil, let base64?):
            guard let data = Data(base64Encoded: base64) else {
                throw ServiceProblem(.malformedRequest, "payloadBase64 is not valid base64")
            }
            return [UInt8](data)
        default:
            throw ServiceProblem(.malformedRequest, "give exactly one of \"payload\" and \"payloadBase64\"")
        }
    }
}
