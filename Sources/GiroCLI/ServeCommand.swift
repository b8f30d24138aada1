import ArgumentParser
import Foundation
import GiroServer

/// `giro serve`: the HTTP service (routes, limits and status codes in docs/service.md).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the decoder over HTTP (contract: Sources/GiroServer/openapi.json, served at /openapi.json).",
        discussion: """
        Binds to loopback unless --host says otherwise. SIGTERM or SIGINT drains: new /v1 requests get 503, \
        in-flight ones finish. One JSON log line per request on stderr; Prometheus metrics at /metrics.
        """
    )

    @Option(help: "Address to bind.")
    var host: String = "127.0.0.1"

    @Option(help: "Port to bind (0: any free port, printed in the startup log line).")
    var port: Int = 8080

    @Option(name: .customLong("max-body"), help: "Largest request body in bytes (all routes but the streamed /v1/batch).")
    var maxBody: Int = ServiceConfiguration().maxBodyBytes

    @Option(name: .customLong("max-image-pixels"), help: "Largest image accepted by /v1/images, in pixels.")
    var maxImagePixels: Int = ServiceConfiguration().maxImagePixels

    @Option(name: .customLong("time-budget-ms"), help: "Time budget per request in milliseconds (503 beyond it; /v1/batch exempt).")
    var timeBudgetMilliseconds: Int = 10_000

    @Option(name: .customLong("max-concurrent"), help: "Requests processed at once.")
    var maxConcurrent: Int = ServiceConfiguration().maxConcurrent

    @Option(name: .customLong("max-queue"), help: "Requests waiting for a slot; beyond it the answer is 429.")
    var maxQueue: Int = ServiceConfiguration().maxQueue

    @Option(name: .customLong("batch-jobs"), help: "Worker threads per /v1/batch request.")
    var batchJobs: Int = ServiceConfiguration().batchJobs

    @Option(name: .customLong("idle-timeout-ms"),
            help: "Close a connection idle this long, including one whose request head is still arriving (slow clients).")
    var idleTimeoutMilliseconds: Int = 30_000

    @Option(name: .customLong("slips"), help: "Printed slips on /v1/images (OCR): check, fallback or off (as for giro decode).")
    var slipMode: SlipModeChoice = .check

    @Option(name: .customLong("token-file"), help: "File holding a bearer token that /v1 and /metrics then require.")
    var tokenFile: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxBody >= 1 else { throw ValidationError("--max-body must be at least 1") }
        guard (1...400_000_000).contains(maxImagePixels) else { throw ValidationError("--max-image-pixels must be between 1 and 400000000") }
        guard (1...600_000).contains(timeBudgetMilliseconds) else { throw ValidationError("--time-budget-ms must be between 1 and 600000") }
        guard (1...4096).contains(maxConcurrent) else { throw ValidationError("--max-concurrent must be between 1 and 4096") }
        guard (0...100_000).contains(maxQueue) else { throw ValidationError("--max-queue must be between 0 and 100000") }
        guard (1...512).contains(batchJobs) else { throw ValidationError("--batch-jobs must be between 1 and 512") }
        guard (100...3_600_000).contains(idleTimeoutMilliseconds) else {
            throw ValidationError("--idle-timeout-ms must be between 100 and 3600000")
        }
    }

    func run() async throws {
        var config = ServiceConfiguration()
        config.host = host
        config.port = port
        config.maxBodyBytes = maxBody
        config.maxImagePixels = maxImagePixels
        config.timeBudget = .milliseconds(timeBudgetMilliseconds)
        config.maxConcurrent = maxConcurrent
        config.maxQueue = maxQueue
        config.batchJobs = batchJobs
        config.idleTimeout = .milliseconds(idleTimeoutMilliseconds)
        config.slips = slipMode.mode
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile) else {
                Output.writeErr("giro serve: cannot read \(tokenFile)")
                throw GiroExit.noInput
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else {
                Output.writeErr("giro serve: \(tokenFile) holds no token")
                throw GiroExit.usage
            }
            config.bearerToken = token
        }
        let service = GiroService(configuration: config)
        try await service.run { port in
            service.logStartup(port: port)
        }
    }
}
