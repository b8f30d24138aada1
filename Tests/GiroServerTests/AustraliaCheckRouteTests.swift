import Foundation
import Giro
import Testing
import GiroTestSupport

/// `/v1/check/au-*`: the Australian kinds answer as `giro check` does; `?algorithm=` picks the BPAY routine.
@Suite("giro serve Australian check kinds")
struct AustraliaCheckRouteTests {
    func results(_ r: TestResponse) -> [[String: Any]] {
        ((try? JSONSerialization.jsonObject(with: Data(r.body))) as? [[String: Any]]) ?? []
    }

    @Test func kindsAndAlgorithmOption() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let p = server.port
        let text = ["Content-Type": "text/plain"]
        let abn = try await request(p, "POST", "/v1/check/au-abn", headers: text, body: Array("51 824 753 556\n51 824 753 557\n".utf8))
        #expect(abn.status == 200)
        #expect(results(abn).map { $0["valid"] as? Bool } == [true, false])
        #expect(results(abn).first?["compact"] as? String == "51824753556")
        let bsb = try await request(p, "POST", "/v1/check/au-bsb", headers: text, body: Array("062-000".utf8))
        #expect((results(bsb).first?["details"] as? [String: String])?["institution"] == "CBA")

        let v5 = try await request(p, "POST", "/v1/check/au-crn?algorithm=MOD10V05", headers: text, body: Array("87348538\n12345678905".utf8))
        #expect(v5.status == 200 && results(v5).map { $0["valid"] as? Bool } == [true, true])
        #expect((results(v5).first?["details"] as? [String: String])?["algorithm"] == "MOD10V05")
        let v1 = try await request(p, "POST", "/v1/check/au-crn", headers: text, body: Array("12345678905".utf8))
        #expect(results(v1).first?["valid"] as? Bool == false)
        let bad = try await request(p, "POST", "/v1/check/au-crn?algorithm=MOD99", headers: text, body: Array("87348538".utf8))
        #expect(bad.status == 422)
    }
}
