import Foundation
import GiroCore
import GiroSerbia
import Testing

/// Shared helpers: decode bytes or text, expect a record or an error, read this format's fixtures.
enum IPS {
    static let format = SerbianIPSQR()
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtureDirectory = repoRoot.appendingPathComponent("fixtures/payloads/rs.nbs-ips-qr")

    static func decode(_ bytes: [UInt8], eci: Int? = nil) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try format.decode(Payload(bytes: bytes, eci: eci)) }
    }

    /// Decodes and expects success; returns the record (nil after recording an issue).
    static func record(_ bytes: [UInt8], eci: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        switch decode(bytes, eci: eci) {
        case .success(let r): return r
        case .failure(let e):
            Issue.record("unexpected error \(e)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Decodes and expects an error; returns it.
    static func error(_ bytes: [UInt8], eci: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        switch decode(bytes, eci: eci) {
        case .success(let r):
            Issue.record("expected an error, decoded \(r)", sourceLocation: sourceLocation)
            return nil
        case .failure(let e): return e
        }
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

    static func warningCodes(_ r: PaymentRecord?) -> [String] { r?.warnings.map(\.code.rawValue) ?? [] }

    /// Every fixture file of this format: (expectation, name, bytes).
    static func fixtures() -> [(expect: String, name: String, bytes: [UInt8])] {
        let fm = FileManager.default
        guard let files = try? fm.contentsOfDirectory(atPath: fixtureDirectory.path) else { return [] }
        var out: [(String, String, [UInt8])] = []
        for f in files.sorted() where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
            guard let data = try? Data(contentsOf: fixtureDirectory.appendingPathComponent(f)) else { continue }
            out.append((String(f.prefix { $0 != "-" }), String(f.dropLast(4)), [UInt8](data)))
        }
        return out
    }

    struct MissingFixture: Error { let name: String }

    /// A shared vector by its fixture copy (`<expect>-<name>.txt|bin`).
    static func vector(_ name: String) throws -> [UInt8] {
        guard let f = fixtures().first(where: { $0.name.hasSuffix("-" + name) && $0.name.split(separator: "-", maxSplits: 1).last.map(String.init) == name }) else {
            throw MissingFixture(name: name)
        }
        return f.bytes
    }
}
