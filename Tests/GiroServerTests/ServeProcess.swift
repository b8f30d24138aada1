import Foundation
import Testing

/// The real `giro serve` executable on a kernel-picked loopback port, for tests that measure the server alone
/// (its resident memory is not mixed with the test process's other suites).
final class ServeProcess {
    let process = Process()
    let port: Int

    static var giroURL: URL? {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("giro"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("giro"),
            repo.appendingPathComponent(".build/debug/giro"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    init() throws {
        let url = try #require(Self.giroURL, "the giro executable was not built next to the tests")
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

    var pid: Int32 { process.processIdentifier }

    /// A process's resident set, from /proc/<pid>/statm.
    static func residentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8),
              let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

enum ServeProcessError: Error { case noPort(String) }
