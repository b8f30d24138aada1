import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/images`: an image (raw body or `multipart/form-data`) in, every symbol and printed slip found out —
/// the JSON array `giro decode IMAGE -o json` prints.
package struct ImagesRoute: Sendable {
    package let maxBodyBytes: Int
    package let maxImagePixels: Int
    /// Search budget for the barcode readers (the request's time budget caps it).
    package let readerBudgetMilliseconds: Int
    /// When the image is read for printed slips (nil: never).
    package let slips: SlipScanning.Mode?
    package let metrics: ServiceMetrics

    /// Built-in templates, loaded once.
    static let slipReader = SlipReader(templates: SlipReader.builtInTemplates)

    static let acceptedTypes = ["image/png", "image/jpeg", "image/webp", "application/octet-stream", "multipart/form-data"]

    package func handle(_ request: Request) async throws -> Response {
        let started = ContinuousClock.now
        let type = RequestInput.mediaType(request)
        guard type == nil || Self.acceptedTypes.contains(type ?? "") else {
            throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let asOf = try AsOfQuery.date(request)
        let body = try await RequestInput.collect(request, limit: maxBodyBytes)
        var image = body
        if type == "multipart/form-data" {
            guard let boundary = RequestInput.mediaTypeParameter(request, "boundary") else {
                throw ServiceProblem(.malformedRequest, "multipart/form-data without a boundary parameter")
            }
            guard let part = MultipartForm.firstFile(in: body, boundary: boundary) else {
                throw ServiceProblem(.malformedRequest, "the multipart body has no part with content")
            }
            image = part
        }
        let scanning = slips.map {
            SlipScanning(reader: Self.slipReader, engine: TesseractEngine(),
                         options: SlipImageOptions(budgetMilliseconds: readerBudgetMilliseconds), mode: $0)
        }
        var decoder = ImageDecoder(decoder: PaymentDecoder(asOf: asOf),
                                   loader: ImageLoader(maxPixels: maxImagePixels, maxFileBytes: maxBodyBytes),
                                   strategy: ReadingStrategy(budgetMilliseconds: readerBudgetMilliseconds), slips: scanning)
        // One deadline for the barcodes and the print, counted from the request's start: work cut off by the
        // request's time budget ends with it instead of holding its slot.
        decoder.totalBudgetMilliseconds = max(1, readerBudgetMilliseconds - (ContinuousClock.now - started).budgetMilliseconds)
        let result: ImageDecodeResult
        do {
            result = try decoder.decode(imageBytes: image)
        } catch {
            throw ServiceProblem(error)
        }
        for symbol in result.symbols {
            metrics.recordDecode(format: symbol.record?.format ?? symbol.error?.format,
                                 status: symbol.record?.status.rawValue ?? "invalid")
        }
        for slip in result.slips { metrics.recordDecode(format: slip.record.format, status: slip.record.status.rawValue) }
        var response = JSONResponse.ok(try JSONResponse.encode(result.findings))
        if let first = result.payments.first, let name = ServiceHeaders.format { response.headers[name] = first.format }
        return response
    }
}

/// Just enough of RFC 7578 to take the file out of a `multipart/form-data` body.
package enum MultipartForm {
    /// The content of the first part whose headers name a filename, else of the first part; nil without parts.
    package static func firstFile(in body: [UInt8], boundary: String) -> [UInt8]? {
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start: Int?
        var i = 0
        while let hit = find(delimiter, in: body, from: i) {
            if let s = start { parts.append(body[s..<hit]) }
            start = hit + delimiter.count
            i = hit + delimiter.count
        }
        var fallback: [UInt8]?
        for part in parts {
            // Each part: CRLF, headers, CRLF CRLF, content, CRLF (before the next delimiter).
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: Array(part), from: 0) else { continue }
            let bytes = Array(part)
            let headers = String(decoding: bytes[..<headerEnd], as: UTF8.self).lowercased()
            var content = Array(bytes[(headerEnd + 4)...])
            if content.suffix(2) == [0x0D, 0x0A] { content.removeLast(2) }
            if headers.contains("filename=") { return content }
            if fallback == nil { fallback = content }
        }
        return fallback
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        var i = from
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
