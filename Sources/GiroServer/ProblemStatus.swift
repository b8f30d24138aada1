import Giro
import HTTPTypes
import Hummingbird

/// The one table from failure to HTTP status (docs/service.md lists it).
package enum ProblemStatus {
    /// Service-level codes next to Giro's own error codes.
    package enum ServiceCode: String, Sendable {
        case malformedRequest = "malformed_request"
        case bodyTooLarge = "body_too_large"
        case unsupportedMediaType = "unsupported_media_type"
        case overloaded
        case draining
        case timeBudgetExceeded = "time_budget_exceeded"
        case unauthorized
        case notFound = "not_found"
        case methodNotAllowed = "method_not_allowed"
        case internalError = "internal_error"
    }

    package static func status(for code: ServiceCode) -> HTTPResponse.Status {
        switch code {
        case .malformedRequest: .badRequest
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .overloaded: .tooManyRequests
        case .draining, .timeBudgetExceeded: .serviceUnavailable
        case .unauthorized: .unauthorized
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .internalError: .internalServerError
        }
    }

    /// A `GiroError` from the engine: undecodable data is 422, except the size and media-type refusals.
    package static func status(for error: GiroError) -> HTTPResponse.Status {
        switch error.code {
        case .payloadTooLarge, .imageTooLarge: .contentTooLarge
        case .imageFormatUnsupported, .documentUnsupported: .unsupportedMediaType
        case .inputInvalid: .badRequest
        default: .unprocessableContent
        }
    }
}
