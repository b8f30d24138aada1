import Foundation
import GiroCore
import GiroImaging

/// Turns a located template's zone readings into the payment record (`source.kind` `slip`).
enum SlipRecordBuilder {
    /// `page`: the words the form was read from, for rules that look beyond the zones (`amount-words`).
    static func build(_ match: SlipMatch, zones: [ZoneText], rules: SlipNationalRules, page: PageWords? = nil) -> PaymentRecord {
        let t = match.template
        let panEuropean = t.country == SlipTemplate.panEuropeanCountry
        var record = PaymentRecord(format: t.id, country: panEuropean ? nil : t.country, formatVersion: nil, source: SourceInfo(kind: "slip", slipClass: t.id))
        var diagnostics: [Diagnostic] = []
        var evidence: [FieldEvidence] = []

        let modelZone = t.zones.firstIndex { $0.field == "reference.model" }
        let bankZone = t.zones.contains { $0.options["bankZone"] != nil } ? t.zones.firstIndex { $0.field == "creditor.account.bankCode" } : nil
        // The currency zone is read first: the amount parser uses it when the amount prints none.
        var currency: String?
        let currencyZone = t.zones.firstIndex { $0.field == "currency" }
        // Kept for the zone loop: each zone is parsed once.
        var currencyOutcome: FieldOutcome?
        if let k = currencyZone, !zones[k].isEmpty {
            // The currency parser reads no other zone and no fallback currency: the vote's parse, if any, is the same.
            let o = zones[k].parsed?.outcome
                ?? SlipFieldReader.read(t.zones[k], text: zones[k], model: nil, template: t, currency: nil, rules: rules)
            if case .text(let c)? = o.value { currency = c }
            currencyOutcome = o
        }
        var codingLine: CodingLineReading?
        var printedAmount: Amount?, printedReference: Reference?

        for (k, zone) in t.zones.enumerated() {
            let text = zones[k]
            var ev = FieldEvidence(field: zone.field, box: text.box, text: text.isEmpty ? nil : text.text, confidence: text.confidence)
            defer { evidence.append(ev) }
            if text.isEmpty {
                if zone.required {
                    diagnostics.append(.warning(.slipFieldMissing, field: zone.field, uncertain: true,
                                                "zone \(zone.field) (\(mm(zone.box))): nothing read"))
                } else {
                    diagnostics.append(.info(.slipFieldEmpty, field: zone.field, "zone \(zone.field) (\(mm(zone.box))): empty"))
                }
                continue
            }
            // The model zone is read together with the reference it belongs to, a bank code box with its account.
            if k == modelZone || k == bankZone { continue }
            let model = zone.options["modelZone"] != nil ? modelZone.map { zones[$0] }
                : zone.options["bankZone"] != nil ? bankZone.map { zones[$0] } : nil
            let o = (k == currencyZone ? currencyOutcome : nil) ?? reused(text.parsed, model: model, currency: currency ?? t.currency)
                ?? SlipFieldReader.read(zone, text: text, model: model, template: t, currency: currency, rules: rules)
            ev.corrections = o.corrections
            if ev.confidence == nil { ev.confidence = o.confidence }
            diagnostics += o.diagnostics
            guard var value = o.value else {
                if zone.required, o.diagnostics.isEmpty {
                    diagnostics.append(.warning(.slipFieldMissing, field: zone.field, uncertain: true, "zone \(zone.field): no value"))
                }
                continue
            }
            // A name is judged before it is kept: an address line, digits or fragments are no name.
            if zone.parser == .text, zone.field.hasSuffix(".name"), case .text(let s) = value {
                switch SlipNameValue.judged(s, confidence: text.confidence) {
                case .name(let n): value = .text(n)
                case .rejected(let why):
                    diagnostics.append(.warning(.slipFieldUnreadable, field: zone.field, uncertain: true,
                                                "zone \(zone.field): \"\(SlipFieldReader.flat(s))\" is \(why), not a name; not read"))
                    continue
                }
            }
            switch value {
            case .amount(let a): printedAmount = a
            case .reference(let r): printedReference = r
            case .codingLine(let l): codingLine = l
            default: break
            }
            // A reference zone's unstructured text goes to the field its `otherField` option names.
            let target = zone.parser == .reference && value.isText ? zone.options["otherField"] ?? zone.field : zone.field
            // A name box whose label asks for the place too (`Name, Vorname/Firma, Ort`): the place is address.
            if zone.options["place"] == "afterComma", case .text(let s) = value, let (name, place) = namePlace(s),
               target.hasSuffix(".name") {
                assign(.text(name), to: target, in: &record, country: t.country)
                assign(.lines([place]), to: String(target.dropLast(5)) + ".address", in: &record, country: t.country)
                continue
            }
            assign(value, to: target, in: &record, country: t.country)
        }

        // A field the form prints twice (receipt and main part) is compared with its copy.
        if let page { SlipFormDuplicates.check(&record, match: match, zones: zones, page: page, rules: rules, diagnostics: &diagnostics) }
        if let line = codingLine { applyCodingLine(line, to: &record, printedAmount: printedAmount, printedReference: printedReference,
                                                    check: t.rules.contains(.codingLine), diagnostics: &diagnostics) }
        for rule in t.rules { apply(rule, to: record, diagnostics: &diagnostics) }
        if t.rules.contains(.accountCheck) { applyAccountCheck(record, country: t.country, rules: rules, diagnostics: &diagnostics) }
        if let page { SlipAmountWordsCheck.check(record, match: match, page: page, diagnostics: &diagnostics) }

        // A SEPA-wide form is of the creditor's country, as the EPC QR record is.
        if panEuropean, let iban = record.creditor?.account?.iban, iban.utf8.count >= 2 { record.country = String(iban.prefix(2)) }
        if let g = match.fallback {
            if match.relaxed { fill(&record, evidence: &evidence, from: g, diagnostics: &diagnostics) } else { fillChecked(&record, evidence: &evidence, from: g, diagnostics: &diagnostics) }
        }
        record.source.evidence = evidence
        if match.relaxed {
            diagnostics.append(.warning(.slipUnknownClass, field: "source.slipClass", uncertain: true,
                "recognised as \(t.id) by its printed labels; too few of them agree with the template's layout"))
        }
        record.diagnostics = diagnostics
        record.status = RecordStatus.derived(from: diagnostics)
        record.provenance = SlipProvenance.derive(record, template: t, anchorsFound: match.anchors.count)
        return record
    }

    /// `Dörte Schäfer, Köln` → (`Dörte Schäfer`, `Köln`): the last comma's part is the place when it is one to
    /// three words with a letter and the name before it has two words or more (`Schäfer, Dörte` stays whole: a
    /// surname and first name, `Name, Vorname` as the same label allows).
    static func namePlace(_ s: String) -> (name: String, place: String)? {
        guard let comma = s.lastIndex(of: ",") else { return nil }
        let name = s[..<comma].trimmingCharacters(in: .whitespaces), place = s[s.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        let placeWords = place.split(separator: " "), nameWords = name.split(whereSeparator: { $0 == " " || $0 == "," })
        guard (1...3).contains(placeWords.count), place.contains(where: \.isLetter), nameWords.count >= 2 else { return nil }
        return (name, place)
    }

    /// The vote's parse of this reading, when it was made with the same companion text and currency.
    static func reused(_ p: ParsedZone?, model: ZoneText?, currency: String?) -> FieldOutcome? {
        guard let p, p.companion == model?.text, p.currency == currency else { return nil }
        return p.outcome
    }

    static func mm(_ b: SlipBox) -> String {
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v) }
        return "x \(f(b.x)) y \(f(b.y)) w \(f(b.w)) h \(f(b.h)) mm"
    }

    static func assign(_ value: SlipValue, to field: String, in r: inout PaymentRecord, country: String) {
        func text() -> String? {
            switch value {
            case .text(let s): s
            case .lines(let ls): ls.joined(separator: " ")
            default: nil
            }
        }
        func lines() -> [String] {
            switch value {
            case .lines(let ls): ls
            case .text(let s): [s]
            default: []
            }
        }
        func party(_ p: Party?) -> Party { p ?? Party() }
        switch field {
        case "creditor.name": r.creditor = with(party(r.creditor)) { $0.name = text() }
        case "debtor.name": r.debtor = with(party(r.debtor)) { $0.name = text() }
        case "creditor.address":
            r.creditor = with(party(r.creditor)) { $0.address = with($0.address ?? Address()) { $0.lines += lines() } }
        case "debtor.address":
            r.debtor = with(party(r.debtor)) { $0.address = with($0.address ?? Address()) { $0.lines += lines() } }
        case "creditor.account.iban":
            if case .account(let a) = value { r.creditor = with(party(r.creditor)) { $0.account = merged(a, into: $0.account) }; break }
            r.creditor = with(party(r.creditor)) { $0.account = with($0.account ?? Account()) { $0.iban = text() } }
        case "creditor.account.bic":
            r.creditor = with(party(r.creditor)) { $0.account = with($0.account ?? Account()) { $0.bic = text() } }
        case "creditor.account.number":
            r.creditor = with(party(r.creditor)) { $0.account = with($0.account ?? Account()) { $0.number = text() } }
        case "creditor.account.bankCode":
            r.creditor = with(party(r.creditor)) { $0.account = with($0.account ?? Account()) { $0.bankCode = text() } }
        case "debtor.account.iban":
            if case .account(let a) = value { r.debtor = with(party(r.debtor)) { $0.account = merged(a, into: $0.account) }; break }
            r.debtor = with(party(r.debtor)) { $0.account = with($0.account ?? Account()) { $0.iban = text() } }
        case "amount":
            if case .amount(let a) = value { r.amount = a }
        case "currency":
            if let c = text(), var a = r.amount { a.currency = c; r.amount = a }
        case "reference":
            if case .reference(let ref) = value { r.reference = ref }
        case "remittanceInformation":
            if let s = text() { r.remittanceInformation = r.remittanceInformation.map { $0 + " " + s } ?? s }
        case "purpose": r.purpose = text()?.uppercased()
        case "dueDate": r.dueDate = text()
        case "alternativeAccounts":
            // Further accounts of the creditor (Kos-GIRO issuers print one per bank), one IBAN per line.
            r.alternativeAccounts += lines().map { Account(iban: $0) }
        case "codingLine": break
        case "symbols.variable": r.symbols = with(r.symbols ?? PaymentSymbols()) { $0.variable = text() }
        case "symbols.constant": r.symbols = with(r.symbols ?? PaymentSymbols()) { $0.constant = text() }
        case "symbols.specific": r.symbols = with(r.symbols ?? PaymentSymbols()) { $0.specific = text() }
        default:
            if field.hasPrefix("extras."), let s = text() { r.extras["\(country.lowercased()).\(field.dropFirst(7))"] = s }
        }
    }

    /// A national account read by the `account` parser: IBAN, domestic number and bank code (a BIC read
    /// by its own zone is kept).
    static func merged(_ a: Account, into old: Account?) -> Account {
        with(a) { $0.bic = old?.bic ?? a.bic }
    }

    /// The coding line is the machine-readable truth of its slip (a Swiss ESR/ES): its account, amount and
    /// reference fill the record, with the extras its country's reader names; the printed ones are compared with it.
    static func applyCodingLine(_ l: CodingLineReading, to r: inout PaymentRecord, printedAmount: Amount?, printedReference: Reference?,
                                check: Bool, diagnostics: inout [Diagnostic]) {
        for (key, value) in l.extras { r.extras[key] = value }
        if let account = l.account {
            r.creditor = with(r.creditor ?? Party()) { party in
                party.account = with(party.account ?? Account()) {
                    $0.number = account.number
                    if let bank = account.bankCode { $0.bankCode = bank }
                }
            }
        }
        if let a = l.amount {
            if check, let p = printedAmount, p != a {
                diagnostics.append(.warning(.slipRuleFailed, field: "amount", uncertain: true,
                                            "coding line amount \(a) differs from the printed amount \(p)"))
            }
            r.amount = a
        }
        if let coded = l.reference {
            if check, let p = printedReference, p.value.filter(\.isNumber) != coded.value {
                diagnostics.append(.warning(.slipRuleFailed, field: "reference", uncertain: true,
                                            "coding line reference \(coded.value) differs from the printed reference \(p.value)"))
            }
            r.reference = coded
        }
    }

    static func apply(_ rule: SlipRule, to r: PaymentRecord, diagnostics: inout [Diagnostic]) {
        switch rule {
        case .referenceCheck:
            if let ref = r.reference, ref.valid == false,
               !diagnostics.contains(where: { $0.field == "reference" && $0.uncertain }) {
                diagnostics.append(.warning(.slipFieldInvalid, field: "reference", uncertain: true,
                                            "reference \(ref.model.map { $0 + " " } ?? "")\(ref.value) fails its check digits"))
            }
        case .ibanNationalCheck:
            // The IBAN parser already applies GiroCore's national check digits; a failing IBAN was not used.
            break
        case .codingLine, .amountWords, .accountCheck:
            break
        }
    }

    static func with<T>(_ v: T, _ change: (inout T) -> Void) -> T {
        var v = v
        change(&v)
        return v
    }
}
