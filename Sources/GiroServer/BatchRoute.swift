import Dispatch
import Foundation
import Giro
import HTTPTypes
import Hummingbird

/// `POST /v1/batch`: NDJSON in, NDJSON out, both streamed — the `giro batch` line contract.
///
/// Reading, decoding and writing overlap: one task reads the body and cuts it into blocks of lines (at most
/// `blockLines`), each decoded by `BatchDecoder` on dispatch threads, while the request's task writes the
/// blocks already decoded, in input order. At most `window` blocks are decoded or waiting to be written, so
/// memory stays bounded by a few blocks whatever the body's size, and a client that does not read its
/// answers stops the reading too. A block does not wait to fill up while the window has room: a client that
/// sends a few lines and waits for their answers gets them.
package struct BatchRoute: Sendable {
    package let batch: BatchDecoder
    package let metrics: ServiceMetrics
    package static let blockLines = 1024
    package static let window = 2

    static let acceptedTypes = ["application/x-ndjson", "application/jsonl", "text/plain", "application/octet-stream"]

    package func handle(_ request: Request) async throws -> Response {
        let type = RequestInput.mediaType(request)
        guard type == nil || Self.acceptedTypes.contains(type ?? "") else {
            throw RequestInput.unsupported(type, accepted: Self.acceptedTypes)
        }
        let body = request.body
        let batch = try AsOfQuery.date(request).map {
            BatchDecoder(decoder: self.batch.decoder.judging(asOf: $0), jobs: self.batch.jobs)
        } ?? self.batch
        let metrics = self.metrics
        let stream = ResponseBody { writer in
            let (blocks, submitted) = AsyncThrowingStream.makeStream(of: DecodedBlock.self)
            let room = BlockWindow(Self.window)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await Self.read(body, batch: batch, room: room, into: submitted)
                        submitted.finish()
                    } catch {
                        submitted.finish(throwing: error)
                        throw error
                    }
                }
                do {
                    for try await block in blocks {
                        let result = await block.result
                        metrics.recordBatchLines(records: block.lineCount - result.errorCount, errors: result.errorCount)
                        try await writer.write(contentsOf: result.parts.lazy.filter { !$0.isEmpty }.map { ByteBuffer(bytes: $0) })
                        room.release()
                    }
                } catch {
                    // The client is gone (or the body failed): the reader stops waiting for room.
                    room.close()
                    throw error
                }
                try await group.waitForAll()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: stream)
    }

    /// The reading side: lines into blocks, each handed to decoding as soon as the window has room.
    static func read(_ body: RequestBody, batch: BatchDecoder, room: BlockWindow,
                     into submitted: AsyncThrowingStream<DecodedBlock, any Error>.Continuation) async throws {
        var splitter = LineSplitter(maxLineBytes: BatchDecoder.maxLineBytes)
        var ready: [ArraySlice<UInt8>] = []
        var nextLineNumber = 1
        func submit(_ count: Int) {
            let block = Array(ready.prefix(count))
            ready.removeFirst(count)
            submitted.yield(DecodedBlock(block, firstLineNumber: nextLineNumber, batch: batch))
            nextLineNumber += count
        }
        for try await chunk in body {
            ready += splitter.push(Array(chunk.readableBytesView))
            // Full blocks wait for room; a partial one goes only when there is room already.
            while ready.count >= blockLines {
                try await room.acquire()
                submit(blockLines)
            }
            if !ready.isEmpty, room.tryAcquire() { submit(ready.count) }
        }
        ready += splitter.finish()
        while !ready.isEmpty {
            try await room.acquire()
            submit(min(blockLines, ready.count))
        }
    }
}

/// One block of lines being decoded on a dispatch thread (not the task pool: decoding blocks its thread);
/// `result` waits for it.
final class DecodedBlock: @unchecked Sendable {
    let lineCount: Int
    private let lock = NSLock()
    private var done: BatchDecoder.BlockResult?
    private var waiter: CheckedContinuation<BatchDecoder.BlockResult, Never>?

    init(_ lines: [ArraySlice<UInt8>], firstLineNumber: Int, batch: BatchDecoder) {
        lineCount = lines.count
        DispatchQueue.global().async { [self] in
            let result = batch.decodeBlock(lines, firstLineNumber: firstLineNumber)
            let waiting: CheckedContinuation<BatchDecoder.BlockResult, Never>? = lock.withLock {
                done = result
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume(returning: result)
        }
    }

    var result: BatchDecoder.BlockResult {
        get async {
            await withCheckedContinuation { continuation in
                let ready: BatchDecoder.BlockResult? = lock.withLock {
                    if let done { return done }
                    waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// Room for blocks between reading and writing: taken when a block is handed to decoding, given back once
/// its answer is written. `close()` (the writer gave up) makes every wait throw.
final class BlockWindow: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var closed = false
    private var waiter: CheckedContinuation<Void, any Error>?

    init(_ size: Int) { available = max(1, size) }

    func tryAcquire() -> Bool {
        lock.withLock {
            guard !closed, available > 0 else { return false }
            available -= 1
            return true
        }
    }

    /// Waits for room (one waiter: the reading task).
    func acquire() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if closed { return .failure(CancellationError()) }
                    if available > 0 {
                        available -= 1
                        return .success(())
                    }
                    waiter = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            close()
        }
    }

    func release() {
        let waiting: CheckedContinuation<Void, any Error>? = lock.withLock {
            guard let waiting = waiter else {
                available += 1
                return nil
            }
            waiter = nil
            return waiting
        }
        waiting?.resume()
    }

    func close() {
        let waiting: CheckedContinuation<Void, any Error>? = lock.withLock {
            closed = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(throwing: CancellationError())
    }
}

/// Cuts a byte stream into `\n`-terminated lines, like `giro batch`'s reader: a line longer than
/// `maxLineBytes` is handed on cut at `maxLineBytes + 1` bytes (so the decoder reports it) and its rest
/// dropped, so one line never holds more than that in memory. Lines wholly inside one pushed chunk are
/// slices of it (no copy); only a line split across chunks is gathered.
package struct LineSplitter {
    let maxLineBytes: Int
    private var pending: [UInt8] = []

    package init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    package mutating func push(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while let newline = Self.newline(in: bytes, from: start) {
            if pending.isEmpty {
                lines.append(bytes[start..<min(newline, start + maxLineBytes + 1)])
            } else {
                appendPending(bytes[start..<newline])
                lines.append(pending[...])
                pending = []
            }
            start = newline + 1
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

    /// Index of the next `\n` at or after `from` (memchr: lines are long, newlines rare).
    static func newline(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress, from < p.count, let hit = memchr(base + from, 0x0A, p.count - from) else { return nil }
            return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        }
    }
}
