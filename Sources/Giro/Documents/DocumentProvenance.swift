import Foundation
import GiroCore

/// The merged payment's provenance: per field, the entry of the source whose value the payment kept; a second
/// source agreeing raises its confidence, a source saying otherwise lowers it.
enum DocumentProvenance {
    /// The confidence of a field some source contradicts (a person must look).
    static let contradicted = 0.3
    /// The most agreement can give to what read by OCR (two readings of one print are not independent proof).
    static let agreedCeiling = 0.99

    /// A record's own provenance, or (a record without it, e.g. one a custom source built) one entry per field
    /// at its source's usual trust.
    static func entries(_ s: SourcedRecord) -> [FieldProvenance] {
        let own = s.record.provenance
        if !own.isEmpty { return own }
        let source: ProvenanceSource = s.source == .xml ? .xml : s.source == .barcode ? .barcode : s.source == .print ? .print : .payload
        return s.record.uniformProvenance(source, confidence: source == .print ? 0.8 : 0.99, page: s.page)
    }

    /// `sources` and `mismatches` as the merger found them (fields `amount.value`, `amount.currency` → `amount`).
    static func merged(_ record: PaymentRecord, members: [Int], _ records: [SourcedRecord],
                       sources: [String: [DocumentSourceKind]], mismatches: [DocumentMismatch]) -> [FieldProvenance] {
        let perMember = members.map { (records[$0], entries(records[$0])) }
        var out: [FieldProvenance] = []
        for path in record.filledFieldPaths {
            // The first member (by precedence) that read this field gave the kept value.
            guard var p = perMember.lazy.compactMap({ m in m.1.first { $0.field == path } }).first else { continue }
            let compared = path == "amount" ? ["amount.value", "amount.currency"] : [path]
            if mismatches.contains(where: { compared.contains($0.field) }) {
                p.confidence = min(p.confidence, contradicted)
            } else if let agreeing = compared.compactMap({ sources[$0] }).min(by: { $0.count < $1.count }), agreeing.count >= 2 {
                // Independent sources agreeing: the chance both are wrong the same way is the product of their doubts.
                var doubt = 1.0
                for (s, entries) in perMember where agreeing.contains(s.source) {
                    if let e = entries.first(where: { $0.field == path }) { doubt *= 1 - e.confidence }
                }
                let ceiling = p.source == .xml || p.source == .payload ? 1.0 : agreedCeiling
                p.confidence = FieldProvenance.clamped(max(p.confidence, min(ceiling, 1 - doubt)))
            }
            out.append(p)
        }
        return out
    }
}
