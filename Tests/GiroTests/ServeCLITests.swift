import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `giro serve` as a user starts it: the real executable listens, answers /healthz, and exits on SIGTERM.
/// (The routes themselves are tested in-process by GiroServerTests; this pins the CLI wiring.)
@Suite(.serialized) struct ServeCLITests {
    @Test func serveListensAnswersAndDrainsOnSIGTERM() async throws {
        let url = try #require(CLITests.giroURL, "the giro executable was not built next to the tests")
        let p = Process()
        p.executableURL = url
        p.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }

        // The startup log line names the port the kernel picked.
        var log = Data()
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline, p.isRunning {
            log.append(err.fileHandleForReading.availableData)
            let text = String(decoding: log, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.contains("\"msg\":\"listening\"") }),
               let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
                port = json["port"] as? Int
            }
        }
        let listening = try #require(port, "giro serve did not report its port: \(String(decoding: log, as: UTF8.self))")

        let health = try #require(URL(string: "http://127.0.0.1:\(listening)/healthz"))
        let (body, response) = try await URLSession.shared.data(from: health)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")

        kill(p.processIdentifier, SIGTERM)
        let stop = Date().addingTimeInterval(20)
        while p.isRunning, Date() < stop { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(!p.isRunning, "giro serve did not exit after SIGTERM")
    }
}
