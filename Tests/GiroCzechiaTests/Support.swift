import Foundation
import GiroTestSupport
import GiroCore
import GiroCzechia
import Testing

/// Decoding helpers for the Czech tests.
enum CZ {
    static let spayd = CzechSPAYD()
    static let sid = CzechSID()
    static let repoRoot = RepositoryRoot.url

    /// ČBA 1.2 example 5.2.1 (vector spayd-1).
    static let base = "SPD*1.0*ACC:CZ3301000000000002970297*AM:555.55*CC:CZK*RF:7004139146*X-VS:0987654321*X-SS:1234567890*X-KS:0558*DT:20210430*MSG:PRISPEVEK NA NADACI"

    static let spaydKit = PluginFixtures(spayd, directory: "cz.spayd")
    static let sidKit = PluginFixtures(sid, directory: "cz.sid")
    static func vector(_ name: String) throws -> [UInt8] { try spaydKit.vector(name) }

    static func fixture(_ format: String, _ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: repoRoot.appendingPathComponent("fixtures/payloads/\(format)/\(name).txt")))
    }

    static func record(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        record(Array(text.utf8), sourceLocation: sourceLocation)
    }

    static func record(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        sid.matches(Payload(bytes: bytes))
            ? sidKit.record(bytes, sourceLocation: sourceLocation) : spaydKit.record(bytes, sourceLocation: sourceLocation)
    }

    static func error(_ text: String) -> GiroError? {
        let bytes = Array(text.utf8)
        let format: any PaymentFormat = text.hasPrefix("SID*") ? sid : spayd
        do { _ = try format.decode(Payload(bytes: bytes)); return nil } catch { return error }
    }

    static func warnings(_ r: PaymentRecord?) -> [String] { spaydKit.warningCodes(r) }
}
