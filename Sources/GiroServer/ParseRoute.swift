import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/parse`: OCR text in, typed candidates out — `giro parse` with the same query options
/// (`parsers`, `country`, `lang`, `currency`, `mdy`) and the same `{"schema":1,"candidates":[…]}` answer.
package struct ParseRoute: Sendable {
    package let maxBodyBytes: Int

    struct Answer: Encodable {
        var schema = ParseCandidate.schemaVersion
        var candidates: [ParseCandidate]
    }

    static let acceptedTypes = ["text/plain", "application/octet-stream"]

    package func handle(_ request: Request) async throws -> Response {
        let type = RequestInput.mediaType(request)
        guard type == nil || Self.acceptedTypes.contains(type ?? "") else {
            throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let query = request.uri.queryParameters
        let names = (query.get("parsers") ?? "iban,amount,date,reference,national")
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // The documented pattern exactly: lower-case names, one comma between them, nothing else (no blanks).
        guard names.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2E } }) else {
            throw ServiceProblem(.malformedRequest, "parsers must be comma-separated parser names (iban, amount, date, reference, email, raw, vin, national, or a national type such as cz.vs)")
        }
        let country = query.get("country")
        if let country, country.utf8.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ServiceProblem(.malformedRequest, "country must be an ISO 3166 alpha-2 code")
        }
        let group: ParserGroup
        do { group = try ParserGroup.registry(names, country: country) } catch {
            throw ServiceProblem(.malformedRequest, error.message)
        }
        let mdy = query.get("mdy")
        guard mdy == nil || mdy == "true" || mdy == "false" else {
            throw ServiceProblem(.malformedRequest, "mdy must be true or false")
        }
        let context = ParseContext(country: country, language: query.get("lang"), currency: query.get("currency"),
                                   dateOrder: mdy == "true" ? .mdy : nil)
        let text = try await RequestInput.collect(request, limit: maxBodyBytes)
        let found: [ParseCandidate]
        do { found = try group.parse(bytes: text, context: context) } catch {
            throw ServiceProblem(error)
        }
        return JSONResponse.ok(try JSONResponse.encode(Answer(candidates: found)))
    }
}
