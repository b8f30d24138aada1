#if GIRO_TESTING  // Swift Testing helpers: debug builds only (Package.swift, GiroTestSupport)
import Foundation
import GiroCore
import Testing

/// Golden files: `fixtures/payloads/<format-id>/<expect>-<name>.txt` (exact bytes; `.bin` when not UTF-8)
/// with `<expect>-<name>.json` beside it. `<expect>` is `valid`, `tolerate` or `invalid`, and is checked
/// independently of the golden: valid → record without warnings, tolerate → record with warnings,
/// invalid → error. `GIRO_RECORD=1 swift test` (or `make record`) rewrites the JSON files and fails each
/// rewritten case, so a recording run can never pass by accident; review the diff, then run without it.
public enum Golden {
    public static let repoRoot = RepositoryRoot.url
    public static let payloadRoot = repoRoot.appendingPathComponent("fixtures/payloads")
    public static var recording: Bool { ProcessInfo.processInfo.environment["GIRO_RECORD"] == "1" }

    /// Record mode: writes the golden file and fails the test (like a snapshot assertion's record mode).
    public static func record(_ actual: String, to golden: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try actual.write(to: golden, atomically: true, encoding: .utf8)
        Issue.record("GIRO_RECORD=1: wrote \(golden.lastPathComponent); review the diff and run again without GIRO_RECORD",
                     sourceLocation: sourceLocation)
    }

    public struct Case: CustomTestStringConvertible, Sendable {
        public let formatDirectory: String
        public let name: String
        public let payload: URL
        public var golden: URL { payload.deletingPathExtension().appendingPathExtension("json") }
        public var expectation: String { String(name.prefix { $0 != "-" }) }
        public var testDescription: String { "\(formatDirectory)/\(name)" }
        /// The day the case is judged on: ``FixtureDate/judgementDate(for:)``.
        public var asOf: CalendarDate { FixtureDate.judgementDate(for: payload) }
        /// The reader's symbology, for formats the engine claims only with it (Kos-GIRO: Code128): named by a
        /// `symbology` file in the format's folder, as a reader would report it with the payload.
        public var symbology: Symbology? {
            let file = payload.deletingLastPathComponent().appendingPathComponent("symbology")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            return Symbology(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    public static func cases(under root: URL = payloadRoot) -> [Case] {
        let fm = FileManager.default
        guard let dirs = try? fm.contentsOfDirectory(atPath: root.path) else { return [] }
        var out: [Case] = []
        for dir in dirs.sorted() {
            let d = root.appendingPathComponent(dir)
            guard let files = try? fm.contentsOfDirectory(atPath: d.path) else { continue }
            for f in files.sorted() where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
                out.append(Case(formatDirectory: dir, name: String(f.dropLast(4)), payload: d.appendingPathComponent(f)))
            }
        }
        return out
    }

    public static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }

    public struct ErrorEnvelope: Codable {
        public let error: GiroError
        public init(error: GiroError) { self.error = error }
    }

    /// The JSON text a decode result is compared as.
    public static func render(_ result: Result<PaymentRecord, GiroError>) throws -> String {
        let data: Data
        switch result {
        case .success(let record): data = try encoder().encode(record)
        case .failure(let error): data = try encoder().encode(ErrorEnvelope(error: error))
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Compares `actual` with the case's golden file (a line diff on mismatch); in record mode writes it instead
    /// and fails. A missing golden fails and says how to record it.
    public static func check(_ actual: String, _ c: Case, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recording {
            try record(actual, to: c.golden, sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: c.golden, encoding: .utf8) else {
            Issue.record("missing golden \(c.golden.lastPathComponent); run `make record` (GIRO_RECORD=1 swift test)",
                         sourceLocation: sourceLocation)
            return
        }
        #expect(expected == actual, "golden mismatch for \(c.testDescription):\n\(diff(expected: expected, actual: actual))",
                sourceLocation: sourceLocation)
    }

    /// A readable line diff (first differing lines with context).
    public static func diff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        var i = 0
        while i < max(e.count, a.count), out.count < 40 {
            let el = i < e.count ? String(e[i]) : nil
            let al = i < a.count ? String(a[i]) : nil
            if el != al {
                if let el { out.append("- \(i + 1): \(el)") }
                if let al { out.append("+ \(i + 1): \(al)") }
            }
            i += 1
        }
        return out.joined(separator: "\n")
    }
}
#endif
