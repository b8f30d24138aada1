import Foundation
import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/export/pain001` (records + debtor → pain.001 XML with its warnings) and `POST /v1/encode?as=FORMAT`
/// (one record → payload bytes): `giro export pain001` and `giro encode` over HTTP.
package struct ExportRoutes: Sendable {
    package let maxBodyBytes: Int

    package func pain001(_ request: Request) async throws -> Response {
        try Self.requireJSON(request)
        let body = try await RequestInput.collect(request, limit: min(maxBodyBytes, RecordInput.maximumBytes))
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
              let debtorName = object["debtorName"] as? String, let debtorIBAN = object["debtorIBAN"] as? String,
              let records = object["records"] as? [Any] else {
            throw ServiceProblem(.malformedRequest, "the body is not a JSON object with \"debtorName\", \"debtorIBAN\" and \"records\"")
        }
        // Counted before any record is decoded: 10 001 records would spend the time budget only to be refused.
        guard (1...Pain001Export.maximumRecords).contains(records.count) else {
            throw Self.problem(GiroError(.exportRecordCount, field: "records",
                                         "\(records.count) records; a message takes 1 to \(Pain001Export.maximumRecords)"))
        }
        let flavorText = object["flavor"] as? String ?? Pain001Flavor.sepa.rawValue
        guard let flavor = Pain001Flavor(rawValue: flavorText) else {
            throw ServiceProblem(.malformedRequest, "flavor is one of sepa, ch, 03")
        }
        let options = Pain001Options(flavor: flavor, debtorName: debtorName, debtorIBAN: debtorIBAN,
                                     debtorBIC: object["debtorBIC"] as? String, executionDate: object["executionDate"] as? String,
                                     messageID: object["messageId"] as? String)
        let outcome = Result { () throws(GiroError) -> Pain001Document in
            let data = (try? JSONSerialization.data(withJSONObject: records)) ?? Data()
            let records = try RecordInput.records(from: [UInt8](data)).map { $0.withNationalAccountIBAN() }
            return try Pain001Export.document(records, options: options)
        }
        switch outcome {
        case .success(let document):
            var w = JSONWriter(capacity: document.xml.utf8.count + 256)
            w.object { o in
                o.key("controlSum") { $0.string(DecimalText.format(document.controlSum, minimumFractionDigits: 2)) }
                o.key("messageId") { $0.string(document.messageID) }
                o.key("numberOfTransactions") { $0.int(document.numberOfTransactions) }
                o.key("schema") { $0.int(1) }
                o.key("warnings") { w in w.array(document.warnings) { $1.writeJSON(to: &$0) } }
                o.key("xml") { $0.string(document.xml) }
            }
            return JSONResponse.ok(w.bytes)
        case .failure(let error):
            throw Self.problem(error)
        }
    }

    package func encode(_ request: Request) async throws -> Response {
        try Self.requireJSON(request)
        guard let formatID = request.uri.queryParameters.get("as") else {
            throw ServiceProblem(.malformedRequest, "the query needs as=FORMAT (a format that encodes, /v1/formats)")
        }
        let body = try await RequestInput.collect(request, limit: min(maxBodyBytes, RecordInput.maximumBytes))
        let outcome = Result { () throws(GiroError) -> [UInt8] in
            let records = try RecordInput.records(from: body)
            guard records.count == 1, let record = records.first else {
                throw GiroError(.inputInvalid, field: "input", "\(records.count) records; encode takes one")
            }
            return try PaymentEncoding.encode(record, as: formatID)
        }
        switch outcome {
        case .success(let payload):
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload)))
        case .failure(let error):
            throw Self.problem(error)
        }
    }

    /// A record the body carries that is no Giro record (or cannot be paid or encoded) is the request's content,
    /// not its form: 422, like an undecodable payload.
    static func problem(_ error: GiroError) -> ServiceProblem {
        var problem = ServiceProblem(error)
        if error.code == .inputInvalid, error.field.hasPrefix("records") || error.field == "input" { problem.status = .unprocessableContent }
        return problem
    }

    static func requireJSON(_ request: Request) throws {
        let type = RequestInput.mediaType(request)
        guard type == nil || type == "application/json" else {
            throw RequestInput.unsupported(type, accepted: ["application/json"])
        }
    }
}
