import Foundation
import GiroCore
@testable import GiroHungary
import Testing

/// Builds MNB QR payloads field by field and decodes them with a pinned clock (2024-06-01 12:00 UTC).
enum MNB {
    static let now = Date(timeIntervalSince1970: 1_717_243_200)
    static let format = HungarianMNBQR(now: { now })
    static let iban = "HU42117730161111101800000000"

    static let base: [String] = [
        "HCT", "001", "1", "OTPVHUHBXXX", "Példa Kft.", iban, "HUF1500", "20991231235959+1", "", "Számla 2024/1",
        "", "", "", "", "", "", "",
    ]

    static func with(_ changes: [Int: String]) -> [String] {
        var f = base
        for (i, v) in changes { f[i] = v }
        return f
    }

    static func text(_ fields: [String], separator: String = "\n", final: Bool = true) -> String {
        fields.joined(separator: separator) + (final ? separator : "")
    }

    /// A shared vector by name (`spayd-5`), read from its byte-exact golden fixture copy, so a fresh clone has it.
    static func vector(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/payloads")
        for dir in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            for expect in ["valid", "tolerate", "invalid"] {
                let url = root.appendingPathComponent("\(dir)/\(expect)-\(name).txt")
                if FileManager.default.fileExists(atPath: url.path) { return try [UInt8](Data(contentsOf: url)) }
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func record(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        record(Array(text.utf8), sourceLocation: sourceLocation)
    }

    static func record(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        do { return try format.decode(Payload(bytes: bytes)) } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func error(_ text: String) -> GiroError? {
        do { _ = try format.decode(Payload(text: text)); return nil } catch { return error }
    }

    static func warnings(_ r: PaymentRecord?) -> [String] { r?.warnings.map(\.code.rawValue) ?? ["<no record>"] }
}
