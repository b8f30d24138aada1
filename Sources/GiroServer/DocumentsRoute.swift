import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/documents`: a PDF, an image or an XML file (raw body or `multipart/form-data`) in, one
/// `DocumentResult` out — the verdict `giro decode --document FILE --format json` prints.
package struct DocumentsRoute: Sendable {
    package let maxBodyBytes: Int
    package let maxImagePixels: Int
    /// Search budget for the barcode readers and a PDF's pages (the request's time budget caps it).
    package let readerBudgetMilliseconds: Int
    /// When an image is read for printed slips (nil: never). A PDF's text layer is always read.
    package let slips: SlipScanning.Mode?
    package let metrics: ServiceMetrics

    static let acceptedTypes = ["application/pdf", "image/png", "image/jpeg", "image/webp", "application/xml", "text/xml",
                                "application/octet-stream", "multipart/form-data"]

    package func handle(_ request: Request) async throws -> Response {
        let started = ContinuousClock.now
        let type = RequestInput.mediaType(request)
        guard type == nil || Self.acceptedTypes.contains(type ?? "") else {
            throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let body = try await RequestInput.collect(request, limit: maxBodyBytes)
        var document = body
        if type == "multipart/form-data" {
            guard let boundary = RequestInput.mediaTypeParameter(request, "boundary") else {
                throw ServiceProblem(.malformedRequest, "multipart/form-data without a boundary parameter")
            }
            guard let part = MultipartForm.firstFile(in: body, boundary: boundary) else {
                throw ServiceProblem(.malformedRequest, "the multipart body has no part with content")
            }
            document = part
        }
        let result: DocumentResult
        do {
            // The budget is counted from the request's start, so work cut off by the request's time budget ends
            // with it instead of holding its slot.
            let left = max(1, readerBudgetMilliseconds - (ContinuousClock.now - started).budgetMilliseconds)
            result = try reader(budgetMilliseconds: left).read(bytes: document)
        } catch {
            throw ServiceProblem(error)
        }
        for payment in result.payments {
            metrics.recordDecode(format: payment.record.format, status: payment.record.status.rawValue)
        }
        var response = JSONResponse.ok(try JSONResponse.encode(result))
        if let first = result.payments.first, let name = ServiceHeaders.format { response.headers[name] = first.record.format }
        return response
    }

    func reader(budgetMilliseconds: Int? = nil) -> DocumentReader {
        let budget = budgetMilliseconds ?? readerBudgetMilliseconds
        let scanning = slips.map {
            SlipScanning(reader: ImagesRoute.slipReader, engine: TesseractEngine(),
                         options: SlipImageOptions(budgetMilliseconds: readerBudgetMilliseconds), mode: $0)
        }
        let loader = ImageLoader(maxPixels: maxImagePixels, maxFileBytes: maxBodyBytes)
        var image = ImageDecoder(loader: loader, strategy: ReadingStrategy(budgetMilliseconds: readerBudgetMilliseconds), slips: scanning)
        image.totalBudgetMilliseconds = budget
        let pdf = PDFDecoder(imageDecoder: image, options: PDFOptions(maxPixelsPerPage: maxImagePixels, budgetMilliseconds: budget))
        return DocumentReader(pdfDecoder: pdf, imageDecoder: image)
    }
}
