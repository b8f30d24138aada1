import GiroCore

extension SlipRecordBuilder {
    /// A form recognised without its required labels (`SlipClassifier.relaxedMatch`) is another printer's edition
    /// whose boxes may lie far from the template's: the fields its zones did not give (or gave unchecked, an account
    /// without its IBAN) are taken from the generic reader's record of the same words (labels + validators), with
    /// their evidence, and said so.
    static func fill(_ r: inout PaymentRecord, evidence: inout [FieldEvidence], from g: PaymentRecord, diagnostics: inout [Diagnostic]) {
        var filled: [String] = []
        func take(_ fields: [String]) {
            evidence.removeAll { fields.contains($0.field) }
            evidence += (g.source.evidence ?? []).filter { fields.contains($0.field) }
            filled += fields.filter { f in g.source.evidence?.contains { $0.field == f } ?? false }
        }
        if r.creditor?.account?.iban == nil, let account = g.creditor?.account {
            r.creditor = r.creditor ?? Party()
            r.creditor?.account = account
            take(["creditor.account.iban", "creditor.account.number"])
        }
        if r.creditor?.name == nil, let name = g.creditor?.name {
            r.creditor = r.creditor ?? Party()
            r.creditor?.name = name
            take(["creditor.name"])
        }
        if r.debtor?.name == nil, let name = g.debtor?.name {
            r.debtor = r.debtor ?? Party()
            r.debtor?.name = name
            take(["debtor.name"])
        }
        if r.amount == nil, let amount = g.amount {
            r.amount = amount
            take(["amount"])
        }
        if r.reference == nil, let reference = g.reference {
            r.reference = reference
            take(["reference"])
        }
        guard !filled.isEmpty else { return }
        diagnostics.append(.info(.slipUnknownClass, field: "source.slipClass",
                                 "read by the labels and validators (no zone gave them): \(filled.joined(separator: ", "))"))
    }
}

extension SlipGenericReader.Result {
    /// The words of the values read (not the whole block's): set aside for the form they complete.
    var valueWords: [Int] {
        account.words + (amount?.words ?? []) + (reference?.words ?? []) + (payee?.words ?? []) + (payer?.words ?? [])
    }
}

extension SlipRecordBuilder {
    /// A form recognised strictly whose payee account or amount zone read no checked value (another printer's comb
    /// cells beside the label, a clipped box) takes the generic reader's of the same page where that lies in the
    /// zone's box, and the currency it read beside the same amount where the form's currency zone read nothing;
    /// said so. Other fields stay the zones' (a name the generic reader guesses is no better than the zone's).
    static func fillChecked(_ r: inout PaymentRecord, evidence: inout [FieldEvidence], from g: PaymentRecord, diagnostics: inout [Diagnostic]) {
        var filled: [String] = []
        // Only where the zone's own box holds it (the zone saw the value but could not read it), never from another
        // zone's box (the payer's account).
        func box(_ e: [FieldEvidence], _ field: String) -> [Int]? { e.first { $0.field == field && $0.box.count == 4 }?.box }
        func overlaps(_ field: String) -> Bool {
            guard let a = box(evidence, field), let b = box(g.source.evidence ?? [], field) else { return false }
            return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
        }
        if r.amount == nil, overlaps("amount"), let amount = g.amount {
            r.amount = amount
            evidence.removeAll { $0.field == "amount" }
            evidence += (g.source.evidence ?? []).filter { $0.field == "amount" }
            filled.append("amount")
        }
        // The account: in the zone's box, or at least among the form's zones but in no other zone's box (a talon's
        // copy, not the payer's account nor another slip's).
        let inOtherZone: Bool = {
            guard let b = box(g.source.evidence ?? [], "creditor.account.iban") else { return true }
            // Within the area the form's zones cover (another slip on the same page is not this form).
            let zones = evidence.filter { $0.box.count == 4 && $0.box[2] > 0 && $0.box[3] > 0 }.map(\.box)
            guard let x0 = zones.map({ $0[0] }).min(), let y0 = zones.map({ $0[1] }).min(),
                  let x1 = zones.map({ $0[0] + $0[2] }).max(), let y1 = zones.map({ $0[1] + $0[3] }).max() else { return true }
            let cx = b[0] + b[2] / 2, cy = b[1] + b[3] / 2
            guard cx >= x0, cx <= x1, cy >= y0, cy <= y1 else { return true }
            return evidence.contains { e in
                e.field != "creditor.account.iban" && e.box.count == 4
                    && e.box[0] < b[0] + b[2] && b[0] < e.box[0] + e.box[2] && e.box[1] < b[1] + b[3] && b[1] < e.box[1] + e.box[3]
            }
        }()
        if r.creditor?.account?.iban == nil, overlaps("creditor.account.iban") || !inOtherZone, let account = g.creditor?.account, account.iban != nil,
           account.iban != r.debtor?.account?.iban {
            r.creditor = r.creditor ?? Party()
            r.creditor?.account = account
            let fields = ["creditor.account.iban", "creditor.account.number"]
            evidence.removeAll { fields.contains($0.field) }
            evidence += (g.source.evidence ?? []).filter { fields.contains($0.field) }
            filled.append("creditor.account.iban")
        }
        if let a = r.amount, let ga = g.amount, a.value == ga.value, a.currency != ga.currency,
           !evidence.contains(where: { $0.field == "currency" && $0.text != nil }) {
            r.amount?.currency = ga.currency
            filled.append("currency")
        }
        guard !filled.isEmpty else { return }
        // The zones' own complaints about what is now filled no longer hold.
        diagnostics.removeAll { d in d.code == .slipFieldUnreadable && filled.contains { d.field == $0 } }
        diagnostics.append(.info(.slipUnknownClass, field: "source.slipClass",
                                 "read by the labels and validators (no zone gave them): \(filled.joined(separator: ", "))"))
    }
}
