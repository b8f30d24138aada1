import Foundation
import HTTPTypes
import Hummingbird

/// Reading request bodies within the configured limit; nothing is written to disk.
package enum RequestInput {
    /// The whole body, or 413 `body_too_large` as soon as it passes `limit` (the rest is never buffered).
    package static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        // Refused on the head when the client waits for `100 Continue` (it then never sends the body); any other
        // client's body is read up to the limit as before, so it is not cut off mid-send.
        if ExpectContinueHandler.expectsContinue(request.headers), let length = request.headers[.contentLength].flatMap({ Int($0) }),
           length > limit {
            throw ServiceProblem(.bodyTooLarge, "the request body is larger than the limit of \(limit) bytes")
        }
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
        return mediaType(value)
    }

    /// On the header's bytes: every request asks, and Foundation's trimming cost more than the decoding.
    package static func mediaType(_ value: String) -> String {
        let bytes = value.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        var type = bytes[bytes.startIndex..<end].drop(while: blank)
        while let last = type.last, blank(last) { type = type.dropLast() }
        if end == bytes.endIndex, type.count == bytes.count, !type.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return value }
        return String(decoding: type.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
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
