import Foundation
import GiroCore

/// The verdict on a whole document (schema version 1): one merged record per payment, where each field came
/// from, every disagreement between sources, and the records as each source read them.
public struct DocumentResult: Sendable, Codable, Hashable {
    public static let schemaVersion = 1
    public var schema: Int = DocumentResult.schemaVersion
    public var kind: DocumentKind
    public var status: DocumentStatus
    /// PDF pages (nil for an image or XML).
    public var pageCount: Int?
    public var payments: [DocumentPayment]
    /// Every `document_source_mismatch`, with both values and both sources.
    public var mismatches: [DocumentMismatch]
    /// The sources' records before merging, in source order; `DocumentPayment.inputs` index into this list.
    public var sourceRecords: [SourcedRecord]
    /// What a source could not read (a barcode that did not decode, print not read), informational.
    public var messages: [Diagnostic]

    public init(kind: DocumentKind, status: DocumentStatus, pageCount: Int? = nil, payments: [DocumentPayment],
                mismatches: [DocumentMismatch], sourceRecords: [SourcedRecord], messages: [Diagnostic]) {
        self.kind = kind
        self.status = status
        self.pageCount = pageCount
        self.payments = payments
        self.mismatches = mismatches
        self.sourceRecords = sourceRecords
        self.messages = messages
    }
}

public enum DocumentStatus: String, Sendable, Codable, Hashable {
    /// Every payment is `valid` and its sources agree.
    case valid
    /// A payment is `uncertain`, or two sources disagree on a compared field (`document_source_mismatch`).
    case uncertain
    /// No source found a payment.
    case noPayment = "no_payment"
}

/// One payment of the document: the merged record and, per compared field, the sources that carry its value.
public struct DocumentPayment: Sendable, Codable, Hashable {
    /// The highest-precedence source's record (``DocumentSourceKind/precedence``), completed with the fields
    /// only other sources had; a disagreement adds a `document_source_mismatch` diagnostic (uncertain).
    public var record: PaymentRecord
    /// Record field path (`creditor.account.iban`, `amount.value`, `amount.currency`, `reference`,
    /// `creditor.name`) → the sources whose value agrees with the record's, in precedence order.
    public var sources: [String: [DocumentSourceKind]]
    /// Indexes into ``DocumentResult/sourceRecords`` of the records merged here.
    public var inputs: [Int]

    public init(record: PaymentRecord, sources: [String: [DocumentSourceKind]], inputs: [Int]) {
        self.record = record
        self.sources = sources
        self.inputs = inputs
    }
}

/// Two sources disagree on a field of one payment.
public struct DocumentMismatch: Sendable, Codable, Hashable {
    /// Index into ``DocumentResult/payments``.
    public var payment: Int
    public var field: String
    /// The value the record keeps first, then the differing one.
    public var values: [DocumentFieldValue]

    public init(payment: Int, field: String, values: [DocumentFieldValue]) {
        self.payment = payment
        self.field = field
        self.values = values
    }
}

/// A field's value as one source read it.
public struct DocumentFieldValue: Sendable, Codable, Hashable {
    public var source: DocumentSourceKind
    public var page: Int?
    public var value: String

    public init(source: DocumentSourceKind, page: Int? = nil, value: String) {
        self.source = source
        self.page = page
        self.value = value
    }
}
