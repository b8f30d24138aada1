import Foundation
import Giro
import Logging

/// One JSON object per line on standard error: `ts`, `level`, `msg` and the metadata as string fields.
/// Request lines carry only id, route, method, status, ms and format — never payment data.
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private static let reserved: Set<String> = ["level", "logger", "msg", "ts"]

    package init(label: String) { self.label = label }

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
            o.key("level") { $0.string(level.rawValue) }
            o.key("logger") { $0.string(label) }
            o.key("msg") { $0.string(message.description) }
            o.key("ts") { $0.string(Date().formatted(.iso8601)) }
        }
        FileHandle.standardError.write(Data(w.bytes + [0x0A]))
    }
}
