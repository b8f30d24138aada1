import Foundation
import GiroTestSupport
import Testing

/// `/v1/batch` streams both ways: answers arrive while the body is still being sent, and a large body
/// (200 000 lines) passes without the server's memory growing with it.
@Suite("giro serve batch streaming", .serialized)
struct BatchStreamingTests {
    static let line = Array(#"{"id":1,"payload":"not a payment"}"#.utf8) + [0x0A]

    @Test func answersArriveBeforeTheBodyEnds() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let c = try TestConnection(port: server.port)
        try c.sendHead(method: "POST", path: "/v1/batch", headers: ["Content-Type": "application/x-ndjson", "Transfer-Encoding": "chunked"])
        let first = Array(repeating: Self.line, count: 10).flatMap { $0 }
        try c.send(Array(String(first.count, radix: 16).utf8) + [0x0D, 0x0A] + first + [0x0D, 0x0A])
        // The body is not finished, yet the ten answers come back.
        let received = try await offPool { () -> [UInt8] in
            var bytes: [UInt8] = []
            while bytes.filter({ $0 == 0x0A }).count < 20 { let chunk = c.receive(); if chunk.isEmpty { break }; bytes += chunk }
            return bytes
        }
        #expect(String(decoding: received, as: UTF8.self).contains(#""line":10"#))
        try c.send("0\r\n\r\n")
    }

    /// Measured on the real `giro serve` process: the test process's own RSS moves with the suites running beside it.
    @Test func twoHundredThousandLinesInBoundedMemory() async throws {
        let server = try ServeProcess()
        let lines = 200_000
        let c = try TestConnection(port: server.port)
        let block = Array(repeating: Self.line, count: 1000).flatMap { $0 }
        try c.sendHead(method: "POST", path: "/v1/batch", headers: ["Content-Type": "application/x-ndjson",
                                                                     "Content-Length": String(block.count * lines / 1000)])
        let pid = server.pid
        let rssBefore = ServeProcess.residentBytes(of: pid)
        #expect(rssBefore > 0, "no /proc/<pid>/statm for giro serve")
        // Send and read concurrently: the server answers as it reads, so neither side buffers everything.
        let sender = Task { try await offPool { for _ in 0..<(lines / 1000) { try c.send(block) } } }
        let counted = try await offPool { () -> (Int, Int) in
            var newlines = 0
            var peak = 0
            while true {
                let chunk = c.receive()
                if chunk.isEmpty { break }
                newlines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                peak = max(peak, ServeProcess.residentBytes(of: pid))
            }
            return (newlines, peak)
        }
        try await sender.value
        // Header lines end in CRLF too; the body has one line per input line.
        #expect(counted.0 >= lines)
        // The body is ~7 MB in and ~40 MB out; the server grows far less than that.
        #expect(counted.1 - rssBefore < 64 * 1024 * 1024, "RSS grew by \(counted.1 - rssBefore) bytes")
        withExtendedLifetime(server) {}   // the process is killed when `server` goes
    }
}
