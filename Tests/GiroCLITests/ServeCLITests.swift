import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GiroTestSupport
import Testing

/// `giro serve` as a user starts it: the real executable listens, answers /healthz, and exits on SIGTERM.
/// (The routes themselves are tested in-process by GiroServerTests; this pins the CLI wiring.)
@Suite(.serialized) struct ServeCLITests {
    @Test func serveListensAnswersAndDrainsOnSIGTERM() async throws {
        let server = try ServeProcess()
        let p = server.process, listening = server.port

        let health = try #require(URL(string: "http://127.0.0.1:\(listening)/healthz"))
        let (body, response) = try await URLSession.shared.data(from: health)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")

        kill(p.processIdentifier, SIGTERM)
        let stop = Date().addingTimeInterval(20)
        while p.isRunning, Date() < stop { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(!p.isRunning, "giro serve did not exit after SIGTERM")
    }
}
