import Foundation
import GiroCore

/// Per-field provenance of a printed slip's record, derived in one place from what the record already holds:
/// each zone's evidence (box, text, corrections, confidence), the values kept and the diagnostics.
///
/// The confidence is a small rule table over features, calibrated so that fields at 0.9 or more are exact at
/// least 99 % of the time (`docs/record.md`, Provenance; `SlipProvenanceCalibrationTests`):
/// * a check held (IBAN mod 97, a national account's or reference's check digits, the coding line's) → high;
/// * grammar only (amount, date, reference without a check) → below 0.9 unless the value is the zone's whole text;
/// * free text (names, addresses, messages) → below 0.9: nothing checks it;
/// * OCR corrections applied, a low word confidence, text besides the value in the zone, a label's wording in
///   the value, few labels found, an uncertain diagnostic on the field → lower.
enum SlipProvenance {
    /// Confidence levels of the rule table (one place to recalibrate).
    enum Level {
        static let checked = 0.99
        static let checkedCorrected = 0.93
        static let checkedCrowded = 0.85
        static let grammarClean = 0.9
        static let grammar = 0.8
        static let freeText = 0.85
        /// Free text the form prints twice, both copies the same: still nothing checks it (below 0.9).
        static let freeTextRepeated = 0.88
        static let flagged = 0.3
        static let label = 0.2
        static let unknownClass = 0.6
        static let fewAnchors = 0.85
        /// The payee's account on a form that lists more of the payee's accounts under one label: which one is
        /// the payee's own is told by its line alone, and a line the OCR lost moves the next valid account up.
        static let listedAccounts = 0.85
    }

    /// The record's provenance; `source` `caller-ocr` for words handed in, `print` when Giro's OCR read them.
    static func derive(_ r: PaymentRecord, template: SlipTemplate?, anchorsFound: Int?,
                       source: ProvenanceSource = .callerOCR, page: Int = 1) -> [FieldProvenance] {
        let evidence = r.source.evidence ?? []
        let labels = template.map(labelWordings) ?? []
        var byPath: [String: FieldProvenance] = [:]
        var order: [String] = []
        func add(_ path: String, _ e: FieldEvidence, _ confidence: Double) {
            let p = FieldProvenance(field: path, source: source, confidence: confidence, box: e.box, page: page)
            if let old = byPath[path] {
                // Two zones feed one field (message lines, an account's bank code box): the box holding both, the lower confidence.
                byPath[path] = FieldProvenance(field: path, source: source, confidence: min(old.confidence, p.confidence),
                                               box: union(old.box, p.box), page: page)
            } else {
                byPath[path] = p
                order.append(path)
            }
        }
        let coded = evidence.contains { $0.field == "codingLine" && $0.text != nil } && r.extras.keys.contains { $0.hasSuffix(".codingLine") }
        for e in evidence where e.text != nil {
            for path in paths(of: e.field, in: r, template: template, coded: coded, zoneText: e.text) {
                add(path, e, confidence(path, e, r, labels: labels, coded: coded && e.field == "codingLine", source: source))
            }
        }
        // The whole record's doubts: a slip no template matched, a form placed on too few labels.
        var cap = 1.0
        if r.source.slipClass == SlipReader.unknownClass { cap = Level.unknownClass }
        if let template, let n = anchorsFound, n < max(2, template.minAnchors) { cap = min(cap, Level.fewAnchors) }
        let listsAccounts = template?.zones.contains { $0.field == "alternativeAccounts" } == true
        return order.compactMap { byPath[$0] }.map { p in
            var p = p
            p.confidence = FieldProvenance.clamped(min(p.confidence, cap))
            if listsAccounts, p.field.hasPrefix("creditor.account.") { p.confidence = min(p.confidence, Level.listedAccounts) }
            return p
        }
    }

    /// The record paths a zone filled (none when its value was not kept).
    static func paths(of field: String, in r: PaymentRecord, template: SlipTemplate?, coded: Bool, zoneText: String? = nil) -> [String] {
        let filled = Set(r.filledFieldPaths)
        func kept(_ ps: [String]) -> [String] { ps.filter(filled.contains) }
        switch field {
        case "currency", "reference.model": return []   // read with the amount, the reference
        case "codingLine":
            return kept(["amount", "reference", "creditor.account.number", "creditor.account.bankCode"])
        case "amount" where coded, "creditor.account.number" where coded, "creditor.account.bankCode" where coded:
            return []   // the coding line is the truth of its slip
        case "reference":
            if coded { return [] }
            if r.reference != nil { return ["reference"] }
            let other = template?.zones.first { $0.field == "reference" }?.options["otherField"]
            return kept(other.map { [$0] } ?? [])
        case "creditor.account.iban", "debtor.account.iban", "creditor.account.number", "debtor.account.number":
            let party = field.hasPrefix("creditor") ? "creditor" : "debtor"
            return kept(["iban", "number", "bankCode"].map { "\(party).account.\($0)" })
        case "creditor.name", "debtor.name":
            // A name box whose label asks for the place too (`Name, Ort`): the place read after the comma is address.
            let split = template?.zones.contains { $0.field == field && $0.options["place"] == "afterComma" } ?? false
            let address = (field.hasPrefix("creditor") ? r.creditor : r.debtor)?.address?.lines ?? []
            let place = zoneText.flatMap { SlipRecordBuilder.namePlace(SlipFieldReader.flat($0))?.place }
            return kept(split && place.map(address.contains) == true ? [field, String(field.dropLast(5)) + ".address"] : [field])
        default:
            if field.hasPrefix("extras."), let t = template {
                let key = "\(t.country.lowercased()).\(field.dropFirst(7))"
                return r.extras[key] != nil ? ["extras.\(key)"] : []
            }
            return kept([field])
        }
    }

    static func confidence(_ path: String, _ e: FieldEvidence, _ r: PaymentRecord, labels: [String], coded: Bool,
                           source: ProvenanceSource = .callerOCR) -> Double {
        if r.isFlagged(path) || r.isFlagged(e.field) { return Level.flagged }
        let value = text(of: path, in: r)
        if let value, containsLabel(value, labels) { return Level.label }
        // A reference's model is printed in its own box, or before the number in the same one.
        let candidates = path == "reference" ? [value, r.reference?.value].compactMap { $0 } : value.map { [$0] } ?? []
        let clean = candidates.contains { accountsFor($0, zoneText: e.text ?? "", path: path) }
        let corrected = !e.corrections.isEmpty
        var c: Double
        switch kind(path, r, coded: coded) {
        case .checked:
            c = corrected ? Level.checkedCorrected : clean ? Level.checked : Level.checkedCrowded
        case .grammar:
            // Read by Giro's own OCR from an image, a digit misread (5,43 as 5,33 on a photo) still parses and
            // nothing checks it: such a value stays below 0.9 (measured: round 3's image tables, dev and perturbed),
            // unless the form's other part prints the same value (read apart, `SlipFormDuplicates`).
            c = clean && !corrected && (source != .print || duplicated(path, r)) ? Level.grammarClean : Level.grammar
        case .free:
            c = corrected ? Level.grammar : duplicated(path, r) ? Level.freeTextRepeated : Level.freeText
        }
        // The form's other part prints something else: a name (which only warns) drops below the free-text level.
        if r.diagnostics.contains(where: { $0.code == .slipDuplicateMismatch && $0.field == path }) { c = min(c, Level.grammar) }
        // A word the OCR itself doubted: a checked value survives that, an unchecked one does not.
        if let q = e.confidence {
            if q < 50 { c -= 0.2 } else if q < 70 { c -= 0.1 }
        }
        return c
    }

    /// Whether the form's two parts print this field alike (`slip_duplicate_agree`).
    static func duplicated(_ path: String, _ r: PaymentRecord) -> Bool {
        r.diagnostics.contains { $0.code == .slipDuplicateAgree && $0.field == path }
    }

    enum Kind { case checked, grammar, free }

    static func kind(_ path: String, _ r: PaymentRecord, coded: Bool) -> Kind {
        if coded { return .checked }   // every part of the coding line has its check digit
        switch path {
        case _ where path.hasSuffix(".account.iban"): return .checked   // a failing IBAN is never kept
        case _ where path.hasSuffix(".account.number"), _ where path.hasSuffix(".account.bankCode"):
            return .checked   // the country's account rule accepted it (check digits where it has them)
        case "reference":
            // A reference of no known scheme (`other`) is the creditor's free text: nothing checks it.
            guard let ref = r.reference else { return .free }
            return ref.valid == true ? .checked : ref.type == .other ? .free : .grammar
        case "amount" where r.diagnostics.contains(where: { $0.code == .slipAmountWordsAgree }):
            return .checked   // the amount in words printed on the form says the same
        case "amount", "dueDate", "purpose", "symbols.variable", "symbols.constant", "symbols.specific", "alternativeAccounts":
            return .grammar
        default:
            return .free
        }
    }

    /// The value as text, for the label and whole-zone tests.
    static func text(of path: String, in r: PaymentRecord) -> String? {
        switch path {
        case "creditor.name": r.creditor?.name
        case "debtor.name": r.debtor?.name
        case "creditor.address": r.creditor?.address?.lines.joined(separator: " ")
        case "debtor.address": r.debtor?.address?.lines.joined(separator: " ")
        case "creditor.account.iban": r.creditor?.account?.iban
        case "debtor.account.iban": r.debtor?.account?.iban
        case "creditor.account.number": r.creditor?.account?.number
        case "amount": r.amount?.formattedValue
        case "reference": r.reference.map { ($0.model ?? "") + $0.value }
        case "remittanceInformation": r.remittanceInformation
        case "purpose": r.purpose
        case "dueDate": r.dueDate
        default: nil
        }
    }

    /// Whether the value is all the zone says (letters and digits; digits only for an amount): text besides it in
    /// the zone (a label, a neighbour's value) makes a right check less telling of the right field.
    static func accountsFor(_ value: String, zoneText: String, path: String) -> Bool {
        let keep: (Unicode.Scalar) -> Bool = path == "amount" || path == "dueDate"
            ? { $0.properties.numericType != nil } : { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        func compact(_ s: String) -> String {
            String(String.UnicodeScalarView(s.uppercased().unicodeScalars.filter(keep)))
        }
        var zone = compact(zoneText), v = compact(value)
        if path.contains(".account.") {
            // A national account is kept as its IBAN: the zone is clean when it holds the account's digit groups
            // (`160-0000012345678-67`, `19-2000145399/0800`) and no other word.
            let letters = zoneText.unicodeScalars.filter { $0.properties.isAlphabetic }
            let groups = zoneText.split { !$0.isASCII || !$0.isNumber }.map(String.init)
            let digits = String(value.filter { $0.isASCII && $0.isNumber })
            if zone == v { return true }
            return letters.count <= 2 && !groups.isEmpty && groups.allSatisfy { digits.contains($0.drop { $0 == "0" }) }
        }
        if path == "amount" {
            // `1.234,50 EUR` and `1234.50`; `45,-` and `45.00`: the digits, trailing zeros of the cents aside.
            while zone.hasSuffix("0"), zone.count > 1 { zone.removeLast() }
            while v.hasSuffix("0"), v.count > 1 { v.removeLast() }
        }
        return !v.isEmpty && zone == v
    }

    /// Every printed wording of the template's labels, folded, of four letters or more.
    static func labelWordings(_ t: SlipTemplate) -> [String] {
        t.anchors.flatMap(\.wordings).map(fold).filter { $0.count >= 4 }
    }

    /// A label's wording inside the value (`Betrag:` read as an amount's text, `Empfänger` as a name), or a word
    /// ending in a colon: label text is never a value.
    static func containsLabel(_ value: String, _ labels: [String]) -> Bool {
        if value.split(separator: " ").contains(where: { $0.count > 1 && $0.hasSuffix(":") }) { return true }
        let v = " " + fold(value) + " "
        return labels.contains { v.contains(" " + $0 + " ") }
    }

    /// Lower case, no diacritics, words of letters and digits (`Iznos:` and `iznos` are one word).
    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ")
    }

    static func union(_ a: [Int]?, _ b: [Int]?) -> [Int]? {
        guard let a, let b, a.count == 4, b.count == 4 else { return a ?? b }
        let x0 = min(a[0], b[0]), y0 = min(a[1], b[1])
        let x1 = max(a[0] &+ a[2], b[0] &+ b[2]), y1 = max(a[1] &+ a[3], b[1] &+ b[3])
        return [x0, y0, x1 &- x0, y1 &- y0]
    }
}

extension SlipReading {
    /// The same reading with its provenance said to come from Giro's own OCR (the image path).
    func readByGiro() -> SlipReading {
        var r = self
        r.record.provenance = SlipProvenance.derive(record, template: fit?.template, anchorsFound: fit?.anchors.count, source: .print)
        return r
    }
}
