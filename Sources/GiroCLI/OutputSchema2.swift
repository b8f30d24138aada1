import Giro

extension Output {
    /// Text lines for the schema-2 parts: symbols, other accounts, recurrence, mandate, invoice, further payments.
    static func schema2Lines(_ r: PaymentRecord) -> [String] {
        var lines: [String] = []
        if let s = r.symbols {
            let parts = [s.variable.map { "VS \($0)" }, s.constant.map { "KS \($0)" }, s.specific.map { "SS \($0)" }].compactMap { $0 }
            lines.append("symbols:    \(parts.joined(separator: "  "))")
        }
        for a in r.alternativeAccounts { lines.append("alt. acct.: \(a.iban ?? a.number ?? "-")\(a.bic.map { "  BIC \($0)" } ?? "")") }
        if let so = r.standingOrder {
            var text = so.frequency ?? so.frequencyCode ?? "?"
            if let d = so.day { text += ", day \(d)" }
            if !so.months.isEmpty { text += ", months \(so.months.map(String.init).joined(separator: ","))" }
            if let f = so.firstDate { text += ", from \(f)" }
            if let l = so.lastDate { text += " until \(l)" }
            lines.append("standing:   \(text)")
        }
        if let dd = r.directDebit {
            let parts = [dd.scheme, dd.type, dd.mandateID.map { "mandate \($0)" }, dd.maxAmount.map { "max \($0)" },
                         dd.limitPeriod.map { "per \($0)" }, dd.validTill.map { "until \($0)" }].compactMap { $0 }
            lines.append("direct debit: \(parts.joined(separator: ", "))")
        }
        if let inv = r.invoice {
            let parts = [inv.id.map { "no. \($0)" }, inv.issueDate.map { "issued \($0)" },
                         inv.totalAmount.map { "total \(DecimalText.format($0, minimumFractionDigits: 2))" }].compactMap { $0 }
            lines.append("invoice:    \(inv.syntax ?? "?") \(parts.joined(separator: ", "))")
        }
        for (i, p) in r.additionalPayments.enumerated() {
            lines.append("payment \(i + 2):  \(p.amount.map { "\($0.formattedValue) \($0.currency)" } ?? "open") to \(p.creditor?.account?.iban ?? "-")")
        }
        return lines
    }
}
