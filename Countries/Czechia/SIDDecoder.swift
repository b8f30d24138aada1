import Foundation
import GiroCore

/// Decodes a SID ("Short Invoice Descriptor", QR Faktura) into an ``Invoice``; standalone or from SPAYD `X-INV`.
struct SIDDecoder {
    let format: String
    let baseOffset: Int
    var values: DescriptorValues

    init(format: String, path: String = "", baseOffset: Int = 0) {
        self.format = format
        self.baseOffset = baseOffset
        values = DescriptorValues(format: format, path: path)
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

    mutating func invoice(_ bytes: [UInt8]) throws(GiroError) -> Invoice {
        let d: ShortDescriptor
        do {
            d = try ShortDescriptor.parse(bytes, from: 0, format: format, headers: ["SID"], keys: Key.names,
                                        diagnostics: &values.diagnostics)
        } catch {
            var e = error
            e.field = values.path + e.field
            e.offset = e.offset.map { $0 + baseOffset }
            throw e
        }
        if d.major != 1 {
            values.diagnostics.append(.warning(.versionUnknown, field: values.path + "version", offset: baseOffset,
                                               "SID version \(d.version): only major version 1 is defined"))
        }
        // Position in d.attributes per key, -1 when absent (cheaper to fill than optional attributes).
        var seen = Key.noneSeen
        var repeats: [String: Int] = [:]
        var invoice = Invoice(syntax: "SID", raw: String(decoding: bytes, as: UTF8.self))
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
                if seen[index] >= 0 { let a = attribute(position); throw values.fail(.duplicateKey, a, "\(a.key) occurs more than once") }
                if length > max { let a = attribute(position); throw values.fail(.fieldTooLong, a, "\(a.key) has \(length) characters; at most \(max)") }
                seen[index] = position
            } else {
                let a = attribute(position)
                if !a.key.hasPrefix("X-") { values.warn(.unknownKey, a, "\(a.key) is not a SID key; kept in unknownTags") }
                // Repeats are numbered (X-CUSTOM, X-CUSTOM#2, …) so no value is lost.
                let n = (repeats[a.key] ?? 0) + 1
                repeats[a.key] = n
                let name = n == 1 ? a.key : "\(a.key)#\(n)"
                invoice.unknownTags[name] = values.text(a, max: nil)
            }
        }
        func present(_ key: Key) -> ShortDescriptor.Attribute? {
            let position = seen[key.rawValue]
            guard position >= 0, !d.attributes[position].raw.isEmpty else { return nil }
            return attribute(position)
        }

        guard let id = present(.id) else { throw values.fail(.fieldMissing, field: "ID", "ID (the invoice number) is mandatory") }
        invoice.id = values.text(id, max: 40)
        guard let dd = present(.dd) else { throw values.fail(.fieldMissing, field: "DD", "DD (the issue date) is mandatory") }
        invoice.issueDate = try values.date(dd)
        // Inside SPAYD X-INV the payment's own AM carries the amount, so the invoice total may be left out.
        if let am = present(.am) {
            invoice.totalAmount = try values.decimal(am, intDigits: 16, fraction: 2, negative: true)
        } else if values.path.isEmpty {
            throw values.fail(.fieldMissing, field: "AM", "AM (the total amount) is mandatory")
        }

        if let a = present(.tp) { invoice.taxPerformance = try code(a, allowed: "012") }
        if let a = present(.td) { invoice.documentType = try code(a, allowed: "0123459") }
        if let a = present(.sa) { invoice.includesAdvances = try code(a, allowed: "01") == "1" }
        if let a = present(.vs) { invoice.variableSymbol = try values.digits(a, max: 10) }
        if let a = present(.vii) { invoice.sellerVATID = try taxID(a) }
        if let a = present(.vir) { invoice.buyerVATID = try taxID(a) }
        if let a = present(.ini) { invoice.sellerCompanyID = try values.digits(a, max: 8) }
        if let a = present(.inr) { invoice.buyerCompanyID = try values.digits(a, max: 8) }
        if let a = present(.duzp) { invoice.taxPointDate = try values.date(a) }
        if let a = present(.dppd) { invoice.taxDeclarationDate = try values.date(a) }
        if let a = present(.dt) { invoice.dueDate = try values.date(a) }
        for c in Self.rateClasses {
            let base = try present(c.base).map { a throws(GiroError) in try values.decimal(a, intDigits: 16, fraction: 2, negative: true) }
            let tax = try present(c.tax).map { a throws(GiroError) in try values.decimal(a, intDigits: 16, fraction: 2, negative: true) }
            if base != nil || tax != nil { invoice.taxes.append(InvoiceTax(rateClass: c.name, base: base, tax: tax)) }
        }
        if let a = present(.ntb) { invoice.nonTaxableAmount = try values.decimal(a, intDigits: 16, fraction: 2, negative: true) }
        if let a = present(.cc) {
            let cc = String(decoding: a.raw, as: UTF8.self)
            guard a.raw.allSatisfy({ $0 >= 65 && $0 <= 90 }), Currency.isValid(cc) else {
                throw values.fail(.currencyInvalid, a, "CC must be an upper-case ISO 4217 code")
            }
            invoice.currency = cc
        }
        if let a = present(.fx) { invoice.exchangeRate = try values.decimal(a, intDigits: 15, fraction: 3, code: .fieldInvalid) }
        if let a = present(.fxa) { invoice.foreignCurrencyUnits = try values.decimal(a, intDigits: 5, fraction: 0, code: .fieldInvalid) }
        if let a = present(.acc) { invoice.account = try values.account(a, field: "invoice.account") }
        if let a = present(.xSW) { invoice.software = values.text(a, max: 30) }
        if let a = present(.xURL) { invoice.url = values.text(a, max: 70) }
        return invoice
    }

    func code(_ a: ShortDescriptor.Attribute, allowed: String) throws(GiroError) -> String {
        guard a.raw.count == 1, let b = a.raw.first, allowed.utf8.contains(b) else {
            throw values.fail(.fieldInvalid, a, "\(a.key) must be one of \(allowed.map(String.init).joined(separator: ", "))")
        }
        return String(decoding: a.raw, as: UTF8.self)
    }

    /// DIČ: two-letter country prefix and 8–12 alphanumerics (`CZ60194383`).
    func taxID(_ a: ShortDescriptor.Attribute) throws(GiroError) -> String {
        let u = Array(a.raw)
        guard u.count >= 4, u[0] >= 65, u[0] <= 90, u[1] >= 65, u[1] <= 90,
              u.dropFirst(2).allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }) else {
            throw values.fail(.identificationInvalid, a, "\(a.key) must be a VAT id (country letters and digits)")
        }
        return String(decoding: u, as: UTF8.self)
    }
}
