import Foundation
import GiroCore

/// Decodes a SID ("Short Invoice Descriptor", QR Faktura) into ``record``'s invoice, as its attributes are read;
/// standalone (then ``decodeRecord(_:)`` copies the payable data to the common fields) or from SPAYD `X-INV`
/// (then ``record`` is the SPAYD record read so far).
struct SIDDecoder: DescriptorDecoding {
    let format: String
    let path: String
    /// Offset of the descriptor in the caller's bytes (after a BOM, or of SPAYD's `X-INV` value).
    var baseOffset: Int
    var diagnostics: [Diagnostic] = []
    var record: PaymentRecord
    var latin1 = false

    /// SID 1.0 is the only version defined.
    static let knownMinor = 0

    init(format: String, path: String = "", baseOffset: Int = 0, record: PaymentRecord) {
        self.format = format
        self.path = path
        self.baseOffset = baseOffset
        self.record = record
    }

    /// A standalone SID's decoder.
    init(format: String, payload: Payload) {
        self.init(format: format, record: PaymentRecord(
            format: format, country: "CZ", formatVersion: nil,
            source: SourceInfo(kind: payload.kind, symbology: payload.symbology?.rawValue, charset: "UTF-8")))
    }

    /// Standalone SID: the invoice, with its account, total, due date and variable symbol as the payment. The
    /// caller ends with ``finished()`` on the consumed decoder.
    mutating func decodeStandalone(_ payload: [UInt8]) throws(GiroError) {
        var bytes = payload
        baseOffset = PayloadLimits.bomLength(bytes)
        if baseOffset > 0 {
            bytes.removeFirst(baseOffset)
            warn(.byteOrderMark, field: "payload", offset: 0, "UTF-8 byte-order mark before the header")
        }
        // Scanners and copy-paste often add a line break; a value never contains one.
        var trailing = 0
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast(); trailing += 1 }
        if trailing > 0 { warn(.trailingNewline, field: "payload", offset: bytes.count, "line break after the descriptor removed") }
        let invoice = try invoice(bytes)
        record.invoice = invoice
        record.formatVersion = String(decoding: bytes.dropFirst(4).prefix { $0 != 0x2A }, as: UTF8.self)
        if latin1 { record.source.charset = "ISO-8859-1" }
        if let account = invoice.account { record.creditor = Party(account: account) }
        if let total = invoice.totalAmount { record.amount = Amount(value: total, currency: invoice.currency ?? "CZK") }
        record.dueDate = invoice.dueDate
        record.symbols = PaymentSymbols(variable: invoice.variableSymbol).nonEmpty
    }

    /// SID keys with their maximum length; `X-` keys beyond these go to `unknownTags`.
    enum Key: Int, CaseIterable {
        case id, dd, am, tp, td, sa, vs, vii, ini, vir, inr, duzp, dppd, dt, tb0, t0, tb1, t1, tb2, t2, ntb, cc, fx, fxa, acc, xSW, xURL

        static let table: [(name: String, max: Int)] = [
            ("ID", 40), ("DD", 8), ("AM", 19), ("TP", 1), ("TD", 1), ("SA", 1), ("VS", 10), ("VII", 14), ("INI", 8), ("VIR", 14),
            ("INR", 8), ("DUZP", 8), ("DPPD", 8), ("DT", 8), ("TB0", 19), ("T0", 19), ("TB1", 19), ("T1", 19), ("TB2", 19),
            ("T2", 19), ("NTB", 19), ("CC", 3), ("FX", 19), ("FXA", 5), ("ACC", 46), ("X-SW", 30), ("X-URL", 70),
        ]
        static let names = KeyIndex(table.map(\.name))
        /// A `seen` table with every key absent, copied per decode (cheaper than building it each time).
        static let noneSeen = [Int](repeating: -1, count: table.count)

        init?(_ attribute: ShortDescriptor.Attribute) {
            guard let i = attribute.standardKey else { return nil }
            self.init(rawValue: i)
        }
        var max: Int { Self.table[rawValue].max }
    }

    static let rateClasses: [(base: Key, tax: Key, name: String)] = [
        (.tb0, .t0, "standard"), (.tb1, .t1, "reduced1"), (.tb2, .t2, "reduced2"),
    ]

    /// Reads `bytes` into an invoice, which the caller attaches. It is filled in a local (each write through the
    /// record would cost an access check); an error carries it in the record as far as it was read.
    mutating func invoice(_ bytes: [UInt8]) throws(GiroError) -> Invoice {
        var invoice = Invoice(syntax: "SID", raw: String(decoding: bytes, as: UTF8.self))
        do {
            try read(bytes, into: &invoice)
        } catch {
            record.invoice = invoice
            var carrying = error
            carrying.partial = partialRecord
            throw carrying
        }
        return invoice
    }

    mutating func read(_ bytes: [UInt8], into invoice: inout Invoice) throws(GiroError) {
        let d: ShortDescriptor
        do {
            d = try ShortDescriptor.parse(bytes, from: 0, format: format, headers: ["SID"], keys: Key.names,
                                          diagnostics: &diagnostics)
        } catch {
            throw fail(error.code, field: path + error.field, offset: error.offset.map { $0 + baseOffset }, error.message)
        }
        checkVersion(d, knownMinor: Self.knownMinor, offset: baseOffset)
        // Position in d.attributes per key, -1 when absent (cheaper to fill than optional attributes).
        var seen = Key.noneSeen
        var repeats: [String: Int] = [:]
        /// The attribute at `position` with its offset in the caller's bytes (copied only when needed).
        func attribute(_ position: Int) -> ShortDescriptor.Attribute {
            var a = d.attributes[position]
            a.offset += baseOffset
            return a
        }
        for position in d.attributes.indices {
            // Standard keys are checked in place; copying every attribute cost more than the checks.
            if let key = Key(d.attributes[position]) {
                let index = key.rawValue, max = key.max, length = d.attributes[position].raw.count
                if seen[index] >= 0 { let a = attribute(position); throw fail(.duplicateKey, a, "\(a.key) occurs more than once") }
                if length > max { let a = attribute(position); throw fail(.fieldTooLong, a, "\(a.key) has \(length) characters; at most \(max)") }
                seen[index] = position
            } else {
                let a = attribute(position)
                if !a.key.hasPrefix("X-") { warn(.unknownKey, a, "\(a.key) is not a SID key; kept in unknownTags") }
                // Repeats are numbered (X-CUSTOM, X-CUSTOM#2, …) so no value is lost.
                let n = (repeats[a.key] ?? 0) + 1
                repeats[a.key] = n
                let name = n == 1 ? a.key : "\(a.key)#\(n)"
                invoice.unknownTags[name] = text(a, max: nil)
            }
        }
        func present(_ key: Key) -> ShortDescriptor.Attribute? {
            let position = seen[key.rawValue]
            guard position >= 0, !d.attributes[position].raw.isEmpty else { return nil }
            return attribute(position)
        }

        guard let id = present(.id) else { throw fail(.fieldMissing, field: "ID", "ID (the invoice number) is mandatory") }
        invoice.id = text(id, max: 40)
        guard let dd = present(.dd) else { throw fail(.fieldMissing, field: "DD", "DD (the issue date) is mandatory") }
        invoice.issueDate = try date(dd)
        // Inside SPAYD X-INV the payment's own AM carries the amount, so the invoice total may be left out.
        if let am = present(.am) {
            invoice.totalAmount = try decimal(am, intDigits: 16, fraction: 2, negative: true)
        } else if path.isEmpty {
            throw fail(.fieldMissing, field: "AM", "AM (the total amount) is mandatory")
        }

        if let a = present(.tp) { invoice.taxPerformance = try code(a, allowed: "012") }
        if let a = present(.td) { invoice.documentType = try code(a, allowed: "0123459") }
        if let a = present(.sa) { invoice.includesAdvances = try code(a, allowed: "01") == "1" }
        if let a = present(.vs) { invoice.variableSymbol = try digits(a, max: 10) }
        if let a = present(.vii) { invoice.sellerVATID = try taxID(a) }
        if let a = present(.vir) { invoice.buyerVATID = try taxID(a) }
        if let a = present(.ini) { invoice.sellerCompanyID = try digits(a, max: 8) }
        if let a = present(.inr) { invoice.buyerCompanyID = try digits(a, max: 8) }
        if let a = present(.duzp) { invoice.taxPointDate = try date(a) }
        if let a = present(.dppd) { invoice.taxDeclarationDate = try date(a) }
        if let a = present(.dt) { invoice.dueDate = try date(a) }
        for c in Self.rateClasses {
            let base = try present(c.base).map { a throws(GiroError) in try decimal(a, intDigits: 16, fraction: 2, negative: true) }
            let tax = try present(c.tax).map { a throws(GiroError) in try decimal(a, intDigits: 16, fraction: 2, negative: true) }
            if base != nil || tax != nil { invoice.taxes.append(InvoiceTax(rateClass: c.name, base: base, tax: tax)) }
        }
        if let a = present(.ntb) { invoice.nonTaxableAmount = try decimal(a, intDigits: 16, fraction: 2, negative: true) }
        if let a = present(.cc) {
            let cc = String(decoding: a.raw, as: UTF8.self)
            guard a.raw.allSatisfy({ $0 >= 65 && $0 <= 90 }), Currency.isValid(cc) else {
                throw fail(.currencyInvalid, a, "CC must be an upper-case ISO 4217 code")
            }
            invoice.currency = cc
        }
        if let a = present(.fx) { invoice.exchangeRate = try decimal(a, intDigits: 15, fraction: 3, code: .fieldInvalid) }
        if let a = present(.fxa) { invoice.foreignCurrencyUnits = try decimal(a, intDigits: 5, fraction: 0, code: .fieldInvalid) }
        if let a = present(.acc) { invoice.account = try account(a, field: "invoice.account") }
        if let a = present(.xSW) { invoice.software = text(a, max: 30) }
        if let a = present(.xURL) { invoice.url = text(a, max: 70) }
    }

    func code(_ a: ShortDescriptor.Attribute, allowed: String) throws(GiroError) -> String {
        guard a.raw.count == 1, let b = a.raw.first, allowed.utf8.contains(b) else {
            throw fail(.fieldInvalid, a, "\(a.key) must be one of \(allowed.map(String.init).joined(separator: ", "))")
        }
        return String(decoding: a.raw, as: UTF8.self)
    }

    /// DIČ: two-letter country prefix and 8–12 alphanumerics (`CZ60194383`).
    func taxID(_ a: ShortDescriptor.Attribute) throws(GiroError) -> String {
        let u = Array(a.raw)
        guard u.count >= 4, u[0] >= 65, u[0] <= 90, u[1] >= 65, u[1] <= 90,
              u.dropFirst(2).allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }) else {
            throw fail(.identificationInvalid, a, "\(a.key) must be a VAT id (country letters and digits)")
        }
        return String(decoding: u, as: UTF8.self)
    }
}
