/// The one way a plug-in's decoder raises errors and warnings (see docs/decoding-policy.md).
///
/// A decoder fills ``record`` as it reads, collects ``diagnostics``, and finishes with ``finished()``,
/// which derives the status from the diagnostics alone. An error made by ``fail(_:field:line:offset:_:)``
/// carries the diagnostics seen so far and the record as far as it was read (`partial`, status `invalid`).
package protocol FieldDecoding {
    /// Format id put on errors.
    var format: String { get }
    /// Warnings and infos collected so far; an error carries them too.
    var diagnostics: [Diagnostic] { get set }
    /// The record as decoded so far.
    var record: PaymentRecord { get set }
}

extension FieldDecoding {
    /// A rejection of `field` (a dotted record path, or `payload`).
    @inlinable
    package func fail(_ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil, _ message: String) -> GiroError {
        GiroError(code, field: field, line: line, offset: offset, format: format, diagnostics: diagnostics,
                  partial: partialRecord, message)
    }

    /// A tolerated deviation. `uncertain: true` when a check failed or could not be made, or a value was
    /// guessed: the record then cannot be acted on without a look.
    @inlinable
    package mutating func warn(_ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil,
                               uncertain: Bool = false, _ message: String) {
        diagnostics.append(.warning(code, field: field, line: line, offset: offset, uncertain: uncertain, message))
    }

    @inlinable
    package mutating func info(_ code: ErrorCode, field: String, line: Int? = nil, offset: Int? = nil, _ message: String) {
        diagnostics.append(.info(code, field: field, line: line, offset: offset, message))
    }

    /// The record with the diagnostics attached and its status derived from them. Consuming: called on a
    /// decoder that is no longer needed (`return decoder.finished()`), the record moves out without a
    /// copy-on-write copy of its storage (~2,000 instructions per payload); elsewhere Swift copies implicitly.
    @inlinable
    package consuming func finished() -> PaymentRecord {
        record.diagnostics = diagnostics
        record.status = .derived(from: diagnostics)
        return record
    }

    /// The record as read so far, as an error carries it.
    @inlinable
    package var partialRecord: PaymentRecord {
        var r = record
        r.diagnostics = diagnostics
        r.status = .invalid
        return r
    }
}
