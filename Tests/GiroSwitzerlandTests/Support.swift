import Foundation
import GiroCore
import GiroTestSupport
import GiroSwitzerland
import Testing

/// Shared helpers: build payloads line by line, decode, and check outcomes.
enum SPC {
    static let format = SwissQRBill()
    static let repoRoot = RepositoryRoot.url
    static let fixtureDirectory = repoRoot.appendingPathComponent("fixtures/payloads/ch.qr-bill")

    /// IG example (manuelbl QR_CODE_TEXT_1): normal IBAN, NON, 31 lines.
    static let base: [String] = [
        "SPC", "0200", "1", "CH5800791123000889012",
        "S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
        "", "", "", "", "", "", "",
        "3949.75", "CHF",
        "S", "Pia Rutschmann", "Marktgasse", "28", "9400", "Rorschach", "CH",
        "NON", "", "Bill no. 3139 for gardening work and disposal of waste material", "EPD",
    ]

    /// QR-IBAN + QR reference.
    static var qr: [String] {
        var l = base
        l[3] = "CH4431999123000889012"
        l[27] = "QRR"
        l[28] = "210000000003139471430009017"
        return l
    }

    /// Normal IBAN + SCOR.
    static var scor: [String] {
        var l = base
        l[27] = "SCOR"
        l[28] = "RF18539007547034"
        return l
    }

    static func with(_ lines: [String], _ changes: [Int: String]) -> [String] {
        var l = lines
        for (i, v) in changes { l[i] = v }
        return l
    }

    static func bytes(_ lines: [String], separator: String = "\n", tail: String = "") -> [UInt8] {
        Array((lines.joined(separator: separator) + tail).utf8)
    }

    static func decode(_ bytes: [UInt8]) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try format.decode(Payload(bytes: bytes)) }
    }

    static func decode(_ lines: [String], separator: String = "\n", tail: String = "") -> Result<PaymentRecord, GiroError> {
        decode(bytes(lines, separator: separator, tail: tail))
    }

    /// Decodes and expects success; returns the record (nil after recording an issue).
    static func record(_ lines: [String], separator: String = "\n", tail: String = "",
                       sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        record(bytes(lines, separator: separator, tail: tail), sourceLocation: sourceLocation)
    }

    static func record(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        switch decode(bytes) {
        case .success(let r): return r
        case .failure(let e):
            Issue.record("unexpected error \(e)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Decodes and expects an error; returns it.
    static func error(_ lines: [String], separator: String = "\n", sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        error(bytes(lines, separator: separator), sourceLocation: sourceLocation)
    }

    static func error(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        switch decode(bytes) {
        case .success(let r):
            Issue.record("expected an error, decoded \(r)", sourceLocation: sourceLocation)
            return nil
        case .failure(let e): return e
        }
    }

    /// Exact decimal from text (float literals would go through Double).
    static func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

    static func warningCodes(_ r: PaymentRecord?) -> [String] { r?.warnings.map(\.code.rawValue) ?? [] }

    struct MissingFixture: Error { let name: String }

    /// A shared vector (`spc-2`) by its fixture copy (`fixtures/payloads/ch.qr-bill/<expect>-spc-2.txt`).
    static func vector(_ name: String) throws -> [UInt8] {
        guard let f = fixtures().first(where: { $0.name.hasSuffix("-" + name) && $0.name.split(separator: "-").count == 3 }) else {
            throw MissingFixture(name: name)
        }
        return f.bytes
    }

    /// Every fixture file of this format: (expectation, name, bytes).
    static func fixtures() -> [(expect: String, name: String, bytes: [UInt8])] { kit.fixtures() }
    static let kit = PluginFixtures(format, directory: "ch.qr-bill")
}
