import ArgumentParser
import Foundation
import Giro

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Decode many payloads: NDJSON in, NDJSON out, in input order.",
        discussion: """
        Input lines: {"id": …, "payload": "…"} or {"id": …, "payloadBase64": "…"}, or plain text (the line is the payload).
        A payloadBase64 that is a PDF or an image (PNG, JPEG, WebP; lines up to 16 MiB) is read as one document: its \
        line carries "document" (the verdict of `giro decode --document`) instead of "record".
        Every input line yields one output line with either "record", "document" or "error"; a malformed line gives an
        error line and processing continues. A summary goes to stderr; a progress line too when it is a terminal.
        Exit code 0 when the whole input was processed (use --strict to exit 65 if any line failed), 66 when the
        input cannot be opened, 74 when reading or writing fails (the lines read before are still written).
        """
    )

    @Option(name: [.customShort("f"), .customLong("file"), .customLong("input")], help: "Input file, or `-` for standard input.")
    var input: String = "-"

    @Option(name: .long, help: "Output file, or `-` for standard output.")
    var output: String = "-"

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Exit with 65 when any line could not be decoded.")
    var strict = false

    @OptionGroup var asOf: AsOfOption

    static let blockSize = 4096
    /// A block also ends after this many bytes of lines (document lines are large).
    static let blockBytes = 64 << 20

    /// write(2) until every byte is out (short writes and EINTR retried); the error, if any.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> (any Error)? {
        bytes.withUnsafeBytes { raw -> (any Error)? in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += n
            }
            return nil
        }
    }

    func validate() throws {
        if jobs < 1 || jobs > 512 { throw ValidationError("--jobs must be between 1 and 512") }
    }

    func run() throws {
        guard let inHandle = input == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: input) else {
            throw GiroExit.noInput.report("batch", "cannot open \(input)")
        }
        let outHandle: FileHandle
        if output == "-" {
            outHandle = FileHandle.standardOutput
        } else {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                  let h = FileHandle(forWritingAtPath: output) else {
                throw GiroExit.ioError.report("batch", "cannot write \(output)")
            }
            outHandle = h
        }
        var batch = BatchDecoder(decoder: asOf.paymentDecoder, jobs: jobs)
        batch.documents = DocumentReader()
        let reader = LineReader(handle: inHandle, maxLineBytes: batch.lineLimit)
        let showProgress = isatty(2) == 1
        var lineNumber = 1
        var records = 0
        var errors = 0
        let started = Date()
        // Pipeline: while the workers decode block n, a serial queue writes block n−1 and reads block n+1,
        // so file I/O is off the critical path.
        let io = DispatchQueue(label: "giro.batch.io")
        let writeFailure = WriteFailure()
        var next = reader.nextLines(max: Self.blockSize, maxBytes: Self.blockBytes)
        while !next.isEmpty {
            let block = next
            let prefetch = DispatchWorkItem { next = reader.nextLines(max: Self.blockSize, maxBytes: Self.blockBytes) }
            io.async(execute: prefetch)
            let result = batch.decodeBlock(block, firstLineNumber: lineNumber)
            errors += result.errorCount
            records += block.count - result.errorCount
            io.async {
                guard !writeFailure.failed else { return }
                for part in result.parts where !part.isEmpty {
                    if let error = Self.writeAll(part, to: outHandle.fileDescriptor) { writeFailure.record(error); return }
                }
            }
            prefetch.wait()
            if writeFailure.failed { break }
            lineNumber += block.count
            if showProgress {
                let rate = Double(lineNumber - 1) / max(Date().timeIntervalSince(started), 0.001)
                FileHandle.standardError.write(Data("\r\u{1B}[K\(lineNumber - 1) lines, \(errors) errors, \(Int(rate)) lines/s".utf8))
            }
        }
        io.sync {}
        if let error = writeFailure.error {
            throw GiroExit.ioError.report("batch", "write failed: \(error)")
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Output.writeErr("giro batch: \(records + errors) lines, \(records) records, \(errors) errors")
        if let readError = reader.readError {
            let name = input == "-" ? "standard input" : input
            throw GiroExit.ioError.report("batch", "cannot read \(name) after \(records + errors) lines: \(String(cString: strerror(readError)))")
        }
        if strict && errors > 0 { throw GiroExit.dataError }
    }
}

/// The first write error of the output queue (set there, read after the queue is drained).
final class WriteFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?
    func record(_ e: any Error) { lock.withLock { if first == nil { first = e } } }
    var error: (any Error)? { lock.withLock { first } }
    var failed: Bool { error != nil }
}

/// Reads `\n`-terminated lines in blocks from a file handle, without loading the whole input.
/// A line longer than `maxLineBytes` is cut there and handed on, so the decoder reports it (and the rest
/// of that line is skipped).
final class LineReader {
    private let handle: FileHandle
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var eof = false
    private var skippingOverlong = false
    /// errno of a failed read: the input ends there, and the command reports it (exit 74).
    private(set) var readError: Int32?

    init(handle: FileHandle, maxLineBytes: Int) {
        self.handle = handle
        self.maxLineBytes = maxLineBytes
    }

    /// Index of the next `\n` at or after `from` (memchr: lines are long, newlines rare).
    static func newline(in buffer: [UInt8], from: Int) -> Int? {
        buffer.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress, from < p.count, let hit = memchr(base + from, 0x0A, p.count - from) else { return nil }
            return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        }
    }

    func nextLines(max count: Int, maxBytes: Int = .max) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var bytes = 0
        while lines.count < count, bytes < maxBytes {
            if let nl = Self.newline(in: buffer, from: position) {
                if skippingOverlong { skippingOverlong = false } else { lines.append(buffer[position..<nl]); bytes += nl - position }
                position = nl + 1
                continue
            }
            if buffer.count - position > maxLineBytes {
                if !skippingOverlong { lines.append(buffer[position..<(position + maxLineBytes + 1)]) }
                skippingOverlong = true
                position = buffer.count
                continue
            }
            if eof {
                if position < buffer.count, !skippingOverlong { lines.append(buffer[position...]) }
                position = buffer.count
                break
            }
            // Read more into a fresh buffer that starts with the unfinished line: lines already cut keep
            // the old buffer alive (slices share it), so nothing big is ever copied.
            let rest = buffer.count - position
            let chunk = 1 << 20
            var got = 0
            var err: Int32 = 0
            let fresh = [UInt8](unsafeUninitializedCapacity: rest + chunk) { out, count in
                buffer.withUnsafeBufferPointer { old in
                    if rest > 0, let src = old.baseAddress, let dst = out.baseAddress {
                        dst.initialize(from: src + position, count: rest)
                    }
                }
                repeat {
                    got = read(handle.fileDescriptor, out.baseAddress.map { $0 + rest }, chunk)
                    err = got < 0 ? errno : 0
                } while got < 0 && err == EINTR
                count = rest + max(got, 0)
            }
            buffer = fresh
            position = 0
            if got < 0 { readError = err }
            if got <= 0 { eof = true }
        }
        return lines
    }
}
