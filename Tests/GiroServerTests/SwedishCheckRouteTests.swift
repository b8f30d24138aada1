import Foundation
import Giro
import Testing

/// `/v1/check/se-*`: the Swedish kinds, and `se-ocr`'s `length-digit` option in the query string.
@Suite struct SwedishCheckRouteTests {
    static func results(_ r: TestResponse) -> [[String: Any]] {
        let any = try? JSONSerialization.jsonObject(with: Data(r.body))
        if let array = any as? [[String: Any]] { return array }
        return (any as? [String: Any]).map { [$0] } ?? []
    }

    @Test func swedishKindsAndTheLengthDigitOption() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let p = server.port
        let text = ["Content-Type": "text/plain"]
        let account = try await request(p, "POST", "/v1/check/se-account", headers: text, body: Array("8214-9 923 472 612-4\n".utf8))
        #expect(account.status == 200)
        #expect(Self.results(account).first?["compact"] as? String == "821499234726124")
        let plain = try await request(p, "POST", "/v1/check/se-ocr", headers: text, body: Array("1234567897\n".utf8))
        #expect(Self.results(plain).first?["valid"] as? Bool == true)
        let strict = try await request(p, "POST", "/v1/check/se-ocr?length-digit=true", headers: text, body: Array("1234567897\n".utf8))
        let error = Self.results(strict).first?["error"] as? [String: Any]
        #expect(Self.results(strict).first?["valid"] as? Bool == false && error?["code"] as? String == "se_length_digit_invalid")
        let withLength = try await request(p, "POST", "/v1/check/se-ocr?length-digit=true", headers: text, body: Array("12345682\n".utf8))
        #expect(Self.results(withLength).first?["valid"] as? Bool == true)
        let refused = try await request(p, "POST", "/v1/check/se-bankgiro?length-digit=true", headers: text, body: Array("5402-9681\n".utf8))
        #expect(refused.status == 422)
    }
}
