import Foundation

/// What a printed label names, for the generic reader (`SlipGenericReader`).
enum GenericField: String, Sendable, Hashable, CaseIterable {
    case account, amount, reference, payee, payer
    /// The payer's account: its value is never taken as the account to pay.
    case payerAccount
    /// A label of a field the generic reader does not read (symbols, dates, titles): its words are still labels.
    case other

    /// The field a template zone fills, as the generic reader groups them.
    init(zoneField: String) {
        switch zoneField {
        case "creditor.account.iban", "creditor.account.number": self = .account
        case "amount": self = .amount
        case "reference": self = .reference
        case "creditor.name": self = .payee
        case "debtor.name": self = .payer
        case "debtor.account.iban", "debtor.account.number": self = .payerAccount
        default: self = .other
        }
    }
}

/// One wording of a printed label, from the loaded templates (all those that print it).
struct SlipLabelWording: Sendable, Hashable {
    var tokens: [String]
    var field: GenericField
    /// Where the value sits relative to the label (`right`/`below`; `inside` is read as below).
    var placement: SlipValuePlacement?
    /// The countries and currencies of the templates printing this wording (a hint when the page prints neither:
    /// only a wording of one country votes for it).
    var countries: [String]
    var currencies: [String]
}

/// The union of every loaded template's label vocabulary: each anchor's text and variants, with the field the
/// label names. A zone's `label` says so explicitly; otherwise the anchor printed just above the zone (or just
/// left of it on its row) in the template's own geometry is taken as its label. Built at run time from the
/// templates, so a user's template folder adds its wordings. A wording several templates print with different
/// fields (`IBAN` for payee and payer) names the most important of them (account, amount, reference, payee,
/// payer, the payer's account).
///
/// The same vocabulary tells label text from values (`SlipLabelWords.swift`): its wordings of two or more tokens
/// found on a page are never values. One type, built once per reader from its templates.
struct SlipVocabulary: Sendable {
    var wordings: [SlipLabelWording]
    /// Wordings of two or more tokens, as printed, of any template (one generic word such as `Bank` or `EUR` may be
    /// a value), in template order: the label words no value is taken from.
    let multiWordLabels: [String]
    /// Every template's labels and printed instructions, compared word by word with OCR noise allowed.
    let printed: SlipPrintedText

    /// Millimetres within which an anchor counts as the label of the zone below or right of it.
    static let aboveMM = 6.0, leftMM = 12.0
    /// Wordings kept at most (a bound on matching work per page).
    static let maxWordings = 4000

    init(templates: [SlipTemplate]) {
        var byTokens: [[String]: SlipLabelWording] = [:]
        var order: [[String]] = []
        var multiWord: [String] = []
        var seenMultiWord = Set<[String]>()
        // A currency code printed as a label (`EUR` before the amount box) is also the amount's currency: a value.
        let currencies = Set(templates.compactMap(\.currency) + ["EUR"])
        for t in templates {
            let fields = Self.anchorFields(t)
            for (i, anchor) in t.anchors.enumerated() {
                let (field, placement) = fields[i] ?? (.other, nil)
                for wording in anchor.wordings {
                    let tokens = SlipText.tokens(wording)
                    if tokens.count >= 2, seenMultiWord.insert(tokens).inserted { multiWord.append(wording) }
                    guard !tokens.isEmpty, !(tokens.count == 1 && currencies.contains(tokens[0])) else { continue }
                    guard var w = byTokens[tokens] else {
                        guard order.count < Self.maxWordings else { continue }
                        order.append(tokens)
                        byTokens[tokens] = SlipLabelWording(tokens: tokens, field: field, placement: placement,
                                                            countries: [t.country], currencies: t.currency.map { [$0] } ?? [])
                        continue
                    }
                    if Self.rank(field) < Self.rank(w.field) { w.field = field; w.placement = placement }
                    if !w.countries.contains(t.country) { w.countries.append(t.country) }
                    if let c = t.currency, !w.currencies.contains(c) { w.currencies.append(c) }
                    byTokens[tokens] = w
                }
            }
        }
        // A form's printed instructions and hints are label words too.
        for t in templates {
            for p in t.printed where SlipText.tokens(p).count >= 2 && seenMultiWord.insert(SlipText.tokens(p)).inserted {
                multiWord.append(p)
            }
        }
        multiWordLabels = multiWord
        printed = SlipPrintedText(phrases: templates.flatMap { $0.anchors.flatMap(\.wordings) + $0.printed })
        // Longer wordings first: "Ime i adresa platitelja" is matched before "Ime".
        wordings = order.compactMap { byTokens[$0] }.enumerated()
            .sorted { ($0.element.tokens.count, -$0.offset) > ($1.element.tokens.count, -$1.offset) }.map(\.element)
    }

    /// Words only the payer's account labels print (`PLATITELJA`, `OPDRACHTGEVER`): an account label followed by
    /// one on its row (`IBAN (račun) platitelja`) is the payer's.
    var payerWords: Set<String> {
        let words = { (f: GenericField) in Set(wordings.filter { $0.field == f }.flatMap(\.tokens)) }
        return words(.payerAccount).subtracting(words(.account)).filter { $0.count >= 4 }
    }

    static func rank(_ f: GenericField) -> Int { GenericField.allCases.firstIndex(of: f) ?? GenericField.allCases.count }

    /// Anchor index → the field its zone reads, and where the value sits.
    static func anchorFields(_ t: SlipTemplate) -> [Int: (GenericField, SlipValuePlacement?)] {
        var out: [Int: (GenericField, SlipValuePlacement?)] = [:]
        var explicit = Set<Int>()
        for z in t.zones {
            let field = GenericField(zoneField: z.field)
            if let label = z.label, t.anchors.indices.contains(label.anchor) {
                // A label over several zones (a name, then its address) names the most important of them.
                if let cur = out[label.anchor], explicit.contains(label.anchor), rank(cur.0) <= rank(field) { continue }
                out[label.anchor] = (field, label.value)
                explicit.insert(label.anchor)
                continue
            }
            guard field != .other, let (i, placement) = nearestLabel(of: z.box, in: t.anchors), !explicit.contains(i) else { continue }
            if out[i] == nil || out[i]?.0 == .other { out[i] = (field, placement) }
        }
        return out
    }

    /// The anchor printed just above the box (overlapping it across), or just left of it on its row.
    static func nearestLabel(of box: SlipBox, in anchors: [SlipAnchor]) -> (Int, SlipValuePlacement)? {
        var best: (Int, SlipValuePlacement, Double)?
        for (i, a) in anchors.enumerated() {
            let b = a.box
            let gapDown = box.y - (b.y + b.h)
            let overlapX = min(b.x + b.w, box.x + box.w) - max(b.x, box.x)
            if gapDown >= -1, gapDown <= aboveMM, overlapX > 0, abs(b.x - box.x) <= 15 {
                if best.map({ gapDown < $0.2 }) ?? true { best = (i, .below, gapDown) }
            }
            let gapRight = box.x - (b.x + b.w)
            let cy = b.y + b.h / 2
            if gapRight >= -1, gapRight <= leftMM, cy >= box.y - 1, cy <= box.y + box.h + 1 {
                if best.map({ gapRight < $0.2 }) ?? true { best = (i, .right, gapRight) }
            }
        }
        return best.map { ($0.0, $0.1) }
    }
}
