import Foundation
import GiroCore
import GiroImaging

extension SlipGenericReader.Result {
    /// The `slip.generic` record: what the labels and validators found, always `uncertain`, with one evidence entry
    /// per field (the box of the words it was read from, the text as printed).
    func reading(_ page: PageWords) -> SlipReading {
        let generic = SlipReader.genericClass
        var r = PaymentRecord(format: generic, country: country, formatVersion: nil, source: SourceInfo(kind: "slip", slipClass: generic))
        let box = Self.box(SlipGenericReader.rect(page, words))
        var diagnostics: [Diagnostic] = [.warning(.slipUnknownClass, field: "source.slipClass", uncertain: true,
            "no template fits (\(words.count) words at x \(box[0]) y \(box[1]) w \(box[2]) h \(box[3]) px): read by \(labels) printed labels of the loaded templates and the validators")]
        let confidence = words.compactMap { page.words.indices.contains($0) ? page.words[$0].confidence : nil }.min()
            .map { Int((min(max($0, 0), 1) * 100).rounded()) }
        func evidence(_ field: String, _ v: SlipGenericReader.Value) -> FieldEvidence {
            FieldEvidence(field: field, box: Self.box(v.rect), text: v.text, corrections: v.corrections, confidence: confidence)
        }
        var evidences: [FieldEvidence] = []
        let accountField = account.account?.iban != nil ? "creditor.account.iban" : "creditor.account.number"
        r.creditor = Party(name: payee?.name, account: account.account)
        if let payee { evidences.append(evidence("creditor.name", payee)) }
        evidences.append(evidence(accountField, account))
        if let amount, let value = amount.amount {
            if let currency {
                r.amount = Amount(value: value, currency: currency)
                if currencyFromLabels {
                    diagnostics.append(.info(.slipUnknownClass, field: "amount.currency",
                                             "currency \(currency) not printed with the amount: taken from the forms whose labels the page prints"))
                }
            } else {
                diagnostics.append(.info(.slipUnknownClass, field: "amount", "amount \(value) printed without a currency: not used"))
            }
            evidences.append(evidence("amount", amount))
        } else {
            diagnostics.append(.info(.slipUnknownClass, field: "amount", "no amount found: the record has none"))
        }
        if let reference, let ref = reference.reference {
            r.reference = ref
            evidences.append(evidence("reference", reference))
        }
        if let payer {
            r.debtor = Party(name: payer.name)
            evidences.append(evidence("debtor.name", payer))
        }
        r.source.evidence = evidences
        r.diagnostics = diagnostics
        r.status = .uncertain
        let (x, y, w, h) = (box[0], box[1], box[2], box[3])
        return SlipReading(record: r, slipClass: generic, corners: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    }

    static func box(_ r: SlipLikeBlocks.Rect) -> [Int] {
        [r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0].map(SlipPoint.pixel)
    }
}
