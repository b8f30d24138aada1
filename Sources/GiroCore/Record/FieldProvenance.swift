import Foundation

/// Which reader gave a record field (`provenance[].source`).
public enum ProvenanceSource: String, Sendable, Codable, Hashable, CaseIterable {
    /// A payment barcode found in an image or on a PDF page.
    case barcode
    /// Print read by Giro itself: its own OCR of an image, or a PDF's text layer.
    case print
    /// Print read from words the caller's OCR gave (Giro's words JSON, hOCR, ALTO, Tesseract TSV).
    case callerOCR = "caller-ocr"
    /// An e-invoice (XML, or XML attached to a PDF).
    case xml
    /// A payload handed in as text or bytes.
    case payload
}

/// Where one record field came from and how far it can be trusted (`PaymentRecord.provenance`).
///
/// `confidence` is calibrated, not a raw OCR score: among fields at 0.9 or more, at least 99 % are exact on the
/// project's measured data (`docs/record.md`, Provenance). A bank routes fields below its own threshold to a person.
public struct FieldProvenance: Sendable, Codable, Hashable {
    /// Dotted record path: `creditor.account.iban`, `amount`, `reference`, `creditor.name`, `extras.hr.x` …
    public var field: String
    public var source: ProvenanceSource
    /// 0…1, in hundredths.
    public var confidence: Double
    /// Where the field was seen: `[x, y, w, h]` image pixels, top-left origin; nil when not on an image.
    public var box: [Int]?
    /// 1-based page (an image is page 1); nil when not on an image or page.
    public var page: Int?

    public init(field: String, source: ProvenanceSource, confidence: Double, box: [Int]? = nil, page: Int? = nil) {
        self.field = field
        self.source = source
        self.confidence = Self.clamped(confidence)
        self.box = box
        self.page = page
    }

    /// 0…1 in hundredths (NaN → 0), so the JSON is short and the same on every platform.
    package static func clamped(_ c: Double) -> Double {
        guard c.isFinite else { return 0 }
        return (min(max(c, 0), 1) * 100).rounded() / 100
    }

    enum CodingKeys: String, CodingKey { case field, source, confidence, box, page }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(field: try c.decode(String.self, forKey: .field), source: try c.decode(ProvenanceSource.self, forKey: .source),
                  confidence: try c.decode(Double.self, forKey: .confidence),
                  box: try c.decodeIfPresent([Int].self, forKey: .box), page: try c.decodeIfPresent(Int.self, forKey: .page))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(box, forKey: .box)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(field, forKey: .field)
        try c.encode(page, forKey: .page)
        try c.encode(source, forKey: .source)
    }
}

extension FieldProvenance: JSONWritable {
    package func writeJSON(to w: inout JSONWriter) {
        w.object { o in
            o.key("box") { w in if let box { w.array(box) { $0.int($1) } } else { w.null() } }
            o.key("confidence") { $0.hundredths(confidence) }
            o.key("field") { $0.string(field) }
            o.key("page") { $0.int(page) }
            o.key("source") { $0.string(source.rawValue) }
        }
    }
}

extension PaymentRecord {
    /// Every payment field this record fills, as provenance paths, in a fixed order.
    package var filledFieldPaths: [String] {
        var out: [String] = []
        func party(_ p: Party?, _ name: String) {
            guard let p else { return }
            if p.name != nil { out.append("\(name).name") }
            if let a = p.address, a != Address() { out.append("\(name).address") }
            if let a = p.account {
                if a.iban != nil { out.append("\(name).account.iban") }
                if a.number != nil { out.append("\(name).account.number") }
                if a.bankCode != nil { out.append("\(name).account.bankCode") }
                if a.bic != nil { out.append("\(name).account.bic") }
            }
        }
        party(creditor, "creditor")
        party(ultimateCreditor, "ultimateCreditor")
        party(debtor, "debtor")
        if amount != nil { out.append("amount") }
        if reference != nil { out.append("reference") }
        if remittanceInformation != nil { out.append("remittanceInformation") }
        if purpose != nil { out.append("purpose") }
        if dueDate != nil { out.append("dueDate") }
        if let s = symbols {
            if s.variable != nil { out.append("symbols.variable") }
            if s.constant != nil { out.append("symbols.constant") }
            if s.specific != nil { out.append("symbols.specific") }
        }
        if !alternativeAccounts.isEmpty { out.append("alternativeAccounts") }
        if billInformation != nil { out.append("billInformation") }
        if standingOrder != nil { out.append("standingOrder") }
        if directDebit != nil { out.append("directDebit") }
        if invoice != nil { out.append("invoice") }
        return out
    }

    /// Whether an `uncertain` diagnostic names this field (or a part or parent of it).
    package func isFlagged(_ path: String) -> Bool {
        diagnostics.contains { d in
            d.uncertain && (d.field == path || d.field.hasPrefix(path + ".") || path.hasPrefix(d.field + "."))
        }
    }

    /// One entry per filled field, all from one machine-readable source (a barcode, an e-invoice): `confidence`
    /// for a field no uncertain diagnostic names, `flagged` for one it does.
    package func uniformProvenance(_ source: ProvenanceSource, confidence: Double, flagged: Double = 0.5,
                                   box: [Int]? = nil, page: Int? = nil) -> [FieldProvenance] {
        filledFieldPaths.map { path in
            FieldProvenance(field: path, source: source, confidence: isFlagged(path) ? min(flagged, confidence) : confidence,
                            box: box, page: page)
        }
    }
}

extension PaymentRecord {
    /// The same record with its provenance relabelled: `source` (a PDF's text layer is Giro's own reading of the
    /// print, not a caller's OCR) and `page` on every entry seen on a page.
    package func relabelled(source: ProvenanceSource? = nil, page: Int? = nil) -> PaymentRecord {
        guard !provenance.isEmpty, source != nil || page != nil else { return self }
        var r = self
        r.provenance = provenance.map { p in
            var p = p
            if let source { p.source = source }
            if let page, p.page != nil || p.box != nil { p.page = page }
            return p
        }
        return r
    }
}
