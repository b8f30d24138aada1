import Giro

/// Every limit of `giro serve`, explicit and configurable (documented in docs/service.md).
public struct ServiceConfiguration: Sendable {
    /// Address to bind; loopback unless the operator says otherwise.
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (tests).
    public var port: Int = 8080
    /// Largest request body for every route but the streamed `/v1/batch` (bytes).
    public var maxBodyBytes: Int = 16 * 1024 * 1024
    /// Largest decoded image accepted by `/v1/images` (pixels).
    public var maxImagePixels: Int = ImageLimits.maxPixels
    /// Wall-clock budget for one request, body upload included (`/v1/batch` streams and is exempt).
    public var timeBudget: Duration = .seconds(10)
    /// Requests processed at once; more wait in a queue.
    public var maxConcurrent: Int = 8
    /// Requests that may wait for a slot; beyond that the answer is 429.
    public var maxQueue: Int = 64
    /// When set, every `/v1` route and `/metrics` require `Authorization: Bearer <token>`.
    public var bearerToken: String?
    /// Worker threads one batch request decodes on.
    public var batchJobs: Int = 2
    /// A connection with no request in progress (a client still dribbling its request head counts as none)
    /// is closed after this long, so slow or stalled clients cannot hold connections forever.
    public var idleTimeout: Duration = .seconds(30)

    /// Printed slips on `/v1/images` (OCR): read without a payment barcode and to cross-check one (`.crossCheck`),
    /// only without one (`.fallback`), or never (nil). The barcode readers and the OCR share one deadline (`ImageDecoder.totalBudgetMilliseconds`).
    public var slips: SlipScanning.Mode? = .crossCheck

    public init() {}
}
