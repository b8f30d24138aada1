import Foundation
import GiroCore

/// One decoding run over a PAY by square payload: opens the envelope, then reads the TAB-separated document
/// field by field into ``record`` (the first payment; the others go to ``PaymentRecord/additionalPayments``),
/// raising everything through ``FieldDecoding``. Diagnostics live on the document: their paths name the
/// payment, and every payment's status is derived from all of them.
struct PayBySquareDecoder: FieldDecoding {
    let format: String
    let payload: Payload
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    var version = ""
    /// The 1.2.0 rules apply (version 1.2.0, or an unknown later one).
    var newestRules = false
    var fields = TabFields([])
    /// Index of the payment being read (0: ``record`` itself).
    var current = 0
    /// The document's invoice id, put on every payment.
    var invoiceID: String?

    /// Payments and bank accounts per document are bounded by the data size anyway; these stop absurd counts early.
    static let maxPayments = 64
    static let maxAccounts = 64

    init(format: String, payload: Payload) {
        self.format = format
        self.payload = payload
        record = PaymentRecord(format: format, country: "SK", formatVersion: nil,
                               source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8"))
    }

    /// The payment being read, in place: the record for the first, an additional payment after that.
    var payment: PaymentRecord {
        get {
            let k = current - 1
            return k >= 0 && k < record.additionalPayments.count ? record.additionalPayments[k] : record
        }
        _modify {
            let k = current - 1
            if k >= 0 && k < record.additionalPayments.count {
                yield &record.additionalPayments[k]
            } else {
                yield &record
            }
        }
    }

    /// Reads the payload into ``record``; the caller ends with ``finished()`` on the consumed decoder.
    mutating func decode() throws(GiroError) {
        let envelope = try BySquareEnvelope.open(payload.bytes, format: format)
        diagnostics = envelope.diagnostics
        guard UTF8Validation.isValid(envelope.text[...]) else {
            throw fail(.charsetInvalid, field: "payload", "the decompressed text is not valid UTF-8")
        }
        if envelope.bySquareType == 1 {
            let kind = envelope.documentType < PayBySquareTables.invoiceDocuments.count
                ? PayBySquareTables.invoiceDocuments[envelope.documentType] : "document type \(envelope.documentType)"
            throw fail(.notAPayment, field: "header.bySquareType", offset: 0,
                       "an INVOICE by square (\(kind)): an invoice descriptor without payment data, not a payment order")
        }
        guard envelope.documentType == 0 else {
            throw fail(.headerInvalid, field: "header.documentType", offset: 1,
                       "PAY by square document type must be 0 (payment), found \(envelope.documentType)")
        }
        if envelope.version < PayBySquareTables.versions.count {
            version = PayBySquareTables.versions[envelope.version]
        } else {
            version = String(envelope.version)
            warn(.versionUnknown, field: "header.version", offset: 0, uncertain: true,
                 "version nibble \(envelope.version) is not defined (0 1.0.0, 1 1.1.0, 2 1.2.0); read with the 1.2.0 rules")
        }
        newestRules = envelope.version >= PayBySquareTables.versions.count - 1
        record.formatVersion = version
        fields = TabFields(envelope.text)
        try document()
    }

    /// The document: invoice id, the payments, then the beneficiaries (v1.1.0+) and anything after them.
    mutating func document() throws(GiroError) {
        invoiceID = text("invoiceID", max: 10)
        let n = try count("paymentsCount", max: Self.maxPayments)
        let template = record
        for i in 0..<n {
            current = i
            if i > 0 {
                // A fresh payment: the document's format, version and source, no fields of the first.
                var next = PaymentRecord(format: format, country: "SK", formatVersion: template.formatVersion, source: template.source)
                next.extras = [:]
                record.additionalPayments.append(next)
            }
            try payment(i)
        }
        current = 0
        try beneficiaries(n)
        let rest = fields.rest
        if rest.contains(where: { !$0.isEmpty }) {
            warn(.unexpectedFields, field: "payload",
                 "\(rest.count) fields after the document's last one; kept in extras[\"\(PayBySquareExtrasKey.trailingFields)\"]")
            record.extras[PayBySquareExtrasKey.trailingFields] = rest.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\t")
        }
        diagnostics = DatedRuleJudge.judge(diagnostics, rules: PayBySquareDatedRules.all, on: payload.judgementDate)
        // Every payment shares the document's status (derived from all diagnostics).
        let status = RecordStatus.derived(from: diagnostics)
        for k in record.additionalPayments.indices { record.additionalPayments[k].status = status }
    }

    /// Payment `i`'s fields (order, amount, date, symbols, reference, note, accounts, extensions) into ``payment``.
    mutating func payment(_ i: Int) throws(GiroError) {
        let p = "payments[\(i)]"
        let (ob, ooff) = fields.next()
        guard !fields.ranOut else { throw fail(.structureInvalid, field: p, offset: nil, "the data ends before payment \(i + 1)") }
        guard ob.count == 1, let o = ob.first, o >= 49, o <= 55 else {
            throw fail(.fieldInvalid, field: p + ".paymentOptions", offset: ooff, "paymentOptions must be 1–7 (1 order, 2 standing order, 4 direct debit)")
        }
        let options = Int(o - 48)
        let value = try decimal(p + ".amount")
        let (cb, coff) = fields.next()
        let currency = string(cb)
        if let currency {
            guard cb.count == 3, cb.allSatisfy({ $0 >= 65 && $0 <= 90 }), Currency.isValid(currency) else {
                throw fail(.currencyInvalid, field: p + ".currency", offset: coff, "\(currency) is not an ISO 4217 code")
            }
        } else if value != nil {
            throw fail(.fieldMissing, field: p + ".currency", offset: coff, "an amount needs a currency")
        }
        if let value, let currency { payment.amount = Amount(value: value, currency: currency) }
        let dueDate = date(p + ".dueDate")
        payment.dueDate = dueDate
        var symbols = PaymentSymbols()
        symbols.variable = try digits(p + ".variableSymbol", max: 10)
        symbols.constant = try digits(p + ".constantSymbol", max: 4)
        symbols.specific = try digits(p + ".specificSymbol", max: 10)
        payment.symbols = symbols.nonEmpty
        if let ori = text(p + ".originatorsReference", max: 35) { payment.reference = Self.reference(ori) }
        let note = text(p + ".paymentNote", max: 140)
        payment.remittanceInformation = note
        let accounts = try count(p + ".bankAccountsCount", max: Self.maxAccounts)
        for k in 0..<accounts {
            let read = try account(p + ".bankAccounts[\(k)]")
            if k == 0 { payment.creditor = Party(account: read) } else { payment.alternativeAccounts.append(read) }
        }
        let truncatedAfterAccounts = fields.remaining == 0
        if try flag(p + ".standingOrderExt") {
            var so = StandingOrder(firstDate: dueDate)
            let (db, doff) = fields.next()
            if !db.isEmpty {
                guard db.count <= 2, db.allSatisfy({ $0 >= 48 && $0 <= 57 }), let d = Int(String(decoding: db, as: UTF8.self)), d >= 1, d <= 31 else {
                    throw fail(.fieldInvalid, field: p + ".standingOrder.day", offset: doff, "day must be 1–31")
                }
                so.day = d
            }
            let (mb, moff) = fields.next()
            if !mb.isEmpty {
                guard mb.count <= 4, mb.allSatisfy({ $0 >= 48 && $0 <= 57 }), let m = Int(String(decoding: mb, as: UTF8.self)), m <= 4095 else {
                    throw fail(.fieldInvalid, field: p + ".standingOrder.months", offset: moff, "month must be a sum of month flags (January 1 … December 2048)")
                }
                so.months = PayBySquareTables.months(m)
            }
            let (pb, poff) = fields.next()
            if !pb.isEmpty {
                guard pb.count == 1, let letter = pb.first, let name = PayBySquareTables.periodicity[letter] else {
                    throw fail(.fieldInvalid, field: p + ".standingOrder.periodicity", offset: poff, "periodicity must be one of d w b m B q s a")
                }
                so.frequency = name
                so.frequencyCode = String(decoding: pb, as: UTF8.self)
            }
            so.lastDate = date(p + ".standingOrder.lastDate")
            payment.standingOrder = so
        }
        if try flag(p + ".directDebitExt") {
            var dd = DirectDebit()
            let (sb, soff) = fields.next()
            switch Array(sb) {
            case []: break
            case [48]: dd.scheme = "other"
            case [49]: dd.scheme = "sepa"
            default: throw fail(.fieldInvalid, field: p + ".directDebit.scheme", offset: soff, "scheme must be 0 (other) or 1 (SEPA)")
            }
            let (tb, toff) = fields.next()
            switch Array(tb) {
            case []: break
            case [48]: dd.type = "one-off"
            case [49]: dd.type = "recurrent"
            default: throw fail(.fieldInvalid, field: p + ".directDebit.type", offset: toff, "type must be 0 (one-off) or 1 (recurrent)")
            }
            var ddSymbols = PaymentSymbols()
            ddSymbols.variable = try digits(p + ".directDebit.variableSymbol", max: 10)
            ddSymbols.specific = try digits(p + ".directDebit.specificSymbol", max: 10)
            dd.symbols = ddSymbols.nonEmpty
            dd.reference = text(p + ".directDebit.originatorsReference", max: 35)
            dd.mandateID = text(p + ".directDebit.mandateID", max: 35)
            dd.creditorID = text(p + ".directDebit.creditorID", max: 35)
            dd.contractID = text(p + ".directDebit.contractID", max: 35)
            if let max = try decimal(p + ".directDebit.maxAmount") { dd.maxAmount = Amount(value: max, currency: currency ?? "EUR") }
            dd.validTill = date(p + ".directDebit.validTill")
            payment.directDebit = dd
        }
        if truncatedAfterAccounts {
            warn(.fieldsMissing, field: p, "the data ends after the bank accounts; the extension flags read as 0")
        }
        if let invoiceID { payment.extras[PayBySquareExtrasKey.invoiceID] = invoiceID }
        payment.extras[PayBySquareExtrasKey.paymentOptions] = PayBySquareTables.options.filter { options & $0.bit != 0 }
            .map(\.name).joined(separator: ",")
    }

    /// Beneficiary name and address (v1.1.0+), one triple per payment, after all payments.
    mutating func beneficiaries(_ n: Int) throws(GiroError) {
        for i in 0..<n {
            current = i
            let p = "payments[\(i)]"
            let name = text(p + ".beneficiary.name", max: 70)
            let line1 = text(p + ".beneficiary.addressLine1", max: 70)
            let line2 = text(p + ".beneficiary.addressLine2", max: 70)
            payment.creditor?.name = name
            let lines = [line1, line2].compactMap { $0 }
            if !lines.isEmpty { payment.creditor?.address = Address(lines: lines) }
            if name == nil, newestRules {
                // Banks pay without it: kept, and judged by the date's rules. Documents of 1.0.0/1.1.0 follow their
                // own version, which has no such rule.
                diagnostics.append(PayBySquareDatedRules.beneficiaryNameMandatory.violation(field: p + ".beneficiary.name"))
            }
        }
        current = 0
    }

    /// The originator's reference: an ISO 11649 creditor reference when it is one, otherwise kept as is.
    static func reference(_ text: String) -> Reference {
        // Already compact upper-case ASCII (the usual case): skip the Foundation rewrite, which returns it unchanged.
        let isCompact = text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x80 && !($0 >= 97 && $0 <= 122) }
        let compact = isCompact ? text : text.replacingOccurrences(of: " ", with: "").uppercased()
        if compact.hasPrefix("RF"), CreditorReference.isValid(compact) {
            return Reference(type: .creditorReference, value: compact, valid: true)
        }
        return Reference(type: .other, value: text, valid: nil)
    }
}
