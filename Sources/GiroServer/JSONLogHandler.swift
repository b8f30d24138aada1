import Foundation
import Giro
import Logging

/// One JSON object per line on standard error: `ts`, `level`, `msg` and the metadata as string fields.
/// Request lines carry only id, route, method, status, ms and format — never payment data.
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let sink: LogSink
    private static let reserved: Set<String> = ["level", "logger", "msg", "ts"]

    package init(label: String, sink: LogSink = .standardError) {
        self.label = label
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        write(level: event.level, message: event.message, extra: event.metadata)
    }

    package func log(level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?,
                     source: String, file: String, function: String, line: UInt) {
        write(level: level, message: message, extra: extra)
    }

    private func write(level: Logger.Level, message: Logger.Message, extra: Logger.Metadata?) {
        var fields = metadata
        if let extra { fields.merge(extra) { $1 } }
        var w = JSONWriter(capacity: 256)
        w.object { o in
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) where !Self.reserved.contains(key) {
                o.key(dynamic: key) { w in
                    switch value {
                    case .stringConvertible(let n as Int): w.int(n)
                    default: w.string("\(value)")
                    }
                }
            }
            appendTrailer(&o, level: level, message: message.description)
        }
        // Anything but a request line goes out at once (the startup line names the port scripts wait for).
        sink.write(w.bytes, deferred: false)
    }

    private func appendTrailer(_ o: inout JSONWriter, level: Logger.Level, message: String) {
        o.key("level") { $0.string(level.rawValue) }
        o.key("logger") { $0.string(label) }
        o.key("msg") { $0.string(message) }
        o.key("ts") { $0.string(LogClock.shared.timestamp()) }
    }

    /// The per-request line, byte for byte what `logger.info("request", metadata:)` writes with these fields
    /// (sorted keys, `status` and `ms` as numbers), without building a metadata dictionary; it joins the
    /// sink's buffer, written out in blocks. Nil when this handler has metadata of its own (then the caller
    /// logs through `Logger`).
    package func requestLine(id: String, route: String, method: String, status: Int, milliseconds: Int,
                             format: String?, code: String?) -> Bool {
        guard metadata.isEmpty else { return false }
        var w = JSONWriter(capacity: 192)
        w.object { o in
            if let code { o.key("code") { $0.string(code) } }
            if let format { o.key("format") { $0.string(format) } }
            o.key("id") { $0.string(id) }
            o.key("method") { $0.string(method) }
            o.key("ms") { $0.int(milliseconds) }
            o.key("route") { $0.string(route) }
            o.key("status") { $0.int(status) }
            appendTrailer(&o, level: .info, message: "request")
        }
        sink.write(w.bytes, deferred: true)
        return true
    }
}

/// Log lines to a file descriptor. Request lines (`deferred`) gather in memory and go out together at most
/// `flushDelay` later or once `flushBytes` have gathered — one write(2) per block instead of one per request;
/// any other line first writes out what has gathered, so the order of lines is kept.
package final class LogSink: @unchecked Sendable {
    package static let standardError = LogSink(fileDescriptor: 2)
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var flushScheduled = false
    static let flushBytes = 64 * 1024
    static let flushDelay = DispatchTimeInterval.milliseconds(50)

    package init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    package func write(_ line: [UInt8], deferred: Bool) {
        let scheduleFlush: Bool = lock.withLock {
            pending.append(contentsOf: line)
            pending.append(0x0A)
            if !deferred || pending.count >= Self.flushBytes {
                writePending()
                return false
            }
            defer { flushScheduled = true }
            return !flushScheduled
        }
        if scheduleFlush {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.flushDelay) { [self] in flush() }
        }
    }

    /// Writes out whatever has gathered (also at shutdown).
    package func flush() {
        lock.withLock {
            flushScheduled = false
            writePending()
        }
    }

    /// Under the lock. A failed write drops the block: logging never stops the service.
    private func writePending() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Foundation.write(fileDescriptor, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                offset += n
            }
        }
        pending.removeAll(keepingCapacity: pending.count <= 4 * Self.flushBytes)
    }
}

/// `ts` as ISO 8601 UTC to the second (`2026-11-27T03:34:18Z`, what `Date.formatted(.iso8601)` gives), formatted
/// once per second rather than once per line.
final class LogClock: @unchecked Sendable {
    static let shared = LogClock()
    private let lock = NSLock()
    private var second = -1
    private var text = ""

    func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = now.tv_sec
        if let cached: String = lock.withLock({ second == seconds ? text : nil }) { return cached }
        var parts = tm()
        var t = seconds
        gmtime_r(&t, &parts)
        let formatted = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                               Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        lock.withLock {
            second = seconds
            text = formatted
        }
        return formatted
    }
}
