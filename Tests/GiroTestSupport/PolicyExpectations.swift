#if GIRO_TESTING  // Swift Testing helpers: debug builds only (Package.swift, GiroTestSupport)
import GiroCore
import Testing

/// Checks of docs/decoding-policy.md: what a "barely acceptable" payload decodes to, and what a rejection carries.
extension PluginFixtures {
    /// Decodes `bytes` and expects a diagnostic `code` with `severity` and `uncertain`, and the record's `status`.
    /// Returns the record (nil after recording an issue).
    @discardableResult
    public func expectPolicy(_ bytes: [UInt8], eci: Int? = nil, _ code: ErrorCode, severity: Severity = .warning,
                             uncertain: Bool, status: RecordStatus,
                             sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        guard let r = record(bytes, eci: eci, sourceLocation: sourceLocation) else { return nil }
        guard let d = r.diagnostics.first(where: { $0.code == code }) else {
            Issue.record("no \(code) among \(r.diagnostics)", sourceLocation: sourceLocation)
            return r
        }
        #expect(d.severity == severity, "\(d)", sourceLocation: sourceLocation)
        #expect(d.uncertain == uncertain, "\(d)", sourceLocation: sourceLocation)
        #expect(r.status == status, "status \(r.status); \(r.diagnostics)", sourceLocation: sourceLocation)
        return r
    }

    /// Decodes `bytes` and expects a rejection with `code` whose `partial` record (status `invalid`) exists.
    /// Returns the error (nil after recording an issue).
    @discardableResult
    public func expectRejection(_ bytes: [UInt8], eci: Int? = nil, _ code: ErrorCode,
                                sourceLocation: SourceLocation = #_sourceLocation) -> GiroError? {
        guard let e = error(bytes, eci: eci, sourceLocation: sourceLocation) else { return nil }
        #expect(e.code == code, "\(e)", sourceLocation: sourceLocation)
        #expect(e.partial?.status == .invalid, "partial: \(String(describing: e.partial))", sourceLocation: sourceLocation)
        return e
    }

    /// Number of golden cases (`.txt`/`.bin` payloads) in this format's fixture directory.
    public var goldenCaseCount: Int { fixtures().count }
}
/// A field a tolerated payload must decode exactly as the clean payload does.
public struct SameField {
    public let name: String
    let equal: (PaymentRecord, PaymentRecord) -> Bool

    public static func field<Value: Equatable>(_ keyPath: KeyPath<PaymentRecord, Value>) -> SameField {
        SameField(name: "\(keyPath)") { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

/// The checks every plug-in's `*BarelyAcceptableTests` make of a tolerated deviation (docs/decoding-policy.md).
public enum PolicyExpectations {
    /// `record` (already decoded; nil after its decode recorded an issue) carries exactly the warnings `codes`, in
    /// order; each field of `same` equals the `clean` record's; the warnings' `uncertain` flag and the record's
    /// `status` are `uncertain` and `status` when given. Returns the record.
    @discardableResult
    public static func expectTolerated(_ record: PaymentRecord?, _ codes: [ErrorCode], sameAs clean: PaymentRecord? = nil,
                                       in same: [SameField] = [], uncertain: Bool? = nil, status: RecordStatus? = nil,
                                       sourceLocation: SourceLocation = #_sourceLocation) -> PaymentRecord? {
        guard let r = record else { return nil }
        #expect(r.warnings.map(\.code) == codes, "warnings: \(r.warnings)", sourceLocation: sourceLocation)
        if let uncertain {
            #expect(r.warnings.allSatisfy { $0.severity == .warning && $0.uncertain == uncertain }, "\(r.warnings)", sourceLocation: sourceLocation)
        }
        if let status { #expect(r.status == status, "status \(r.status); \(r.diagnostics)", sourceLocation: sourceLocation) }
        guard !same.isEmpty else { return r }
        guard let clean else {
            Issue.record("the clean payload did not decode: nothing to compare with", sourceLocation: sourceLocation)
            return r
        }
        for field in same {
            #expect(field.equal(r, clean), "\(field.name) differs from the clean payload's", sourceLocation: sourceLocation)
        }
        return r
    }
}
#endif
