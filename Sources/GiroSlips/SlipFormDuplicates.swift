import Foundation
import GiroCore
import GiroImaging

/// A field printed twice on one form: the receipt (counterfoil) beside the main part repeats the amount, the
/// account, the reference and the names (Swiss ESR/ES, Czech and Slovak postal orders, the Hungarian csekk, the
/// Austrian and Slovenian forms …). The copy is read the way its main zone was (the same offset from the same label
/// in the other part) and compared: agreement is said (`slip_duplicate_agree`, which raises the field's
/// confidence), disagreement is a warning with both values (`slip_duplicate_mismatch`). The main part's value
/// stands; where the main part gave no checked value and the copy passes its checks, the copy is the value.
enum SlipFormDuplicates {
    /// Fields compared, record paths (a zone's field).
    static let compared: Set<String> = ["amount", "creditor.account.iban", "debtor.account.iban", "reference", "creditor.name", "debtor.name"]
    /// Copies looked at per field (a label printed more often is not a receipt's).
    static let maxCopies = 2
    /// Words read for one copy at most.
    static let maxCopyWords = 40

    /// A copy read and how it compares with the main part's value.
    struct Copy: Sendable, Equatable {
        var field: String
        /// The main part's value (nil: the main part gave none) and the copy's, as text.
        var main: String?
        var copy: String
        var agree: Bool
    }

    /// Compares each field's copies with the record's values, adds the diagnostics, and fills a field the main
    /// part left empty from a copy that passes its checks.
    static func check(_ record: inout PaymentRecord, match: SlipMatch, zones: [ZoneText], page: PageWords, rules: SlipNationalRules,
                      diagnostics: inout [Diagnostic]) {
        for (k, c, value) in copies(record, match: match, zones: zones, page: page, rules: rules) {
            let field = c.field
            let money = !field.hasSuffix(".name")
            if c.main == nil {
                guard let value, money else { continue }
                SlipRecordBuilder.assign(value, to: field, in: &record, country: match.template.country)
                diagnostics.append(.info(.slipDuplicateAgree, field: field,
                    "\(field) taken from the form's other part (\(c.copy)): the main part's zone \(match.template.zones[k].field) gave no checked value"))
            } else if c.agree {
                diagnostics.append(.info(.slipDuplicateAgree, field: field, "\(field) printed twice on the form, both read \(c.main ?? "")"))
            } else {
                diagnostics.append(.warning(.slipDuplicateMismatch, field: field, uncertain: money,
                    "\(field): the main part says \(c.main ?? ""), the form's other part says \(c.copy); the main part's value is kept"))
            }
        }
    }

    /// (zone index, comparison, the copy's value when it passes its checks) for every copy found.
    static func copies(_ record: PaymentRecord, match: SlipMatch, zones: [ZoneText], page: PageWords,
                       rules: SlipNationalRules) -> [(Int, Copy, SlipValue?)] {
        let t = match.template
        guard zones.count == t.zones.count, let inverse = match.transform.inverse() else { return [] }
        let parts = SlipFormParts(match, page: page)
        guard parts.ranges.count >= 2 else { return [] }
        let rects = page.words.map(PixelRect.init)
        let labels = SlipLabelPlacement.labels(t)
        // Label words and words a zone already read are no copy's.
        var taken = Set(match.hits.flatMap(\.words))
        for z in zones { taken.formUnion(z.words) }
        func mm(_ p: SlipPoint) -> SlipPoint { inverse.apply(p) }
        var out: [(Int, Copy, SlipValue?)] = []
        var done = Set<String>()
        for (k, z) in t.zones.enumerated() where compared.contains(z.field) && !done.contains(z.field) {
            guard let label = labels[k], t.anchors.indices.contains(label.anchor), let placed = zones[k].placed,
                  let main = SlipLabelPlacement.labelHit(label.anchor, match, page: page, parts: parts, words: rects) else { continue }
            let m = mm(main.center)
            guard let mainPart = parts.part(of: m.x) else { continue }
            let wordings = Set(t.anchors[label.anchor].wordings)
            var seen = Set<[Int]>()
            let others = match.hits.filter { h in
                guard t.anchors.indices.contains(h.anchor), Set(h.words).isDisjoint(with: main.words),
                      !wordings.isDisjoint(with: t.anchors[h.anchor].wordings), seen.insert(h.words).inserted else { return false }
                // On this form (another slip on the page prints the same labels), in another of its parts.
                let c = mm(h.center)
                guard c.y >= -0.05 * t.height, c.y <= 1.05 * t.height else { return false }
                let p = parts.part(of: c.x)
                return p != nil && p != mainPart
            }
            guard !others.isEmpty, others.count <= maxCopies else { continue }
            for h in others {
                let o = mm(h.center)
                guard let p = parts.part(of: o.x) else { continue }
                let range = parts.ranges[p]
                // The main zone's box moved with the label, kept within the copy's part.
                let x0 = max(placed.x + o.x - m.x, range.lowerBound), x1 = min(placed.x + placed.w + o.x - m.x, range.upperBound)
                let y0 = placed.y + o.y - m.y, y1 = y0 + placed.h
                guard x1 > x0 else { continue }
                let ws = page.words.indices.filter { i in
                    guard !taken.contains(i), !page.words[i].text.allSatisfy(\.isWhitespace) else { return false }
                    let w = page.words[i]
                    let c = mm(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
                    return c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1
                }.prefix(maxCopyWords)
                guard !ws.isEmpty else { continue }
                let text = SlipValueAssignment.regrouped(zones[k], keeping: Array(ws), page: page)
                let outcome = SlipValueAssignment.outcome(z, text, t, rules)
                guard let value = outcome.value, let copy = describe(value, field: z.field) else { continue }
                let checked = SlipValueAssignment.confirmed(outcome, z, text: text.text)
                // A copy compares only when it is a value of its kind: checks passed for money fields, mostly
                // letters for a name (the box moved onto another field's print says nothing).
                guard z.field.hasSuffix(".name") ? namelike(copy) : checked else { continue }
                let main = current(z.field, in: record)
                let agree = main.map { same(z.field, $0, copy) } ?? false
                out.append((k, Copy(field: z.field, main: main, copy: copy, agree: agree), checked ? value : nil))
                done.insert(z.field)
                break
            }
        }
        return out
    }

    /// The record's value of a compared field, as text.
    static func current(_ field: String, in r: PaymentRecord) -> String? {
        switch field {
        case "amount": r.amount.map { "\($0.value)" }
        case "creditor.account.iban": r.creditor?.account.flatMap { $0.iban ?? $0.number }
        case "debtor.account.iban": r.debtor?.account.flatMap { $0.iban ?? $0.number }
        case "reference": r.reference?.value
        case "creditor.name": r.creditor?.name
        case "debtor.name": r.debtor?.name
        default: nil
        }
    }

    /// A parsed copy as the text `current` gives for the same field.
    static func describe(_ v: SlipValue, field: String) -> String? {
        switch v {
        case .amount(let a): "\(a.value)"
        case .account(let a): a.iban ?? a.number
        case .reference(let r): r.value
        case .text(let s): s
        case .lines(let ls): ls.joined(separator: " ")
        case .codingLine: nil
        }
    }

    /// At least two letters, and digits at most a fifth of the letters and digits.
    static func namelike(_ s: String) -> Bool {
        let letters = s.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        let digits = s.unicodeScalars.filter { $0.properties.numericType != nil }.count
        return letters >= 2 && 5 * digits <= letters + digits
    }

    /// Names by their letters and digits within one edit per ten characters (an image's two reads of one name);
    /// one name inside the other is not agreement (a word of the next line read with it). Everything else exactly.
    static func same(_ field: String, _ a: String, _ b: String) -> Bool {
        if field.hasSuffix(".name") {
            let x = Array(SlipCrossCheck.compact(String(a.prefix(200))).unicodeScalars), y = Array(SlipCrossCheck.compact(String(b.prefix(200))).unicodeScalars)
            let limit = min(x.count, y.count) / 10
            return !x.isEmpty && SlipText.editDistance(x, y, limit: limit) <= limit
        }
        if field == "amount" { return Decimal(string: a) == Decimal(string: b) }
        return SlipCrossCheck.compact(a) == SlipCrossCheck.compact(b)
    }
}
