import Foundation
import GiroCore

/// Puts the sources' records together: one payment per group of records that describe the same payment, per
/// field the sources that agree, and every disagreement as `document_source_mismatch` (`docs/decoding-policy.md`,
/// Documents).
public enum DocumentMerger {
    /// The fields compared across sources, in this order.
    public static let comparedFields = ["creditor.account.iban", "amount.value", "amount.currency", "reference", "creditor.name"]
    /// Records merged per document at most; the rest stay in `sourceRecords` unmerged (a message says so).
    public static let maxRecords = 256

    public struct Merged: Sendable {
        public var payments: [DocumentPayment]
        public var mismatches: [DocumentMismatch]
        public var messages: [Diagnostic]
    }

    /// `records` in any order; indexes in the answer refer to this list.
    public static func merge(_ records: [SourcedRecord]) -> Merged {
        var messages: [Diagnostic] = []
        var order = Array(records.indices)
        if order.count > maxRecords {
            messages.append(.warning(.documentRecordLimit, field: "document",
                                     "\(order.count) records; only the first \(maxRecords) were compared"))
            order = Array(order.prefix(maxRecords))
        }
        // Stable by precedence: the first record of a group is the one whose values the payment keeps.
        order.sort { (records[$0].source.rank, $0) < (records[$1].source.rank, $1) }
        var groups = group(order, records)
        // One record per source at most: the document is one bill, its sources describe the same payment.
        if groups.count > 1, Set(order.map { records[$0].source }).count == order.count {
            groups = [groups.flatMap { $0 }.sorted { (records[$0].source.rank, $0) < (records[$1].source.rank, $1) }]
        }
        var payments: [DocumentPayment] = [], mismatches: [DocumentMismatch] = []
        for members in groups {
            let (payment, differ) = merged(members, records, index: payments.count)
            payments.append(payment)
            mismatches += differ
        }
        return Merged(payments: payments, mismatches: mismatches, messages: messages)
    }

    // MARK: - Grouping

    /// Each record joins the first group it shares the payment with, else starts one. A group holds one record per
    /// source, except exact repeats (the receipt and the payment part of one bill print the same data).
    static func group(_ order: [Int], _ records: [SourcedRecord]) -> [[Int]] {
        var groups: [[Int]] = []
        for i in order {
            let r = records[i]
            let target = groups.firstIndex { members in
                let same = members.filter { records[$0].source == r.source }
                if !same.isEmpty { return same.contains { FieldValues(records[$0].record).key == FieldValues(r.record).key } }
                return members.contains { samePayment(records[$0].record, r.record) }
            }
            if let g = target { groups[g].append(i) } else { groups.append([i]) }
        }
        return groups
    }

    /// Same IBAN, or same reference, or same amount with a payee name that agrees (or none on one side).
    static func samePayment(_ a: PaymentRecord, _ b: PaymentRecord) -> Bool {
        let x = FieldValues(a), y = FieldValues(b)
        if let p = x.iban, p == y.iban { return true }
        if let p = x.reference, p == y.reference { return true }
        guard let p = x.amount, p == y.amount else { return false }
        guard let n = a.creditor?.name, let m = b.creditor?.name else { return true }
        return PayeeNameMatching.agree(n, m)
    }

    // MARK: - One payment

    static func merged(_ members: [Int], _ records: [SourcedRecord], index: Int) -> (DocumentPayment, [DocumentMismatch]) {
        let first = records[members[0]]
        var record = first.record
        // Fields the first record lacks come from the next source that has them.
        for i in members.dropFirst() { fill(&record, from: records[i].record) }
        let kept = FieldValues(record)
        var sources: [String: [DocumentSourceKind]] = [:]
        var mismatches: [DocumentMismatch] = []
        var seen = Set<[String]>()
        func note(_ field: String, _ source: DocumentSourceKind) {
            if !(sources[field] ?? []).contains(source) { sources[field, default: []].append(source) }
        }
        for i in members {
            let r = records[i], values = FieldValues(r.record)
            for field in comparedFields {
                guard let mine = values.text(field), let theirs = kept.text(field) else { continue }
                if values.agrees(with: kept, on: field) {
                    note(field, r.source)
                } else if seen.insert([field, r.source.rawValue, mine]).inserted {
                    let keeper = records[members.first { FieldValues(records[$0].record).agrees(with: kept, on: field) } ?? members[0]]
                    mismatches.append(DocumentMismatch(payment: index, field: field, values: [
                        DocumentFieldValue(source: keeper.source, page: keeper.page, value: theirs),
                        DocumentFieldValue(source: r.source, page: r.page, value: mine)]))
                }
            }
            // A barcode already compared with its slip on an image: its print's verdicts count as the print's.
            for c in r.record.source.crossCheck?.fields ?? [] where r.record.source.crossCheck?.winner == "barcode" {
                for field in crossCheckFields(c.field) {
                    if c.match {
                        note(field, .print)
                    } else if seen.insert([field, "print", c.print]).inserted {
                        mismatches.append(DocumentMismatch(payment: index, field: field, values: [
                            DocumentFieldValue(source: r.source, page: r.page, value: c.barcode),
                            DocumentFieldValue(source: .print, page: r.page, value: c.print)]))
                    }
                }
            }
        }
        for m in mismatches {
            let v = m.values
            record.diagnostics.append(.warning(.documentSourceMismatch, field: m.field, uncertain: true,
                "the \(v[0].source) says \(v[0].value), the \(v[1].source) says \(v[1].value)"))
        }
        if !mismatches.isEmpty { record.status = .uncertain }
        for key in sources.keys { sources[key]?.sort { $0.rank < $1.rank } }
        record.provenance = DocumentProvenance.merged(record, members: members, records, sources: sources, mismatches: mismatches)
        return (DocumentPayment(record: record, sources: sources, inputs: members.sorted()), mismatches)
    }

    /// The slip cross-check compares the amount with its currency as one field.
    static func crossCheckFields(_ field: String) -> [String] {
        field == "amount" ? ["amount.value"] : [field]
    }

    /// Copies the compared fields `record` lacks from `other`.
    static func fill(_ record: inout PaymentRecord, from other: PaymentRecord) {
        var creditor = record.creditor ?? Party()
        if creditor.name == nil { creditor.name = other.creditor?.name }
        if creditor.account?.iban == nil, let iban = other.creditor?.account?.iban {
            var account = creditor.account ?? Account()
            account.iban = iban
            creditor.account = account
        }
        if creditor != (record.creditor ?? Party()) { record.creditor = creditor }
        if record.amount == nil, let a = other.amount { record.amount = a }
        if record.reference == nil, let r = other.reference { record.reference = r }
    }
}

/// The compared fields of one record, as compared.
struct FieldValues {
    let record: PaymentRecord
    let iban: String?
    let amount: String?
    let reference: String?

    init(_ record: PaymentRecord) {
        self.record = record
        iban = (record.creditor?.account?.iban).map(Self.compact).flatMap { $0.isEmpty ? nil : $0 }
        amount = record.amount.map { "\($0.value) \($0.currency.uppercased())" }
        reference = record.reference.map { Self.compact(($0.model ?? "") + $0.value) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Repeats of one payment within a source have the same key.
    var key: [String?] { [iban, amount, reference] }

    /// The value as shown in a mismatch.
    func text(_ field: String) -> String? {
        switch field {
        case "creditor.account.iban": record.creditor?.account?.iban
        case "amount.value": record.amount?.formattedValue
        case "amount.currency": record.amount?.currency
        case "reference": record.reference.map { r in r.model.map { "\($0) \(r.value)" } ?? r.value }
        case "creditor.name": record.creditor?.name
        default: nil
        }
    }

    func agrees(with other: FieldValues, on field: String) -> Bool {
        switch field {
        case "creditor.account.iban": iban == other.iban
        case "amount.value": record.amount?.value == other.record.amount?.value
        case "amount.currency": record.amount?.currency.uppercased() == other.record.amount?.currency.uppercased()
        case "reference": reference == other.reference
        case "creditor.name": PayeeNameMatching.agree(record.creditor?.name ?? "", other.record.creditor?.name ?? "")
        default: true
        }
    }

    /// Letters and digits, upper case: spacing and dashes are layout.
    static func compact(_ s: String) -> String {
        String(String.UnicodeScalarView(s.prefix(200).uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    }
}
