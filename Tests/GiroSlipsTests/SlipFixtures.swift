import Foundation
import Giro
import Testing
import GiroTestSupport

/// `fixtures/slips/<class>/<case>-<degradation>.words` (Giro's words JSON, written by `generate.py` from the
/// known print positions), `<case>.expect` (what the record must say), `<case>-<degradation>.json` (golden record;
/// `GIRO_RECORD=1` rewrites it).
enum SlipFixtures {
    static let root = RepositoryRoot.url
    static let folder = root.appendingPathComponent("fixtures/slips")
    static var recording: Bool { ProcessInfo.processInfo.environment["GIRO_RECORD"] == "1" }

    struct Case: CustomTestStringConvertible, Sendable {
        let slipClass: String
        let name: String
        let degradation: String
        var words: URL { SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name)-\(degradation).words") }
        var golden: URL { SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name)-\(degradation).json") }
        var expect: URL { SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name).expect") }
        var testDescription: String { "\(slipClass)/\(name)-\(degradation)" }
    }

    static func cases() -> [Case] {
        let fm = FileManager.default
        guard let classes = try? fm.contentsOfDirectory(atPath: folder.path) else { return [] }
        var out: [Case] = []
        for c in classes.sorted() {
            guard let files = try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent(c).path) else { continue }
            for f in files.sorted() where f.hasSuffix(".words") {
                let stem = String(f.dropLast(6))
                guard let dash = stem.lastIndex(of: "-") else { continue }
                out.append(Case(slipClass: c, name: String(stem[..<dash]), degradation: String(stem[stem.index(after: dash)...])))
            }
        }
        return out
    }

    static func pretty(_ r: PaymentRecord) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(r), as: UTF8.self) + "\n"
    }
}
