import GiroCore
import GiroOCR
import GiroParsers

/// Reads and validates template files (schema 1, `docs/slip-templates.md`). Every problem is a
/// `slip_template_invalid` error whose `field` is the key path, `line` the line, and message `file:line: key: …`.
public enum SlipTemplateLoader {
    /// Record paths a zone may fill (besides `extras.<key>`).
    public static let fields: Set<String> = [
        "creditor.name", "creditor.address", "creditor.account.iban", "creditor.account.bic",
        "creditor.account.number", "creditor.account.bankCode", "debtor.name", "debtor.address",
        "debtor.account.iban", "amount", "currency", "reference", "reference.model", "remittanceInformation",
        "purpose", "dueDate", "codingLine", "alternativeAccounts",
        "symbols.variable", "symbols.constant", "symbols.specific",
    ]

    static let topKeys: Set<String> = ["schema", "id", "country", "name", "size", "languages", "currency", "classify", "zones", "rules", "priority", "printed"]
    static let maxZones = 64
    static let maxAnchors = 64
    /// Other wordings per anchor at most.
    static let maxVariants = 16
    static let maxSideMM = 1000.0
    /// Printed instructions and hints per template at most.
    static let maxPrinted = 64

    /// Parses one template file's bytes; `file` is only used in error messages and kept on the template.
    public static func load(_ bytes: [UInt8], file: String) throws(GiroError) -> SlipTemplate {
        let root = try TemplateJSON.parse(bytes, file: file)
        var v = Validator(file: file)
        return try v.template(root)
    }

    /// Loads a set, refusing duplicate ids; sorted for classification (priority high first, then id).
    public static func loadAll(_ files: [(name: String, bytes: [UInt8])]) throws(GiroError) -> [SlipTemplate] {
        var out: [SlipTemplate] = []
        var seen: [String: String] = [:]
        for f in files {
            let t = try load(f.bytes, file: f.name)
            if let other = seen[t.id] {
                throw GiroError(.slipTemplateInvalid, field: "id", line: nil, "\(f.name): id: \(t.id) is already defined by \(other)")
            }
            seen[t.id] = f.name
            out.append(t)
        }
        return ordered(out)
    }

    static func ordered(_ ts: [SlipTemplate]) -> [SlipTemplate] {
        ts.sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.id < $1.id }
    }

    private struct Validator {
        let file: String

        func fail(_ key: String, _ line: Int, _ message: String) -> GiroError {
            GiroError(.slipTemplateInvalid, field: key, line: line, "\(file):\(line): \(key): \(message)")
        }

        typealias Members = [(key: String, value: TemplateJSON, line: Int)]

        func object(_ v: TemplateJSON, _ key: String, allowed: Set<String>) throws(GiroError) -> Members {
            guard case .object(let m, _) = v else { throw fail(key, v.line, "expected an object, found \(v.typeName)") }
            for member in m where !allowed.contains(member.key) {
                throw fail(key.isEmpty ? member.key : "\(key).\(member.key)", member.line, "unknown key")
            }
            return m
        }

        func member(_ m: Members, _ name: String, in key: String, line: Int) throws(GiroError) -> (TemplateJSON, Int) {
            guard let e = m.first(where: { $0.key == name }) else { throw fail(path(key, name), line, "missing") }
            return (e.value, e.line)
        }

        func path(_ a: String, _ b: String) -> String { a.isEmpty ? b : "\(a).\(b)" }

        func string(_ v: TemplateJSON, _ key: String) throws(GiroError) -> String {
            guard case .string(let s, _) = v else { throw fail(key, v.line, "expected a string, found \(v.typeName)") }
            return s
        }

        func number(_ v: TemplateJSON, _ key: String) throws(GiroError) -> Double {
            guard case .number(let d, _) = v else { throw fail(key, v.line, "expected a number, found \(v.typeName)") }
            return d
        }

        func integer(_ v: TemplateJSON, _ key: String) throws(GiroError) -> Int {
            let d = try number(v, key)
            guard d == d.rounded(), abs(d) <= 1_000_000 else { throw fail(key, v.line, "expected an integer") }
            return Int(d)
        }

        func stringList(_ v: TemplateJSON, _ key: String) throws(GiroError) -> [String] {
            guard case .array(let items, _) = v else { throw fail(key, v.line, "expected an array, found \(v.typeName)") }
            var out: [String] = []
            for (i, item) in items.enumerated() { out.append(try string(item, "\(key)[\(i)]")) }
            return out
        }

        func box(_ v: TemplateJSON, _ key: String, width: Double, height: Double) throws(GiroError) -> SlipBox {
            let m = try object(v, key, allowed: ["x", "y", "w", "h"])
            var n: [Double] = []
            for name in ["x", "y", "w", "h"] {
                let (e, _) = try member(m, name, in: key, line: v.line)
                n.append(try number(e, path(key, name)))
            }
            let b = SlipBox(x: n[0], y: n[1], w: n[2], h: n[3])
            guard b.w > 0, b.h > 0 else { throw fail(key, v.line, "width and height must be positive") }
            guard b.x >= 0, b.y >= 0, b.x + b.w <= width + 1e-9, b.y + b.h <= height + 1e-9 else {
                throw fail(key, v.line, "box \(b.x),\(b.y) \(b.w)×\(b.h) mm lies outside the form (\(width)×\(height) mm)")
            }
            return b
        }

        mutating func template(_ root: TemplateJSON) throws(GiroError) -> SlipTemplate {
            let m = try object(root, "", allowed: SlipTemplateLoader.topKeys)
            let (schemaV, _) = try member(m, "schema", in: "", line: root.line)
            guard try integer(schemaV, "schema") == SlipTemplate.schemaVersion else {
                throw fail("schema", schemaV.line, "unsupported schema (this Giro reads schema \(SlipTemplate.schemaVersion))")
            }
            let (countryV, _) = try member(m, "country", in: "", line: root.line)
            let country = try string(countryV, "country")
            guard country == SlipTemplate.panEuropeanCountry || (country.utf8.count == 2 && CountryCode.isValid(country)) else {
                throw fail("country", countryV.line, "not an ISO 3166 alpha-2 code (or SEPA)")
            }
            let (idV, _) = try member(m, "id", in: "", line: root.line)
            let id = try string(idV, "id")
            guard Self.validID(id, country: country) else {
                throw fail("id", idV.line, "must be <country in lower case>.<slip> (lower-case letters, digits, '-'), e.g. \(country.lowercased()).my-form")
            }
            let (nameV, _) = try member(m, "name", in: "", line: root.line)
            let name = try string(nameV, "name")
            let (sizeV, _) = try member(m, "size", in: "", line: root.line)
            let sm = try object(sizeV, "size", allowed: ["width", "height"])
            let width = try number(try member(sm, "width", in: "size", line: sizeV.line).0, "size.width")
            let height = try number(try member(sm, "height", in: "size", line: sizeV.line).0, "size.height")
            guard width > 10, height > 10, width <= SlipTemplateLoader.maxSideMM, height <= SlipTemplateLoader.maxSideMM else {
                throw fail("size", sizeV.line, "width and height must be 10…1000 mm")
            }
            var languages = ["eng"]
            if let l = m.first(where: { $0.key == "languages" }) {
                languages = try stringList(l.value, "languages")
                try checkLanguages(languages, "languages", l.line)
            }
            var currency: String?
            if let c = m.first(where: { $0.key == "currency" }) {
                let code = try string(c.value, "currency")
                guard Currency.isValid(code) else { throw fail("currency", c.line, "not an ISO 4217 code") }
                currency = code
            }
            var priority = 0
            if let p = m.first(where: { $0.key == "priority" }) { priority = try integer(p.value, "priority") }

            let (classifyV, _) = try member(m, "classify", in: "", line: root.line)
            let cm = try object(classifyV, "classify", allowed: ["anchors", "minAnchors", "absent"])
            let (anchorsV, _) = try member(cm, "anchors", in: "classify", line: classifyV.line)
            guard case .array(let anchorItems, _) = anchorsV else { throw fail("classify.anchors", anchorsV.line, "expected an array") }
            guard anchorItems.count <= SlipTemplateLoader.maxAnchors else { throw fail("classify.anchors", anchorsV.line, "more than \(SlipTemplateLoader.maxAnchors) anchors") }
            var anchors: [SlipAnchor] = []
            for (i, a) in anchorItems.enumerated() {
                let key = "classify.anchors[\(i)]"
                let am = try object(a, key, allowed: ["text", "box", "required", "variants", "id"])
                let text = try string(try member(am, "text", in: key, line: a.line).0, "\(key).text")
                guard !SlipText.tokens(text).isEmpty else { throw fail("\(key).text", a.line, "has no letters or digits") }
                let b = try box(try member(am, "box", in: key, line: a.line).0, "\(key).box", width: width, height: height)
                var required = false
                if let r = am.first(where: { $0.key == "required" }) {
                    guard case .bool(let flag, _) = r.value else { throw fail("\(key).required", r.line, "expected true or false") }
                    required = flag
                }
                var anchor = SlipAnchor(text: text, box: b, required: required)
                if let v = am.first(where: { $0.key == "variants" }) {
                    let vs = try stringList(v.value, "\(key).variants")
                    guard vs.count <= SlipTemplateLoader.maxVariants else { throw fail("\(key).variants", v.line, "more than \(SlipTemplateLoader.maxVariants) wordings") }
                    for w in vs where SlipText.tokens(w).isEmpty { throw fail("\(key).variants", v.line, "\"\(w.prefix(40))\" has no letters or digits") }
                    anchor.variants = vs
                }
                if let v = am.first(where: { $0.key == "id" }) {
                    let name = try string(v.value, "\(key).id")
                    guard !name.isEmpty, name.utf8.count <= 40 else { throw fail("\(key).id", v.line, "must be 1…40 characters") }
                    guard !anchors.contains(where: { $0.id == name }) else { throw fail("\(key).id", v.line, "\(name) names another anchor") }
                    anchor.id = name
                }
                anchors.append(anchor)
            }
            let (minV, _) = try member(cm, "minAnchors", in: "classify", line: classifyV.line)
            let minAnchors = try integer(minV, "classify.minAnchors")
            guard minAnchors >= 2 else { throw fail("classify.minAnchors", minV.line, "must be at least 2 (two points fix scale and rotation)") }
            guard minAnchors <= anchors.count else {
                throw fail("classify.minAnchors", minV.line, "\(minAnchors) anchors required but only \(anchors.count) defined")
            }

            let absent = try absentLabels(cm, anchors: anchors)

            let (zonesV, _) = try member(m, "zones", in: "", line: root.line)
            guard case .array(let zoneItems, _) = zonesV, !zoneItems.isEmpty else { throw fail("zones", zonesV.line, "expected a non-empty array") }
            guard zoneItems.count <= SlipTemplateLoader.maxZones else { throw fail("zones", zonesV.line, "more than \(SlipTemplateLoader.maxZones) zones") }
            var zones: [SlipZone] = []
            for (i, z) in zoneItems.enumerated() {
                zones.append(try zone(z, "zones[\(i)]", width: width, height: height, others: zones, anchors: anchors))
            }
            for (i, z) in zones.enumerated() {
                if let mz = z.options["modelZone"], !zones.contains(where: { $0.field == mz }) {
                    throw fail("zones[\(i)].options.modelZone", zoneItems[i].line, "no zone fills \(mz)")
                }
                if let bz = z.options["bankZone"], !zones.contains(where: { $0.field == bz }) {
                    throw fail("zones[\(i)].options.bankZone", zoneItems[i].line, "no zone fills \(bz)")
                }
            }

            var rules: [SlipRule] = []
            if let r = m.first(where: { $0.key == "rules" }) {
                guard case .array(let items, _) = r.value else { throw fail("rules", r.line, "expected an array") }
                for (i, item) in items.enumerated() {
                    let key = "rules[\(i)]"
                    let rm = try object(item, key, allowed: ["rule"])
                    let (nameV, _) = try member(rm, "rule", in: key, line: item.line)
                    let n = try string(nameV, "\(key).rule")
                    guard let rule = SlipRule(rawValue: n) else {
                        throw fail("\(key).rule", nameV.line, "unknown rule \"\(n)\" (known: \(SlipRule.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    if rule == .codingLine, !zones.contains(where: { $0.parser == .codingLine }) {
                        throw fail("\(key).rule", nameV.line, "coding-line needs a zone with parser coding-line")
                    }
                    if rule == .accountCheck, !(zones.contains { $0.field == "creditor.account.bankCode" } && zones.contains { $0.field == "creditor.account.number" }) {
                        throw fail("\(key).rule", nameV.line, "account-check needs zones for creditor.account.bankCode and creditor.account.number")
                    }
                    rules.append(rule)
                }
            }
            var template = SlipTemplate(id: id, country: country, name: name, width: width, height: height, languages: languages,
                                        currency: currency, anchors: anchors, minAnchors: minAnchors, absent: absent, priority: priority,
                                        zones: zones, rules: rules, file: file)
            template.printed = try printedText(m)
            return template
        }

        /// `printed`: the form's printed instructions and hints, as printed (never values).
        func printedText(_ m: Members) throws(GiroError) -> [String] {
            guard let p = m.first(where: { $0.key == "printed" }) else { return [] }
            let ws = try stringList(p.value, "printed")
            guard ws.count <= SlipTemplateLoader.maxPrinted else { throw fail("printed", p.line, "more than \(SlipTemplateLoader.maxPrinted) texts") }
            for (i, w) in ws.enumerated() {
                guard !SlipText.tokens(w).isEmpty, w.utf8.count <= 300 else {
                    throw fail("printed[\(i)]", p.line, "\"\(w.prefix(40))\" has no letters or digits, or is longer than 300 bytes")
                }
            }
            return ws
        }

        /// `classify.absent`: wordings that must not be printed on the form (a sibling's label). None may be one of
        /// the template's own anchors' wordings: the form would exclude itself.
        func absentLabels(_ cm: Members, anchors: [SlipAnchor]) throws(GiroError) -> [String] {
            guard let a = cm.first(where: { $0.key == "absent" }) else { return [] }
            let key = "classify.absent"
            let ws = try stringList(a.value, key)
            guard ws.count <= SlipTemplateLoader.maxVariants else { throw fail(key, a.line, "more than \(SlipTemplateLoader.maxVariants) wordings") }
            let own = anchors.flatMap(\.wordings).map(SlipText.tokens)
            for (i, w) in ws.enumerated() {
                let toks = SlipText.tokens(w)
                guard !toks.isEmpty else { throw fail("\(key)[\(i)]", a.line, "\"\(w.prefix(40))\" has no letters or digits") }
                // Matched inside one of the form's own labels, it would exclude the form itself.
                let inside = own.contains { o in
                    o.count >= toks.count && (0...(o.count - toks.count)).contains { s in
                        zip(o[s..<(s + toks.count)], toks).allSatisfy { SlipText.matches($0, $1) }
                    }
                }
                if inside {
                    throw fail("\(key)[\(i)]", a.line, "\"\(w.prefix(40))\" is printed in one of this template's own anchors")
                }
            }
            return ws
        }

        func checkLanguages(_ ls: [String], _ key: String, _ line: Int) throws(GiroError) {
            for l in ls where l.isEmpty || l.utf8.count > 16 || !l.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 95 }) {
                throw fail(key, line, "\"\(l)\" is not a Tesseract language code")
            }
        }

        func zone(_ z: TemplateJSON, _ key: String, width: Double, height: Double, others: [SlipZone], anchors: [SlipAnchor]) throws(GiroError) -> SlipZone {
            let zm = try object(z, key, allowed: ["field", "box", "parser", "required", "ocr", "options", "label"])
            let (fieldV, _) = try member(zm, "field", in: key, line: z.line)
            let field = try string(fieldV, "\(key).field")
            guard SlipTemplateLoader.isKnownField(field) else { throw fail("\(key).field", fieldV.line, "unknown field \"\(field)\"") }
            if field != "creditor.address", field != "debtor.address", field != "remittanceInformation", field != "alternativeAccounts",
               others.contains(where: { $0.field == field }) {
                throw fail("\(key).field", fieldV.line, "\(field) is already filled by another zone")
            }
            let b = try box(try member(zm, "box", in: key, line: z.line).0, "\(key).box", width: width, height: height)
            let (parserV, _) = try member(zm, "parser", in: key, line: z.line)
            let pname = try string(parserV, "\(key).parser")
            guard let parser = SlipParserKind(rawValue: pname) else {
                throw fail("\(key).parser", parserV.line, "unknown parser \"\(pname)\" (known: \(SlipParserKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            var required = false
            if let r = zm.first(where: { $0.key == "required" }) {
                guard case .bool(let flag, _) = r.value else { throw fail("\(key).required", r.line, "expected true or false") }
                required = flag
            }
            var ocr = SlipZoneOCR()
            if let o = zm.first(where: { $0.key == "ocr" }) {
                let om = try object(o.value, "\(key).ocr", allowed: ["layout", "whitelist", "languages"])
                for e in om {
                    switch e.key {
                    case "layout":
                        let l = try string(e.value, "\(key).ocr.layout")
                        guard let layout = OCRSettings.Layout(rawValue: l) else { throw fail("\(key).ocr.layout", e.line, "unknown layout \"\(l)\" (line, word, block, sparse)") }
                        ocr.layout = layout
                    case "whitelist":
                        let w = try string(e.value, "\(key).ocr.whitelist")
                        guard !w.isEmpty, w.utf8.count <= 256 else { throw fail("\(key).ocr.whitelist", e.line, "must be 1…256 characters") }
                        ocr.whitelist = w
                    default:
                        let ls = try stringList(e.value, "\(key).ocr.languages")
                        try checkLanguages(ls, "\(key).ocr.languages", e.line)
                        ocr.languages = ls
                    }
                }
            }
            var options: [String: String] = [:]
            if let o = zm.first(where: { $0.key == "options" }) {
                guard case .object(let om, _) = o.value else { throw fail("\(key).options", o.line, "expected an object") }
                for e in om {
                    let okey = "\(key).options.\(e.key)"
                    guard parser.allowedOptions.contains(e.key) else { throw fail(okey, e.line, "parser \(parser.rawValue) has no option \(e.key)") }
                    switch e.value {
                    case .string(let s, _): options[e.key] = s
                    case .number(let d, _) where d == d.rounded() && abs(d) < 1e6: options[e.key] = String(Int(d))
                    default: throw fail(okey, e.line, "expected a string or an integer")
                    }
                    try checkOption(parser, e.key, options[e.key] ?? "", okey, e.line)
                }
            }
            if parser == .regex, options["pattern"] == nil { throw fail("\(key).options.pattern", z.line, "parser regex needs a pattern") }
            if parser == .codingLine, options["codingLine"] == nil {
                throw fail("\(key).options.codingLine", z.line, "parser coding-line needs a codingLine reader id such as ch.esr")
            }
            if field == "alternativeAccounts", parser != .iban { throw fail("\(key).parser", z.line, "alternativeAccounts takes parser iban") }
            if parser == .account {
                guard options["country"] != nil else { throw fail("\(key).options.country", z.line, "parser account needs a country") }
                guard field == "creditor.account.iban" || field == "debtor.account.iban" else {
                    throw fail("\(key).parser", parserV.line, "parser account fills creditor.account.iban or debtor.account.iban")
                }
            }
            var label: SlipZoneLabel?
            if let l = zm.first(where: { $0.key == "label" }) {
                let lm = try object(l.value, "\(key).label", allowed: ["anchor", "value"])
                let (anchorV, _) = try member(lm, "anchor", in: "\(key).label", line: l.line)
                let name = try string(anchorV, "\(key).label.anchor")
                guard let index = anchors.firstIndex(where: { $0.id == name }) ?? anchors.firstIndex(where: { $0.id == nil && $0.text == name }) else {
                    throw fail("\(key).label.anchor", anchorV.line, "no anchor with id or text \"\(name.prefix(60))\"")
                }
                let (valueV, _) = try member(lm, "value", in: "\(key).label", line: l.line)
                let v = try string(valueV, "\(key).label.value")
                guard let placement = SlipValuePlacement(rawValue: v) else {
                    throw fail("\(key).label.value", valueV.line, "unknown placement \"\(v.prefix(20))\" (\(SlipValuePlacement.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                label = SlipZoneLabel(anchor: index, value: placement)
            }
            return SlipZone(field: field, box: b, parser: parser, required: required, ocr: ocr, options: options, label: label)
        }

        func checkOption(_ parser: SlipParserKind, _ name: String, _ value: String, _ key: String, _ line: Int) throws(GiroError) {
            switch (parser, name) {
            case (.amount, "currency"):
                guard Currency.isValid(value) else { throw fail(key, line, "not an ISO 4217 code") }
            case (.regex, "pattern"):
                do { _ = try RegexFieldParser(value) } catch { throw fail(key, line, "pattern does not compile: \(error.message)") }
            case (.digits, "length"):
                guard SlipFieldReader.lengthRange(value) != nil else { throw fail(key, line, "expected N or MIN-MAX") }
            case (.text, "place"):
                guard value == "afterComma" else { throw fail(key, line, "expected afterComma") }
            case (.text, "maxLength"), (.lines, "maxLines"):
                guard let n = Int(value), n > 0, n <= 10_000 else { throw fail(key, line, "expected a positive integer") }
            case (.reference, "model"):
                guard !value.isEmpty, value.utf8.count <= 4 else { throw fail(key, line, "expected a model such as HR01, SI12 or RF") }
            case (.reference, "otherType"):
                guard value == "other" || (value.utf8.count <= 32 && value.contains(".") && value.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 46 || $0 == 45 })) else {
                    throw fail(key, line, "expected other or a namespaced type such as at.zahlungsreferenz")
                }
            case (.reference, "otherField"):
                guard value == "remittanceInformation" else { throw fail(key, line, "only remittanceInformation can take an unstructured communication") }
            case (.account, "country"):
                guard value.utf8.count == 2, value.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
                    throw fail(key, line, "expected a country code such as CZ")
                }
            case (.codingLine, "codingLine"):
                guard !value.isEmpty, value.utf8.count <= 32, value.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 46 || $0 == 45 }) else {
                    throw fail(key, line, "expected a coding-line reader id such as ch.esr")
                }
            case (.account, "bankZone"):
                guard value == "creditor.account.bankCode" else { throw fail(key, line, "only creditor.account.bankCode can hold a bank code") }
            case (.reference, "modelZone"):
                guard value == "reference.model" else { throw fail(key, line, "only reference.model can hold a model") }
            default: break
            }
        }

        static func validID(_ id: String, country: String) -> Bool {
            let parts = id.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == country.lowercased(), !parts[1].isEmpty, parts[1].utf8.count <= 40 else { return false }
            return parts[1].utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
        }
    }

    static func isKnownField(_ field: String) -> Bool {
        if fields.contains(field) { return true }
        guard field.hasPrefix("extras."), field.utf8.count > 7, field.utf8.count <= 48 else { return false }
        return field.utf8.dropFirst(7).allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 }
    }
}
