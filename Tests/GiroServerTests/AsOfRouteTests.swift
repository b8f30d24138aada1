import Foundation
import Giro
import GiroTestSupport
import Testing

/// The `asOf` query parameter: `/v1/decode` and `/v1/batch` judge by that day's rules; a bad date is 400.
@Suite("giro serve asOf")
struct AsOfRouteTests {
    static func qrrInEUR() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Golden.payloadRoot.appendingPathComponent("ch.qr-bill/tolerate-ig24-qrr-eur.txt")))
    }

    @Test func decodeJudgesOnTheQueryDate() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let payload = try Self.qrrInEUR()
        let before = try await request(server.port, "POST", "/v1/decode?asOf=2026-11-13", headers: ["Content-Type": "text/plain"], body: payload)
        #expect(before.status == 200 && before.headers["giro-status"] == "valid")
        let expected = try PaymentDecoder(asOf: #require(CalendarDate(iso: "2026-11-14"))).decode(bytes: payload)
        let on = try await request(server.port, "POST", "/v1/decode?asOf=2026-11-14", headers: ["Content-Type": "text/plain"], body: payload)
        #expect(on.status == 200 && on.headers["giro-status"] == "uncertain")
        #expect(on.body == expected.jsonBytes() + [0x0A])
        let withFormat = try await request(server.port, "POST", "/v1/decode?as=ch.qr-bill&asOf=2026-11-13", body: payload)
        #expect(withFormat.headers["giro-status"] == "valid")
    }

    @Test func batchJudgesOnTheQueryDate() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let line = try JSONSerialization.data(withJSONObject: ["id": 1, "payload": String(decoding: try Self.qrrInEUR(), as: UTF8.self)])
        let r = try await request(server.port, "POST", "/v1/batch?asOf=2026-11-14", headers: ["Content-Type": "application/x-ndjson"],
                                  body: [UInt8](line) + [0x0A])
        #expect(r.status == 200)
        let out = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect((out["record"] as? [String: Any])?["status"] as? String == "uncertain")
    }

    @Test(arguments: ["2026-02-30", "today", "2026-11-14T00:00:00Z", ""])
    func aBadDateIs400(_ text: String) async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        for (route, type) in [("/v1/decode", "text/plain"), ("/v1/batch", "text/plain"), ("/v1/images", "image/png")] {
            let r = try await request(server.port, "POST", "\(route)?asOf=\(text)", headers: ["Content-Type": type],
                                      body: try Self.qrrInEUR())
            #expect(r.status == 400 && r.json["code"] as? String == "malformed_request", "\(route)?asOf=\(text)")
        }
    }
}
