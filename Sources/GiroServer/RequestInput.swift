import Foundation
import HTTPTypes
import Hummingbird

/// Reading request bodies within the configured limit; nothing is written to disk.
package enum RequestInput {
    /// The whole body, or 413 `body_too_large` as soon as it passes `limit` (the rest is never buffered).
    package static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await buffer in request.body {
            guard bytes.count + buffer.readableBytes <= limit else {
                throw ServiceProblem(.bodyTooLarge, "the request body is larger than the limit of \(limit) bytes")
            }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }

    /// The media type without parameters, lower case (`application/json`); nil when the header is absent.
    package static func mediaType(_ request: Request) -> String? {
        guard let value = request.headers[.contentType] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// One parameter of the Content-Type header (`boundary`), unquoted.
    package static func mediaTypeParameter(_ request: Request, _ name: String) -> String? {
        guard let value = request.headers[.contentType] else { return nil }
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var v = pair[1].trimmingCharacters(in: .whitespaces)
            if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = String(v.dropFirst().dropLast()) }
            return v
        }
        return nil
    }

    /// Whether a JSON object names both members, even as `null` (which `Decodable` reads as absent).
    package static func hasBothMembers(_ body: [UInt8], _ a: String, _ b: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return false }
        return object.keys.contains(a) && object.keys.contains(b)
    }

    package static func unsupported(_ type: String?, accepted: [String]) -> ServiceProblem {
        ServiceProblem(.unsupportedMediaType,
                       "Content-Type \(type ?? "(none)") is not accepted here; use one of \(accepted.joined(separator: ", "))")
    }
}
