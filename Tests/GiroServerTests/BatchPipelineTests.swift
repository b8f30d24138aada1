import Foundation
import GiroServer
import Testing

/// `/v1/batch` decodes several blocks at once: the answers still come one per input line, in input order,
/// and the line cutting matches `giro batch`.
@Suite("giro serve batch pipeline", .serialized)
struct BatchPipelineTests {
    @Test func manyBlocksAnswerInInputOrder() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        // More blocks than the window holds (two full ones and a partial one); valid, invalid and junk lines mixed
        // so blocks differ in cost.
        let count = BatchRoute.blockLines * 2 + 37
        let valid = String(decoding: try RouteTests.fixture("fixtures/samples/swiss-qr-bill.txt"), as: UTF8.self)
        let escaped = valid.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\"", with: "\\\"")
        let body = (1...count).map { i in
            switch i % 3 {
            case 0: #"{"id":\#(i),"payload":"\#(escaped)"}"#
            case 1: #"{"id":\#(i),"payload":"not a payment"}"#
            default: "junk line \(i)"
            }
        }.joined(separator: "\n") + "\n"
        let r = try await request(server.port, "POST", "/v1/batch", headers: ["Content-Type": "application/x-ndjson"],
                                  body: Array(body.utf8))
        #expect(r.status == 200)
        // Read on the bytes (no JSON objects: the streaming suite beside this one measures this process's memory).
        let lines = r.body.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == count)
        // The line number is the top-level member (an error object carries its own `line` too).
        #expect(lines.enumerated().allSatisfy { $1.contains(#","line":\#($0 + 1),"record""#) || $1.hasSuffix(#","line":\#($0 + 1)}"#) })
        // Records exactly on the lines holding the bill; ids echo the input where it gave one (junk lines: null).
        #expect(lines.enumerated().allSatisfy { $1.contains(#""record":{"#) == (($0 + 1) % 3 == 0) })
        #expect(lines.enumerated().allSatisfy { $1.contains(($0 + 1) % 3 == 2 ? #""id":null,"# : #""id":\#($0 + 1),"#) })
    }

    @Test func requestsLeaveNoSlotOrBudgetBehind() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        for i in 0..<50 {
            let r = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "text/plain"], body: Array("x\(i)".utf8))
            #expect(r.status == 422)
        }
        try await server.waitUntil("the slot freed") { server.service.limiter.inFlight == 0 }
        #expect(server.service.limiter.inFlight == 0)
        #expect(server.service.watchdog.armed == 0)
    }

    @Test func linesAreCutLikeGiroBatch() {
        var splitter = LineSplitter(maxLineBytes: 8)
        var lines = splitter.push(Array("ab\ncd".utf8))
        lines += splitter.push(Array("ef\n0123456789abc\nxyz\n".utf8))
        lines += splitter.push(Array("0123".utf8))
        lines += splitter.push(Array("456789\ntail".utf8))
        lines += splitter.finish()
        // Overlong lines keep maxLineBytes + 1 bytes (so the decoder reports them), in one chunk or across two.
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["ab", "cdef", "012345678", "xyz", "012345678", "tail"])
    }
}
