import GiroCore
import GiroImaging

/// Validators assign values: a checkable field (IBAN, account, amount, structured reference, coding line, BIC,
/// date) whose placed zone holds no value that passes its checks takes the word run near it that does. Zones
/// that already read well keep their words; each word goes to one field at most; label words are never taken.
enum SlipValueAssignment {
    /// How far beyond its placed box a field's value is looked for, millimetres (left/up, right/down).
    static let reachBeforeMM = 4.0
    static let reachAfterMM = 60.0
    static let reachBelowMM = 12.0
    /// Words per candidate run, and candidate runs per field, at most.
    static let maxRunWords = 8
    static let maxCandidates = 400

    /// Whether the field's parser has a check that can confirm a candidate, and so may look beyond its box.
    static func searches(_ z: SlipZone) -> Bool {
        switch z.parser {
        case .iban: z.field != "alternativeAccounts"
        case .amount, .codingLine, .bic, .date: true
        case .account: z.options["bankZone"] == nil
        case .reference: z.options["modelZone"] == nil && z.options["model"] == nil
        default: false
        }
    }

    /// Whether an outcome is a value its checks confirm (an unstructured reference or a bare number is not).
    static func confirmed(_ o: FieldOutcome, _ z: SlipZone, text: String) -> Bool {
        guard let v = o.value, o.diagnostics.isEmpty else { return false }
        switch v {
        case .reference(let r): return r.valid == true
        case .amount: return z.parser != .amount || looksLikeAmount(text)
        case .text: return z.parser != .reference
        default: return true
        }
    }

    /// Decimals (`102,35`, `=29.43`) or units and cents apart (`848 00`): a bare `2025` or postcode is no amount.
    static func looksLikeAmount(_ s: String) -> Bool {
        let u = Array(s.utf8)
        let isDigit = { (b: UInt8) in b >= 48 && b <= 57 }
        for i in u.indices where (u[i] == UInt8(ascii: ",") || u[i] == UInt8(ascii: ".")) && i > 0 && isDigit(u[i - 1]) {
            if i + 2 < u.count + 0, isDigit(u[i + 1]), isDigit(u[i + 2]), i + 3 == u.count || !isDigit(u[i + 3]) { return true }
        }
        return SlipFieldReader.boxedAmount(s) != nil
    }

    static func outcome(_ z: SlipZone, _ text: ZoneText, _ t: SlipTemplate, _ rules: SlipNationalRules) -> FieldOutcome {
        // Trial parses are not the zone's reading: not counted (the record builder parses the chosen text once).
        SlipParseCounter.$current.withValue(nil) {
            SlipFieldReader.read(z, text: text, model: nil, template: t, currency: t.currency, rules: rules)
        }
    }

    /// The zones with checkable fields moved onto the nearest run of free words that passes the field's checks,
    /// where their own words do not.
    /// `only`: the parsers whose fields are assigned (nil: every checkable one).
    static func assign(_ zones: [ZoneText], match: SlipMatch, page: PageWords, excluding: Set<Int>, rules: SlipNationalRules,
                       only: Set<SlipParserKind>? = nil) -> [ZoneText] {
        let t = match.template
        // Amounts are also found by their print where no word near the zone is one (`SlipAmountSearch`), on the
        // image path too (there only an amount so printed and placed by its marks is taken from the page pass).
        let unreadAmounts = t.zones.indices.filter { k in
            zones.indices.contains(k) && t.zones[k].parser == .amount && !readsAmount(k, zones[k], t, rules)
        }
        var zones = assignChecked(zones, match: match, page: page, excluding: excluding, rules: rules, only: only)
        searchAmounts(&zones, unreadAmounts, match: match, page: page, excluding: excluding, rules: rules, rough: only != nil)
        return zones
    }

    static func assignChecked(_ zones: [ZoneText], match: SlipMatch, page: PageWords, excluding: Set<Int>, rules: SlipNationalRules,
                              only: Set<SlipParserKind>?) -> [ZoneText] {
        let t = match.template
        guard let inverse = match.transform.inverse() else { return zones }
        var zones = zones
        var claimed = Set<Int>()
        var open: [Int] = []
        for (k, z) in t.zones.enumerated() where searches(z) && only.map({ $0.contains(z.parser) }) ?? true {
            if !zones[k].isEmpty, confirmed(outcome(z, zones[k], t, rules), z, text: zones[k].text) {
                claimed.formUnion(zones[k].words)
            } else {
                open.append(k)
            }
        }
        guard !open.isEmpty else { return zones }
        // Word centres in form millimetres.
        var centres: [Int: SlipPoint] = [:]
        for (i, w) in page.words.enumerated() where !excluding.contains(i) && !w.text.allSatisfy(\.isWhitespace) {
            let c = inverse.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
            if c.x.isFinite, c.y.isFinite { centres[i] = c }
        }
        // Required fields choose first.
        for k in open.sorted(by: { (t.zones[$0].required ? 0 : 1, $0) < (t.zones[$1].required ? 0 : 1, $1) }) {
            let z = t.zones[k]
            let box = zones[k].placed ?? z.box
            let free = centres.filter { !claimed.contains($0.key) && near($0.value, box) }
            var best: (run: [Int], cost: Double)?
            var tried = 0
            for line in lines(Array(free.keys), page: page) {
                for start in line.indices {
                    for end in start..<min(line.count, start + maxRunWords) where tried < maxCandidates {
                        tried += 1
                        let run = Array(line[start...end])
                        let text = run.map { page.words[$0].text }.joined(separator: " ")
                        var zt = zones[k]
                        zt.lines = [text]
                        guard confirmed(outcome(z, zt, t, rules), z, text: text) else { continue }
                        let c = SlipPoint(x: run.compactMap { centres[$0]?.x }.reduce(0, +) / Double(run.count),
                                          y: run.compactMap { centres[$0]?.y }.reduce(0, +) / Double(run.count))
                        let cost = outside(c, box) + 0.1 * ((c.x - box.x - box.w / 2).magnitude + (c.y - box.y - box.h / 2).magnitude)
                        // Longer runs that still pass win ties (`HR80 2360 …` whole, not a part that happens to parse).
                        if cost < (best?.cost ?? .infinity) - 1e-9 || (abs(cost - (best?.cost ?? .infinity)) < 1e-9 && run.count > best?.run.count ?? 0) {
                            best = (run, cost)
                        }
                    }
                }
            }
            guard let (run, _) = best else { continue }
            // The run's words leave whatever zone held them.
            let taken = Set(run)
            for j in zones.indices where j != k && !taken.isDisjoint(with: zones[j].words) {
                zones[j] = regrouped(zones[j], keeping: zones[j].words.filter { !taken.contains($0) }, page: page)
            }
            zones[k] = regrouped(zones[k], keeping: run, page: page)
            // The image path reads the field where its value was found.
            let ws = run.map { page.words[$0] }
            if let x0 = ws.map(\.x).min(), let y0 = ws.map(\.y).min(), let x1 = ws.map({ $0.x + $0.w }).max(), let y1 = ws.map({ $0.y + $0.h }).max() {
                let r = SlipLabelPlacement.mmRect(PixelRect(x0: Double(x0), y0: Double(y0), x1: Double(x1), y1: Double(y1)), inverse)
                let b = SlipBox(x: r.x - 1, y: r.y - 1, w: r.w + 2, h: r.h + 2)
                zones[k].placed = b
                zones[k].crop = b
                zones[k].box = SlipZoneReader.pixelBox(b, match.transform)
            }
            claimed.formUnion(run)
        }
        return zones
    }

    /// Each amount zone still without an amount moved onto the amount the form prints (`SlipAmountSearch`).
    static func searchAmounts(_ zones: inout [ZoneText], _ ks: [Int], match: SlipMatch, page: PageWords, excluding: Set<Int>,
                              rules: SlipNationalRules, rough: Bool = false) {
        let t = match.template
        guard let inverse = match.transform.inverse(), zones.count == t.zones.count else { return }
        for k in ks {
            // The generic search may have found it meanwhile.
            if readsAmount(k, zones[k], t, rules) { continue }
            // Words of other structured fields stay theirs; free text (a purpose line reaching over the amount's
            // box) gives its words up.
            let claimed = Set(zones.indices.filter { $0 != k && t.zones[$0].parser != .text && t.zones[$0].parser != .lines }.flatMap { zones[$0].words })
            guard let (run, agreed) = SlipAmountSearch.find(k, zones: zones, match: match, page: page, excluding: excluding,
                                                            claimed: claimed, rules: rules, rough: rough) else { continue }
            let taken = Set(run)
            for j in zones.indices where j != k && !taken.isDisjoint(with: zones[j].words) {
                zones[j] = regrouped(zones[j], keeping: zones[j].words.filter { !taken.contains($0) }, page: page)
            }
            zones[k] = regrouped(zones[k], keeping: run, page: page)
            // Found away from its label and confirmed by no other copy: a doubted reading (below 0.9).
            if !agreed { zones[k].confidence = min(zones[k].confidence ?? 100, SlipAmountSearch.unconfirmedConfidence) }
            let ws = run.map { PixelRect(page.words[$0]) }
            if let x0 = ws.map(\.x0).min(), let y0 = ws.map(\.y0).min(), let x1 = ws.map(\.x1).max(), let y1 = ws.map(\.y1).max() {
                let r = SlipLabelPlacement.mmRect(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), inverse)
                let b = SlipBox(x: r.x - 1, y: r.y - 1, w: r.w + 2, h: r.h + 2)
                zones[k].placed = b
                zones[k].crop = b
                zones[k].box = SlipZoneReader.pixelBox(b, match.transform)
            }
        }
    }

    /// Whether the zone's words parse as its amount without a fault (`12 345 Ft` on a forint form is one; `2025`
    /// on a euro form is not: its cents are not printed).
    static func readsAmount(_ k: Int, _ z: ZoneText, _ t: SlipTemplate, _ rules: SlipNationalRules) -> Bool {
        guard !z.isEmpty else { return false }
        let o = outcome(t.zones[k], z, t, rules)
        guard case .amount? = o.value else { return false }
        return o.diagnostics.isEmpty
    }

    static func near(_ p: SlipPoint, _ b: SlipBox) -> Bool {
        p.x >= b.x - reachBeforeMM && p.x <= b.x + b.w + reachAfterMM && p.y >= b.y - reachBeforeMM && p.y <= b.y + b.h + reachBelowMM
    }

    /// Millimetres from the point to the box (0 inside).
    static func outside(_ p: SlipPoint, _ b: SlipBox) -> Double {
        let dx = max(b.x - p.x, 0, p.x - (b.x + b.w)), dy = max(b.y - p.y, 0, p.y - (b.y + b.h))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Words as lines (top to bottom), each left to right: centres within half a word height.
    static func lines(_ words: [Int], page: PageWords) -> [[Int]] {
        let sorted = words.sorted { a, b in
            let wa = page.words[a], wb = page.words[b]
            return (Double(wa.y) + Double(wa.h) / 2, a) < (Double(wb.y) + Double(wb.h) / 2, b)
        }
        var out: [[Int]] = []
        for i in sorted {
            let w = page.words[i]
            let cy = Double(w.y) + Double(w.h) / 2
            if let head = out.last?.first {
                let hw = page.words[head]
                if abs(cy - (Double(hw.y) + Double(hw.h) / 2)) <= 0.5 * Double(max(hw.h, w.h)) {
                    out[out.count - 1].append(i)
                    continue
                }
            }
            out.append([i])
        }
        return out.map { $0.sorted { (page.words[$0].x, $0) < (page.words[$1].x, $1) } }
    }

    /// The zone with only these words, as lines again; its parse (if any) no longer applies.
    static func regrouped(_ z: ZoneText, keeping words: [Int], page: PageWords) -> ZoneText {
        var out = z
        let ls = lines(words, page: page)
        out.lines = ls.map { $0.map { page.words[$0].text }.joined(separator: " ") }
        out.words = ls.flatMap { $0 }
        out.parsed = nil
        out.confidence = out.words.compactMap { page.words[$0].confidence }.min().map { Int((min(max($0, 0), 1) * 100).rounded()) }
        return out
    }
}
