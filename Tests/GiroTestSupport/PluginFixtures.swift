#if GIRO_TESTING  // Swift Testing helpers: debug builds only (Package.swift, GiroTestSupport)
import Foundation
import GiroCore
import Testing

/// What every plug-in's tests need: decode bytes or text, expect a record or an error, read the format's
/// golden fixtures and the shared vectors (from their byte-exact fixture copies, so a fresh clone has them).
public struct PluginFixtures<Format: PaymentFormat>: Sendable {
    public let format: Format
    /// `fixtures/payloads/<directory>`, e.g. `hr.hub3`.
    public let directory: String

    public init(_ format: Format, directory: String) {
        self.format = format
        self.directory = directory
    }

    public static var repoRoot: URL { RepositoryRoot.url }
    public static var payloadRoot: URL { repoRoot.appendingPathComponent("fixtures/payloads") }
    public var fixtureDirectory: URL { Self.payloadRoot.appendingPathComponent(directory) }

    public func decode(_ bytes: [UInt8], eci: Int? = nil) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try format.decode(Payload(bytes: bytes, eci: eci)) }
    }

    /// Decodes and expects success; nil after recording an issue.
    public func record(_ bytes: [UInt8], eci: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        switch decode(bytes, eci: eci) {
        case .success(let r): return r
        case .failure(let e):
            Issue.record("unexpected error \(e)", sourceLocation: sourceLocation)
            return nil
        }
    }

    public func record(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        record(Array(text.utf8), sourceLocation: sourceLocation)
    }

    /// Decodes and expects an error; nil after recording an issue.
    public func error(_ bytes: [UInt8], eci: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        switch decode(bytes, eci: eci) {
        case .success(let r):
            Issue.record("expected an error, decoded \(r)", sourceLocation: sourceLocation)
            return nil
        case .failure(let e): return e
        }
    }

    public func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        error(Array(text.utf8), sourceLocation: sourceLocation)
    }

    /// The decode error, or nil when the bytes decode (no issue recorded: for callers that compare codes).
    public func decodeError(_ bytes: [UInt8]) -> GiroError? {
        if case .failure(let e) = decode(bytes) { return e }
        return nil
    }

    public func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

    /// Warning codes of a record; `<no record>` when there is none, so a comparison fails visibly.
    public func warningCodes(_ r: PaymentRecord?) -> [String] { r?.warnings.map(\.code.rawValue) ?? ["<no record>"] }

    /// Every fixture file of this format: (expectation, name without extension, bytes).
    public func fixtures() -> [(expect: String, name: String, bytes: [UInt8])] {
        let fm = FileManager.default
        guard let files = try? fm.contentsOfDirectory(atPath: fixtureDirectory.path) else { return [] }
        var out: [(String, String, [UInt8])] = []
        for f in files.sorted() where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
            guard let data = try? Data(contentsOf: fixtureDirectory.appendingPathComponent(f)) else { continue }
            out.append((String(f.prefix { $0 != "-" }), String(f.dropLast(4)), [UInt8](data)))
        }
        return out
    }

    public struct MissingFixture: Error { public let name: String }

    /// A shared vector (`hub3-2`, `spayd-5`) by its fixture copy `<expect>-<name>.txt|bin` in any format directory.
    public func vector(_ name: String) throws -> [UInt8] {
        let fm = FileManager.default
        for dir in ((try? fm.contentsOfDirectory(atPath: Self.payloadRoot.path)) ?? []).sorted() {
            for expect in ["valid", "tolerate", "invalid"] {
                for ext in ["txt", "bin"] {
                    let url = Self.payloadRoot.appendingPathComponent("\(dir)/\(expect)-\(name).\(ext)")
                    if let data = fm.contents(atPath: url.path) { return [UInt8](data) }
                }
            }
        }
        throw MissingFixture(name: name)
    }

    static var replacements: [UInt8] { [0x00, 0x0A, 0x0D, 0x7C, 0x3A, 0x2D, 0x2A, 0x09, 0x20, 0x30, 0x39, 0x41, 0x80, 0xC3, 0xFF] }

    /// Decodes every truncation of `bytes`, bytes replaced at about 60 positions, the payload doubled and reversed.
    /// Returns a description of each result that is neither a record nor a typed error with a code and a message
    /// (a crash ends the test run, which fails it too).
    public func mutationFailures(_ bytes: [UInt8]) -> [String] {
        var failures: [String] = []
        func check(_ m: [UInt8], _ what: @autoclosure () -> String) {
            switch decode(m) {
            case .success(let r): if r.format.isEmpty { failures.append("\(what()): record without format") }
            case .failure(let e): if e.code.rawValue.isEmpty || e.message.isEmpty { failures.append("\(what()): error without code or message") }
            }
        }
        for n in 0...bytes.count { check(Array(bytes.prefix(n)), "prefix \(n)") }
        for i in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            for b in Self.replacements {
                var m = bytes
                m[i] = b
                check(m, "byte \(i) → \(b)")
            }
        }
        check(bytes + bytes, "doubled")
        check(Array(bytes.reversed()), "reversed")
        return failures
    }
}

/// A record as a round trip must preserve it: diagnostics, source and status depend on the input's form.
public func comparable(_ r: PaymentRecord) -> PaymentRecord {
    var c = r
    c.diagnostics = []
    c.source = SourceInfo()
    c.status = .valid
    c.provenance = []
    return c
}

/// Test namespaces (`enum MNB: PluginTestHelpers`) get the decode helpers of their `kit`.
public protocol PluginTestHelpers {
    associatedtype Format: PaymentFormat
    static var kit: PluginFixtures<Format> { get }
}

extension PluginTestHelpers {
    public static func vector(_ name: String) throws -> [UInt8] { try kit.vector(name) }
    public static func record(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        kit.record(text, sourceLocation: sourceLocation)
    }
    public static func record(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        kit.record(bytes, sourceLocation: sourceLocation)
    }
    /// The error, or nil when the text decodes (the caller's comparison then fails).
    public static func error(_ text: String) -> GiroError? { kit.decodeError(Array(text.utf8)) }
    public static func warnings(_ r: PaymentRecord?) -> [String] { kit.warningCodes(r) }
}
#endif
