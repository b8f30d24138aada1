import Foundation
import GiroCore

/// Reads the TAB-separated PAY by square document into records: the first payment is the record,
/// the others go to ``PaymentRecord/additionalPayments``.
struct PayBySquareDecoder {
    let format: String
    let version: String
    var fields: TabFields
    var diagnostics: [Diagnostic]
    var uncertain = false
    /// Each payment's record, filled in field order.
    var payments: [PaymentRecord] = []

    /// Payments and bank accounts per document are bounded by the data size anyway; these stop absurd counts early.
    static let maxPayments = 64
    static let maxAccounts = 64

    func fail(_ code: ErrorCode, _ field: String, _ offset: Int?, _ message: String) -> GiroError {
        GiroError(code, field: field, offset: offset, format: format, diagnostics: diagnostics, message)
    }

    mutating func warn(_ code: ErrorCode, _ field: String, _ offset: Int?, _ message: String) {
        diagnostics.append(.warning(code, field: field, offset: offset, message))
    }

    func string(_ b: ArraySlice<UInt8>) -> String? { b.isEmpty ? nil : String(decoding: b, as: UTF8.self) }

    // The readers below take field paths as autoclosures: a path like `payments[0].bankAccounts[1].iban`
    // is built only when a diagnostic needs it (eager paths were ~10% of a decode).

    /// Free text: over `max` characters is kept whole with a warning.
    mutating func text(_ field: @autoclosure () -> String, max: Int) -> String? {
        let (b, off) = fields.next()
        guard let s = string(b) else { return nil }
        if s.count > max { warn(.fieldTooLong, field(), off, "\(s.count) characters; at most \(max) (kept whole)") }
        return s
    }

    mutating func count(_ field: @autoclosure () -> String, max: Int) throws(GiroError) -> Int {
        let (b, off) = fields.next()
        guard !fields.ranOut else { throw fail(.structureInvalid, field(), nil, "the data ends before \(field())") }
        guard !b.isEmpty, b.count <= 3, b.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(String(decoding: b, as: UTF8.self)),
              n >= 1 else {
            throw fail(.fieldInvalid, field(), off, "\(field()) must be a number ≥ 1")
        }
        guard n <= max else { throw fail(.fieldInvalid, field(), off, "\(n) is more than the \(max) Giro accepts") }
        return n
    }

    mutating func digits(_ field: @autoclosure () -> String, max: Int) throws(GiroError) -> String? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        guard b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw fail(.fieldInvalid, field(), off, "\(field()) must be digits") }
        guard b.count <= max else { throw fail(.fieldTooLong, field(), off, "\(b.count) digits; at most \(max)") }
        return String(decoding: b, as: UTF8.self)
    }

    /// `YYYYMMDD`; an impossible date is a warning (the spec validates softly) and reads as absent.
    mutating func date(_ field: @autoclosure () -> String) -> String? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        guard let iso = CompactDate.iso(b) else {
            uncertain = true
            warn(.dateInvalid, field(), off, "'\(String(decoding: b, as: UTF8.self))' is not a real date YYYYMMDD; ignored")
            return nil
        }
        return iso
    }

    mutating func decimal(_ field: @autoclosure () -> String) throws(GiroError) -> Decimal? {
        let (b, off) = fields.next()
        guard !b.isEmpty else { return nil }
        let dot = b.firstIndex(of: 0x2E)
        let fraction = dot.map { b.endIndex - $0 - 1 } ?? 0
        guard b.count <= 15, fraction <= 2, let v = DecimalText.parseUnsigned(b) else {
            throw fail(.amountInvalid, field(), off, "\(field()) must be a decimal with '.' and at most 2 decimals (15 characters)")
        }
        return v
    }

    /// `''`/`0` = no, `1` = yes (an empty flag is what the official generator writes).
    mutating func flag(_ field: @autoclosure () -> String) throws(GiroError) -> Bool {
        let (b, off) = fields.next()
        switch (b.count, b.first) {
        case (0, _), (1, 48?): return false
        case (1, 49?): return true
        default: throw fail(.fieldInvalid, field(), off, "\(field()) must be 0 or 1")
        }
    }

    mutating func account(_ path: @autoclosure () -> String) throws(GiroError) -> Account {
        let (ib, off) = fields.next()
        guard !ib.isEmpty else { throw fail(.fieldMissing, path() + ".iban", off, "IBAN is missing") }
        var account: Account
        do {
            let (iban, compaction) = try IBAN.validate(ib, field: path() + ".iban")
            account = Account(iban: iban.compact)
            if !compaction.isUnchanged { warn(.ibanSpaces, path() + ".iban", off, "IBAN written with spaces, separators or lower case") }
        } catch {
            // PAY by square validates the IBAN softly: keep it as written and flag the record.
            uncertain = true
            warn(error.code, path() + ".iban", off, error.message)
            account = Account(iban: String(decoding: ib, as: UTF8.self))
        }
        let (bb, boff) = fields.next()
        if !bb.isEmpty {
            do {
                let bic = try BIC.validate(bb, field: path() + ".bic")
                account.bic = bic
                // Some banks (ČSOB, mBank) refuse codes whose BIC does not belong to the IBAN's country.
                if let iban = account.iban, iban.utf8.count >= 2, !bic.utf8.dropFirst(4).prefix(2).elementsEqual(iban.utf8.prefix(2)) {
                    uncertain = true
                    warn(.bicCountryMismatch, path() + ".bic", boff, "BIC country \(bic.dropFirst(4).prefix(2)) does not match the IBAN's \(iban.prefix(2))")
                }
            } catch {
                uncertain = true
                warn(error.code, path() + ".bic", boff, error.message)
                account.bic = String(decoding: bb, as: UTF8.self)
            }
        }
        if let iban = account.iban, iban.hasPrefix("SK") || iban.hasPrefix("CZ"), let domestic = CzechAccountNumber(iban: iban) {
            account.number = domestic.formatted
            account.bankCode = domestic.bankCode
        }
        return account
    }

    mutating func decode(base: PaymentRecord) throws(GiroError) -> PaymentRecord {
        let invoiceID = text("invoiceID", max: 10)
        let n = try count("paymentsCount", max: Self.maxPayments)
        for i in 0..<n {
            var r = base
            let p = "payments[\(i)]"
            let (ob, ooff) = fields.next()
            guard !fields.ranOut else { throw fail(.structureInvalid, p, nil, "the data ends before payment \(i + 1)") }
            guard ob.count == 1, let o = ob.first, o >= 49, o <= 55 else {
                throw fail(.fieldInvalid, p + ".paymentOptions", ooff, "paymentOptions must be 1–7 (1 order, 2 standing order, 4 direct debit)")
            }
            let options = Int(o - 48)
            let value = try decimal(p + ".amount")
            let (cb, coff) = fields.next()
            let currency = string(cb)
            if let currency {
                guard cb.count == 3, cb.allSatisfy({ $0 >= 65 && $0 <= 90 }), Currency.isValid(currency) else {
                    throw fail(.currencyInvalid, p + ".currency", coff, "\(currency) is not an ISO 4217 code")
                }
            } else if value != nil {
                throw fail(.fieldMissing, p + ".currency", coff, "an amount needs a currency")
            }
            if let value, let currency { r.amount = Amount(value: value, currency: currency) }
            r.dueDate = date(p + ".dueDate")
            var symbols = PaymentSymbols()
            symbols.variable = try digits(p + ".variableSymbol", max: 10)
            symbols.constant = try digits(p + ".constantSymbol", max: 4)
            symbols.specific = try digits(p + ".specificSymbol", max: 10)
            r.symbols = symbols.nonEmpty
            if let ori = text(p + ".originatorsReference", max: 35) { r.reference = Self.reference(ori) }
            r.remittanceInformation = text(p + ".paymentNote", max: 140)
            let accounts = try count(p + ".bankAccountsCount", max: Self.maxAccounts)
            var list: [Account] = []
            for k in 0..<accounts { list.append(try account(p + ".bankAccounts[\(k)]")) }
            let truncatedAfterAccounts = fields.remaining == 0
            r.creditor = Party(account: list.first)
            r.alternativeAccounts = Array(list.dropFirst())
            if try flag(p + ".standingOrderExt") {
                var so = StandingOrder(firstDate: r.dueDate)
                let (db, doff) = fields.next()
                if !db.isEmpty {
                    guard db.count <= 2, db.allSatisfy({ $0 >= 48 && $0 <= 57 }), let d = Int(String(decoding: db, as: UTF8.self)), d >= 1, d <= 31 else {
                        throw fail(.fieldInvalid, p + ".standingOrder.day", doff, "day must be 1–31")
                    }
                    so.day = d
                }
                let (mb, moff) = fields.next()
                if !mb.isEmpty {
                    guard mb.count <= 4, mb.allSatisfy({ $0 >= 48 && $0 <= 57 }), let m = Int(String(decoding: mb, as: UTF8.self)), m <= 4095 else {
                        throw fail(.fieldInvalid, p + ".standingOrder.months", moff, "month must be a sum of month flags (January 1 … December 2048)")
                    }
                    so.months = PayBySquareTables.months(m)
                }
                let (pb, poff) = fields.next()
                if !pb.isEmpty {
                    guard pb.count == 1, let letter = pb.first, let name = PayBySquareTables.periodicity[letter] else {
                        throw fail(.fieldInvalid, p + ".standingOrder.periodicity", poff, "periodicity must be one of d w b m B q s a")
                    }
                    so.frequency = name
                    so.frequencyCode = String(decoding: pb, as: UTF8.self)
                }
                so.lastDate = date(p + ".standingOrder.lastDate")
                r.standingOrder = so
            }
            if try flag(p + ".directDebitExt") {
                var dd = DirectDebit()
                let (sb, soff) = fields.next()
                switch Array(sb) {
                case []: break
                case [48]: dd.scheme = "other"
                case [49]: dd.scheme = "sepa"
                default: throw fail(.fieldInvalid, p + ".directDebit.scheme", soff, "scheme must be 0 (other) or 1 (SEPA)")
                }
                let (tb, toff) = fields.next()
                switch Array(tb) {
                case []: break
                case [48]: dd.type = "one-off"
                case [49]: dd.type = "recurrent"
                default: throw fail(.fieldInvalid, p + ".directDebit.type", toff, "type must be 0 (one-off) or 1 (recurrent)")
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
                r.directDebit = dd
            }
            if truncatedAfterAccounts {
                warn(.fieldsMissing, p, nil, "the data ends after the bank accounts; the extension flags read as 0")
            }
            var extras: [String: String] = [:]
            if let invoiceID { extras["invoiceID"] = invoiceID }
            extras["paymentOptions"] = PayBySquareTables.options.filter { options & $0.bit != 0 }.map(\.name).joined(separator: ",")
            r.extras = extras
            payments.append(r)
        }
        // Beneficiary name and address (v1.1.0+), one triple per payment, appended after all payments.
        for i in 0..<n {
            let p = "payments[\(i)]"
            let name = text(p + ".beneficiary.name", max: 70)
            let line1 = text(p + ".beneficiary.addressLine1", max: 70)
            let line2 = text(p + ".beneficiary.addressLine2", max: 70)
            payments[i].creditor?.name = name
            let lines = [line1, line2].compactMap { $0 }
            if !lines.isEmpty { payments[i].creditor?.address = Address(lines: lines) }
            if name == nil, version == "1.2.0" {
                uncertain = true
                warn(.fieldMissing, p + ".beneficiary.name", nil, "PAY by square 1.2.0 makes the beneficiary name mandatory")
            }
        }
        let rest = fields.rest
        if rest.contains(where: { !$0.isEmpty }) {
            warn(.unexpectedFields, "payload", nil, "\(rest.count) fields after the document's last one; kept in extras[\"trailingFields\"]")
            payments[0].extras["trailingFields"] = rest.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\t")
        }
        // Diagnostics live on the document (their field paths name the payment); every payment shares its status.
        let status: RecordStatus = uncertain ? .uncertain : .valid
        var record = payments[0]
        record.additionalPayments = payments.dropFirst().map { p in
            var p = p
            p.status = status
            return p
        }
        record.status = status
        record.diagnostics = diagnostics
        return record
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
