import Foundation
import GiroCore
import GiroParsers

/// What a zone's parser made of its text.
enum SlipValue: Sendable, Hashable {
    case text(String)
    case lines([String])
    case amount(Amount)
    case reference(Reference)
    case codingLine(CodingLineReading)
    case account(Account)

    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}

struct FieldOutcome: Sendable {
    var value: SlipValue?
    var corrections: [String] = []
    /// The parser's confidence, 0…100, when it gives one.
    var confidence: Int?
    var diagnostics: [Diagnostic] = []
}

/// Runs one zone's parser (GiroParsers) on the zone's text. Never invents: no text, no value.
enum SlipFieldReader {
    static func read(_ zone: SlipZone, text: ZoneText, model: ZoneText?, template: SlipTemplate, currency: String?,
                     rules: SlipNationalRules) -> FieldOutcome {
        SlipParseCounter.current?.count(zone.field)
        // The form's own labels and printed instructions are never the value (a crop that took in the label line).
        var text = text
        if SlipPrintedText.applies(to: zone.parser), !text.isEmpty {
            let kept = SlipPrintedText.of(template).cleaned(text.lines)
            // Only printed text: the box is empty.
            if kept.isEmpty { return FieldOutcome() }
            text.lines = kept
        }
        let raw = text.text
        let context = ParseContext(country: template.country, currency: zone.options["currency"] ?? currency ?? template.currency)
        var out = FieldOutcome()
        func unreadable(_ why: String) -> FieldOutcome {
            var o = FieldOutcome()
            o.diagnostics.append(.warning(.slipFieldUnreadable, field: zone.field, uncertain: true,
                                          "zone \(zone.field): \(why) in \"\(flat(raw))\""))
            return o
        }
        func take(_ c: ParseCandidate) {
            out.corrections = c.corrections.map(\.description)
            out.confidence = Int((c.confidence * 100).rounded())
            if c.status != .valid {
                let why = c.notes.isEmpty ? c.status.rawValue : c.notes.joined(separator: ", ")
                out.diagnostics.append(.warning(.slipFieldInvalid, field: zone.field, uncertain: true,
                                                "zone \(zone.field): \(c.value) read from \"\(flat(raw))\" is \(c.status.rawValue) (\(why))"))
            }
        }
        switch zone.parser {
        case .iban where zone.field == "alternativeAccounts":
            // Further accounts of the creditor, one IBAN per line; a line failing its checks is left out (and said).
            var ibans: [String] = []
            var corrections: [String] = []
            for line in text.lines {
                guard let c = best(IBANParser(nationalForms: false), line, context), c.type == "iban" else { continue }
                take(c)
                corrections += out.corrections
                if c.status != .invalid { ibans.append(c.value) }
            }
            out.corrections = corrections
            if ibans.isEmpty, out.diagnostics.isEmpty { return unreadable("no IBAN") }
            if !ibans.isEmpty { out.value = .lines(ibans) }
        case .iban:
            var found = best(IBANParser(nationalForms: false), raw, context).flatMap { $0.type == "iban" ? $0 : nil }
            // The country code read as look-alikes (`S156`): taken only where the IBAN's checks then pass.
            if found?.status != .valid, let folded = SlipReferenceModel.ibanCountryFolded(raw),
               let c = best(IBANParser(nationalForms: false), folded, context), c.type == "iban", c.status == .valid {
                found = c
                out.corrections = ["country code \(c.value.prefix(2)) read as look-alikes"]
            }
            guard let c = found else { return unreadable("no IBAN") }
            let folded = out.corrections
            take(c)
            out.corrections += folded
            // An IBAN failing its checks is not used: which character is wrong cannot be known.
            if c.status != .invalid { out.value = .text(c.value) }
        case .bic:
            let compact = String(raw.filter { !$0.isWhitespace }).uppercased()
            guard BIC.isValid(compact) else { return unreadable("no BIC") }
            out.value = .text(compact)
        case .amount:
            // OCR sets a space after the decimal comma (`=4.054, 86`): the cents are the number's.
            let raw = SlipAmountUnits.closingCents(raw)
            if let c = best(AmountParser(), raw, context), let value = c.amount, let cur = c.currency {
                // Units read without the cents the form prints (`4.054` of `4.054,86`, `20` of `20,33`): not
                // completed with `.00`, which would pass for an exact amount.
                if SlipAmountUnits.whole(value), !SlipAmountUnits.printsWholeUnits(zone, currency: cur), !SlipAmountUnits.showsCents(raw) {
                    return unreadable("\(value) without the cents")
                }
                take(c)
                out.value = .amount(Amount(value: value, currency: cur))
            } else if let split = boxedAmount(raw), let cur = context.currency {
                // Box forms print units and cents in separate boxes: `1949 75`.
                out.value = .amount(Amount(value: split, currency: cur))
            } else {
                return unreadable("no amount")
            }
        case .currency:
            let code = String(raw.filter(\.isLetter)).uppercased()
            guard code.count == 3, Currency.isValid(code) else { return unreadable("no ISO 4217 code") }
            out.value = .text(code)
        case .reference:
            // The model box's look-alikes put back (`S100` → `SI00`) before it is joined to the number.
            let model = model.map { m in m.isEmpty ? m : with(m) { $0.lines = [SlipReferenceModel.normalized(m.text, country: template.country)] } }
            var input = raw
            if let m = zone.options["model"] { input = m + " " + raw }
            if let model, !model.isEmpty { input = model.text + " " + raw }
            if let rule = rules.references[template.country],
               let r = rule.read(model: model.map { $0.text } ?? zone.options["model"], number: raw) {
                out.value = .reference(r.reference)
                out.diagnostics += r.problems.map { .warning(.slipFieldInvalid, field: zone.field, uncertain: true, "reference " + $0) }
            } else if let c = best(ReferenceParser(), input, context) {
                take(c)
                out.value = .reference(reference(from: c))
            } else {
                // Not a structured reference: kept as the creditor's unstructured reference, unchecked.
                let cleaned = flat(raw)
                guard !cleaned.isEmpty else { return unreadable("no reference") }
                // A form with one communication box (Belgium): free text there is remittance information, not a reference.
                if zone.options["otherField"] != nil {
                    out.value = .text(cleaned)
                    // Frame marks or slashed digit groups that do not read as a structured reference are an OCR
                    // slip of one (`++4+123/4567/…`), not free text: kept as text, but the record is uncertain.
                    if looksStructured(cleaned) {
                        out.diagnostics.append(.warning(.slipFieldUnreadable, field: zone.field, uncertain: true,
                                                        "zone \(zone.field): \"\(cleaned)\" looks like a structured reference but does not read as one; kept as text"))
                    }
                    return out
                }
                out.value = .reference(Reference(type: ReferenceType(rawValue: zone.options["otherType"] ?? "other"), value: cleaned, valid: nil))
            }
        case .date:
            guard let c = best(DateParser(), raw, context) else { return SlipDates.impossible(zone, raw: raw) ?? unreadable("no date") }
            take(c)
            out.value = .text(c.value)
        case .text:
            let mended = SlipText.mendingAbbreviations(flat(raw))
            var t = mended.text
            out.corrections = mended.corrections
            if let n = zone.options["maxLength"].flatMap(Int.init), t.count > n { t = String(t.prefix(n)) }
            out.value = .text(t)
        case .lines:
            var ls = text.lines.map(flat).filter { !$0.isEmpty }
            if let n = zone.options["maxLines"].flatMap(Int.init), ls.count > n { ls = Array(ls.prefix(n)) }
            out.value = .lines(ls)
        case .digits:
            let d = String(raw.filter { $0.isASCII && $0.isNumber })
            if let r = zone.options["length"].flatMap(lengthRange), !r.contains(d.count) {
                return unreadable("\(d.count) digits where \(zone.options["length"] ?? "") are expected")
            }
            guard !d.isEmpty else { return unreadable("no digits") }
            out.value = .text(d)
        case .regex:
            guard let pattern = zone.options["pattern"], let p = try? RegexFieldParser(pattern),
                  let c = best(p, raw, context) else { return unreadable("no match of the pattern") }
            out.value = .text(c.value)
        case .account:
            let country = zone.options["country"] ?? template.country
            // The bank code printed in its own box (`bankZone`) follows the number after `/`.
            let account = model.map { $0.isEmpty ? raw : raw + "/" + $0.text } ?? raw
            // OCR puts spaces around separators and between digit groups; the checks decide, not the spacing.
            let compact = String(account.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)).uppercased()
            guard let rule = rules.accounts[country] else { return unreadable("no \(country) account rule") }
            guard !compact.isEmpty, compact.utf8.count <= 40 else { return unreadable("no \(country) account") }
            switch rule.read(compact) {
            case .account(let a): out.value = .account(a)
            case .failedCheck(let s):
                // Not used, as a failing IBAN: which digit is wrong cannot be known.
                out.diagnostics.append(.warning(.slipFieldInvalid, field: zone.field, uncertain: true,
                                                "zone \(zone.field): account \(s) fails its \(country) check digits"))
            case .notAnAccount: return unreadable("no \(country) account")
            }
        case .national:
            let type = zone.options["type"] ?? ""
            guard let field = rules.textFields[type], !field.shape.builtIn else { return unreadable("no national text field \(type)") }
            guard let c = best(NationalFieldParser(fields: [field], zone: true), raw, context) else { return unreadable("no \(type)") }
            take(c)
            // A failed check leaves the field empty, as a failing account does: which digit is wrong cannot be known.
            if c.status != .invalid {
                out.value = field.family == .reference ? .reference(reference(from: c)) : .text(c.value)
            }
        case .codingLine:
            let id = zone.options["codingLine"] ?? ""
            guard let reader = rules.codingLines[id] else { return unreadable("no coding-line reader \(id)") }
            guard let line = reader.read(raw) else {
                guard partialCodingLine(raw, alphabet: reader.alphabet) else { return unreadable("no coding line") }
                // Blocks of a line but not the whole line (one row of a two-row line, a block cut off): a fragment's
                // digits can pass for another block's, so nothing is read from it.
                var o = FieldOutcome()
                o.diagnostics.append(.warning(.slipCodingLinePartial, field: zone.field, uncertain: true,
                                              "zone \(zone.field): only part of a \(id) coding line in \"\(flat(raw))\"; not read"))
                return o
            }
            out.value = .codingLine(line)
            if !line.failedChecks.isEmpty {
                out.diagnostics.append(.warning(.slipFieldInvalid, field: zone.field, uncertain: true,
                                                "coding line \(line.normalized): check digit wrong for \(line.failedChecks.joined(separator: ", "))"))
            }
            if line.account == nil {
                out.diagnostics.append(.warning(.slipFieldInvalid, field: zone.field, uncertain: true,
                                                "coding line \(line.normalized) ends before the account: the creditor's account is not read from it"))
            }
        }
        return out
    }

    /// Whether the text holds a run of three or more digits closed by one of the line's separators (`>`, `+`).
    static func partialCodingLine(_ raw: String, alphabet: String) -> Bool {
        let separators = Set(alphabet.utf8.filter { !($0 >= 48 && $0 <= 57) && $0 != UInt8(ascii: " ") })
        var digits = 0
        for b in raw.utf8.prefix(1000) {
            if b >= 48, b <= 57 { digits += 1; continue }
            if separators.contains(b), digits >= 3 { return true }
            if b != UInt8(ascii: " ") { digits = 0 }
        }
        return false
    }

    static func best(_ parser: some FieldParser, _ text: String, _ context: ParseContext) -> ParseCandidate? {
        (try? parser.parse(text, context: context))?.first
    }

    /// A `Reference` as the barcode plug-ins build it: model apart, `parts` split at hyphens.
    static func reference(from c: ParseCandidate) -> Reference {
        let valid: Bool? = c.status == .valid ? true : c.status == .invalid ? false : nil
        switch c.type {
        case "hr.model", "si.model":
            let number = c.fields["reference"] ?? c.value
            return Reference(type: ReferenceType(rawValue: c.type), value: number, valid: valid, model: c.fields["model"],
                             parts: number.split(separator: "-").map(String.init))
        default:
            return Reference(type: ReferenceType(rawValue: c.type), value: c.value, valid: valid)
        }
    }

    /// `++`/`**` frame marks, or two slashes among ten or more digits (`123/4567/89012`).
    static func looksStructured(_ s: String) -> Bool {
        let u = Array(s.utf8)
        if zip(u, u.dropFirst()).contains(where: { $0 == $1 && ($0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "*")) }) { return true }
        return u.filter { $0 == UInt8(ascii: "/") }.count >= 2 && u.filter { $0 >= 48 && $0 <= 57 }.count >= 10
    }

    /// `1949 75` (units and cents in their own boxes) → 1949.75; nil for anything else.
    static func boxedAmount(_ raw: String) -> Decimal? {
        // Fill marks before or after the number (`======848 00`, `***12 50`) guard it against additions; not digits.
        let fill: Set<Character> = ["=", "*", "-", "#"]
        let trimmed = raw.drop { fill.contains($0) || $0 == " " }.reversed().drop { fill.contains($0) || $0 == " " }.reversed()
        let groups = String(trimmed).split { $0 == " " || $0 == "\n" || $0 == "." || $0 == "," }
        guard groups.count == 2, let units = groups.first, let cents = groups.last, cents.count == 2, units.count <= 12,
              units.allSatisfy({ $0.isASCII && $0.isNumber }), cents.allSatisfy({ $0.isASCII && $0.isNumber }),
              let u = Decimal(string: String(units)), let c = Decimal(string: String(cents)) else { return nil }
        return u + c / 100
    }

    static func with(_ z: ZoneText, _ change: (inout ZoneText) -> Void) -> ZoneText {
        var z = z
        change(&z)
        return z
    }

    static func flat(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `8` or `5-10`.
    static func lengthRange(_ s: String) -> ClosedRange<Int>? {
        let p = s.split(separator: "-", omittingEmptySubsequences: false)
        if p.count == 1, let n = Int(p[0]), n > 0, n <= 1000 { return n...n }
        if p.count == 2, let a = Int(p[0]), let b = Int(p[1]), a > 0, a <= b, b <= 1000 { return a...b }
        return nil
    }
}
