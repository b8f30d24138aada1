import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/batch`: NDJSON in, NDJSON out, both streamed — the `giro batch` line contract.
///
/// Lines are decoded as they arrive: whatever complete lines a received chunk holds (at most `blockLines`
/// at a time) are decoded with `BatchDecoder` and their result lines written before more input is read, so
/// memory stays bounded by one block whatever the body's size.
package struct BatchRoute: Sendable {
    package let batch: BatchDecoder
    package let metrics: ServiceMetrics
    package static let blockLines = 1024

    static let acceptedTypes = ["application/x-ndjson", "application/jsonl", "text/plain", "application/octet-stream"]

    package func handle(_ request: Request) async throws -> Response {
        let type = RequestInput.mediaType(request)
        guard type == nil || Self.acceptedTypes.contains(type ?? "") else {
            throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let body = request.body
        let batch = self.batch
        let metrics = self.metrics
        let stream = ResponseBody { writer in
            var splitter = LineSplitter(maxLineBytes: BatchDecoder.maxLineBytes)
            var nextLineNumber = 1
            func flush(_ lines: [ArraySlice<UInt8>], into writer: inout any ResponseBodyWriter) async throws {
                var start = 0
                while start < lines.count {
                    let block = Array(lines[start..<min(lines.count, start + Self.blockLines)])
                    let result = batch.decodeBlock(block, firstLineNumber: nextLineNumber)
                    nextLineNumber += block.count
                    start += block.count
                    Self.count(result, lines: block.count, metrics: metrics)
                    for part in result.parts where !part.isEmpty {
                        try await writer.write(ByteBuffer(bytes: part))
                    }
                }
            }
            for try await chunk in body {
                let lines = splitter.push(Array(chunk.readableBytesView))
                try await flush(lines, into: &writer)
            }
            try await flush(splitter.finish(), into: &writer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: stream)
    }

    static func count(_ result: BatchDecoder.BlockResult, lines: Int, metrics: ServiceMetrics) {
        metrics.recordBatchLines(records: lines - result.errorCount, errors: result.errorCount)
    }
}

/// Cuts a byte stream into `\n`-terminated lines, like `giro batch`'s reader: a line longer than
/// `maxLineBytes` is handed on cut at `maxLineBytes + 1` bytes (so the decoder reports it) and its rest
/// dropped, so one line never holds more than that in memory.
package struct LineSplitter {
    let maxLineBytes: Int
    private var pending: [UInt8] = []

    package init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    package mutating func push(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            appendPending(bytes[start..<i])
            lines.append(pending[...])
            pending = []
            start = i + 1
        }
        appendPending(bytes[start...])
        return lines
    }

    /// The unterminated last line, if any.
    package mutating func finish() -> [ArraySlice<UInt8>] {
        defer { pending = [] }
        return pending.isEmpty ? [] : [pending[...]]
    }

    private mutating func appendPending(_ bytes: ArraySlice<UInt8>) {
        let room = maxLineBytes + 1 - pending.count
        guard room > 0 else { return }
        pending.append(contentsOf: bytes.prefix(room))
    }
}
