import Giro
import Hummingbird

/// The `asOf` query parameter of the decoding routes: the day whose format rules judge the payloads
/// (`YYYY-MM-DD`, default today in UTC; docs/decoding-policy.md, "Rules in force on a date"). Anything else is 400.
enum AsOfQuery {
    static let name = "asOf"

    static func date(_ request: Request) throws -> CalendarDate? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let date = CalendarDate(iso: String(text)) else {
            throw ServiceProblem(.malformedRequest, "asOf must be a date YYYY-MM-DD")
        }
        return date
    }

    /// `decoder`, judging on the request's date when it names one.
    static func decoder(_ request: Request, base decoder: PaymentDecoder) throws -> PaymentDecoder {
        guard let date = try date(request) else { return decoder }
        return decoder.judging(asOf: date)
    }
}
