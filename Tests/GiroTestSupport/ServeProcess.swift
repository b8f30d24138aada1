import Foundation

/// The real `giro serve` executable on a kernel-picked loopback port, started as a user starts it: for tests of
/// the CLI wiring and for those that measure the server alone (its resident memory is not mixed with the test
/// process's other suites). Killed when released.
public final class ServeProcess {
    public let process = Process()
    public let port: Int

    /// The `giro` executable built beside the tests.
    public static var giroURL: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("giro"),
            Bundle.main.bundleURL.appendingPathComponent("giro"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("giro"),
            RepositoryRoot.url.appendingPathComponent(".build/debug/giro"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts `giro serve` and waits (at most 30 s) for the log line that names its port.
    public init() throws {
        guard let url = Self.giroURL else { throw ServeProcessError.notBuilt }
        process.executableURL = url
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var log = Data()
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil, Date() < deadline, process.isRunning {
            log.append(err.fileHandleForReading.availableData)
            for line in String(decoding: log, as: UTF8.self).split(separator: "\n") where line.contains("\"msg\":\"listening\"") {
                if let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { found = json["port"] as? Int }
            }
        }
        guard let found else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw ServeProcessError.noPort(String(decoding: log, as: UTF8.self))
        }
        port = found
        // Keep draining the log so the server never blocks on a full pipe.
        err.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    }

    public var pid: Int32 { process.processIdentifier }

    /// A process's resident set, from /proc/<pid>/statm.
    public static func residentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8),
              let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

public enum ServeProcessError: Error, CustomStringConvertible {
    case notBuilt
    case noPort(String)

    public var description: String {
        switch self {
        case .notBuilt: return "the giro executable was not built next to the tests"
        case .noPort(let log): return "giro serve did not report its port: \(log)"
        }
    }
}
