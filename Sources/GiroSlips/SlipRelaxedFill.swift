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
