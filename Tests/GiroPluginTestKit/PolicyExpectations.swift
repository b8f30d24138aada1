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
