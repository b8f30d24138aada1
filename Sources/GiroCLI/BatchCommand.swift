import ArgumentParser
import Foundation
import Giro

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Decode many payloads: NDJSON in, NDJSON out, in input order.",
        discussion: """
        Input lines: {"id": …, "payload": "…"} or {"id": …, "payloadBase64": "…"}, or plain text (the line is the payload).
        Every input line yields one output line with either "record" or "error"; a malformed line gives an
        error line and processing continues. A summary goes to stderr; a progress line too when it is a terminal.
        Exit code 0 when the whole input was processed (use --strict to exit 65 if any line failed).
        """
    )

    @Option(name: .shortAndLong, help: "Input file, or `-` for standard input.")
    var input: String = "-"

    @Option(name: .shortAndLong, help: "Output file, or `-` for standard output.")
    var output: String = "-"

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Exit with 65 when any line could not be decoded.")
    var strict = false

    func validate() throws {
        if jobs < 1 || jobs > 512 { throw ValidationError("--jobs must be between 1 and 512") }
    }

    func run() throws {
        guard let inHandle = input == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: input) else {
            Output.writeErr("giro: cannot open \(input)")
            throw GiroExit.noInput
        }
        let outHandle: FileHandle
        if output == "-" {
            outHandle = FileHandle.standardOutput
        } else {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                  let h = FileHandle(forWritingAtPath: output) else {
                Output.writeErr("giro: cannot write \(output)")
                throw GiroExit.ioError
            }
            outHandle = h
        }
        let batch = BatchDecoder(jobs: jobs)
        let reader = LineReader(handle: inHandle, maxLineBytes: BatchDecoder.maxLineBytes)
        let showProgress = isatty(2) == 1
        var lineNumber = 1
        var records = 0
        var errors = 0
        let started = Date()
        while true {
            let block = reader.nextLines(max: 4096)
            if block.isEmpty { break }
            let result = batch.decodeBlock(block, firstLineNumber: lineNumber)
            errors += result.errorCount
            records += block.count - result.errorCount
            do { for part in result.parts where !part.isEmpty { try outHandle.write(contentsOf: part) } } catch {
                Output.writeErr("giro: write failed: \(error)")
                throw GiroExit.ioError
            }
            lineNumber += block.count
            if showProgress {
                let rate = Double(lineNumber - 1) / max(Date().timeIntervalSince(started), 0.001)
                FileHandle.standardError.write(Data("\r\u{1B}[K\(lineNumber - 1) lines, \(errors) errors, \(Int(rate)) lines/s".utf8))
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Output.writeErr("giro batch: \(records + errors) lines, \(records) records, \(errors) errors")
        if strict && errors > 0 { throw GiroExit.dataError }
    }
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

    func nextLines(max count: Int) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        while lines.count < count {
            if let nl = Self.newline(in: buffer, from: position) {
                if skippingOverlong { skippingOverlong = false } else { lines.append(buffer[position..<nl]) }
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
            // Compact, then read more. Lines already cut keep the old storage alive (slices share it).
            if position > 0 {
                buffer = Array(buffer[position...])
                position = 0
            }
            let data = (try? handle.read(upToCount: 1 << 20)) ?? nil
            if let data, !data.isEmpty { buffer.append(contentsOf: data) } else { eof = true }
        }
        return lines
    }
}
