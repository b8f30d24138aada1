import Foundation

extension ErrorCode {
    /// Info (uncertain): the symbol is a payment link (Payconiq, iDEAL, Tikkie, eps …), not payment data of a
    /// published standard. Its fields come from the link's query; the payer's app opens the link itself.
    public static let paymentLink: ErrorCode = "payment_link"
}

/// What a link query parameter means; each link plug-in maps its parameter names to these.
package enum PaymentLinkField: Sendable, Hashable {
    /// Decimal text with `.` (`12.50`), at most two decimals.
    case amount
    /// Whole cents (`1250` → 12.50), as Payconiq writes it.
    case amountInCents
    case creditorName
    case iban
    case remittance
    case reference
    /// A parameter of the plug-in's own (a UK sort code): neither read here nor put into `extras`; the
    /// plug-in's ``PaymentLinkRules/national`` hook reads it.
    case national
}

/// One link plug-in's rules for ``PaymentLinkDecoder``: the format id, its country and currency, and what its
/// query parameters mean. The `extras` prefix is the format id's first part (`nl.` for `nl.payment-link`).
package struct PaymentLinkRules: Sendable {
    package var format: String
    package var country: String
    package var currency: String
    /// Lower-case parameter name → meaning; other parameters go to `extras["<cc>.query.<name>"]`.
    package var fields: [String: PaymentLinkField]
    /// Types a reference written in the link (RF, OGM, betalingskenmerk …); nil makes it `other`.
    package var classifyReference: @Sendable (String) -> Result<Reference, GiroError>?
    /// Runs after the common fields are read, with the link and its kind: reads the `.national` parameters
    /// (or the path) into the record, with the plug-in's own checks.
    package var national: NationalFields?

    package typealias NationalFields = @Sendable (inout PaymentLinkDecoder, PaymentLink, String) throws(GiroError) -> Void

    package init(format: String, country: String, currency: String = "EUR", fields: [String: PaymentLinkField],
                 classifyReference: @escaping @Sendable (String) -> Result<Reference, GiroError>? = { _ in nil },
                 national: NationalFields? = nil) {
        self.format = format
        self.country = country
        self.currency = currency
        self.fields = fields
        self.classifyReference = classifyReference
        self.national = national
        let prefix = String(format.prefix { $0 != "." })
        (urlKey, kindKey, queryKeyPrefix) = (prefix + ".url", prefix + ".linkKind", prefix + ".query.")
    }

    /// `extras` keys, built once per plug-in rather than per decode.
    package let urlKey: String, kindKey: String, queryKeyPrefix: String
}

/// The one way link plug-ins decode ("links, not errors"): a record with status `uncertain`, the info
/// `payment_link`, the link in `extras["<cc>.url"]`, its kind in `extras["<cc>.linkKind"]`, and the payment
/// fields its query carries.
package struct PaymentLinkDecoder: FieldDecoding {
    package let format: String
    package var diagnostics: [Diagnostic] = []
    package var record: PaymentRecord
    let rules: PaymentLinkRules

    /// `kind` names the link (`payconiq`, `tikkie` …) when it is the plug-in's own, nil otherwise
    /// (`header_invalid`).
    package static func decode(_ payload: Payload, rules: PaymentLinkRules,
                               kind: (PaymentLink) -> String?) throws(GiroError) -> PaymentRecord {
        try PayloadLimits.check(payload.bytes, format: rules.format)
        let record = PaymentRecord(format: rules.format, country: rules.country, formatVersion: nil,
                                   source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
        var d = PaymentLinkDecoder(format: rules.format, record: record, rules: rules)
        let range = d.trimmed(payload.bytes)
        let link = try PaymentLinkParser.parse(payload.bytes, range, format: rules.format)
        guard let name = kind(link) else {
            throw d.fail(.headerInvalid, field: "payload", offset: range.lowerBound, "not a \(rules.format) link")
        }
        try d.read(link)
        if let national = rules.national { try national(&d, link, name) }
        d.record.extras[rules.urlKey] = link.text
        d.record.extras[rules.kindKey] = name
        d.diagnostics.append(Diagnostic(.info, .paymentLink, field: "payload", uncertain: true,
                                        message: "a payment link: fields from its query, no published payment-data standard"))
        return d.finished()
    }

    /// The payload without a BOM and surrounding whitespace (both tolerated with a warning).
    mutating func trimmed(_ bytes: [UInt8]) -> Range<Int> {
        var lo = PayloadLimits.bomLength(bytes)
        if lo > 0 { warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark ignored") }
        var hi = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x00 }
        let start = lo
        while lo < hi, isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
        if lo != start || hi != bytes.count { warn(.whitespaceTrimmed, field: "payload", "whitespace around the link removed") }
        return lo..<hi
    }

    mutating func read(_ link: PaymentLink) throws(GiroError) {
        for (i, item) in link.query.enumerated() {
            // Links carry a handful of parameters: a scan beats hashing into a set.
            guard !link.query[..<i].contains(where: { $0.name == item.name }) else {
                warn(.duplicateKey, field: "payload", offset: item.offset, "parameter \(item.name) repeated; the first one is used")
                continue
            }
            guard let field = rules.fields[item.name] else {
                record.extras[rules.queryKeyPrefix + item.name] = item.value
                continue
            }
            guard !item.value.isEmpty else { continue }
            switch field {
            case .amount, .amountInCents: try amount(item, cents: field == .amountInCents)
            case .creditorName: setCreditor { $0.name = item.value }
            case .iban: try iban(item)
            case .remittance: record.remittanceInformation = item.value
            case .reference: reference(item)
            case .national: break
            }
        }
    }

    package mutating func setCreditor(_ change: (inout Party) -> Void) {
        var party = record.creditor ?? Party()
        change(&party)
        record.creditor = party
    }
}
