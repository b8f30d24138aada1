import Foundation
import HTTPTypes
import Hummingbird

/// Response headers the service adds (format id and record status: no payment data).
package enum ServiceHeaders {
    // Optional only because the initialiser validates the token; both names are valid (a test reads them back).
    package static let format = HTTPField.Name("Giro-Format")
    package static let recordStatus = HTTPField.Name("Giro-Status")
}

/// JSON answers, rendered like the CLI's (`sortedKeys`, unescaped slashes, one trailing newline).
package enum JSONResponse {
    package static func ok(_ json: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(json.count + 1)
        buffer.writeBytes(json)
        buffer.writeInteger(UInt8(0x0A))
        return Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
    }

    /// The CLI's `Output.json(value, pretty: false)`.
    package static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }
}
