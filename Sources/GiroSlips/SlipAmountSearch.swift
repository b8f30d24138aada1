import Foundation
import GiroCore
import GiroImaging

/// The amount found by what it is, where its zone holds none: other printers put the amount box far from where the
/// template has it (right-aligned against a `Cent` or `haléře` caption, in a `Total £` box, after a pre-printed
/// `EUR`), so the value is looked for among the form's free words by its print:
/// * an amount with its cents printed (`5,43`, `=29,43`, `***12,50`, units and cents in boxes `848 00`), or for a
///   form paid in whole units (the forint) digits followed by the currency's mark (`10 278 Ft`);
/// * on the line of a printed mark of the amount — its label, the currency label, the form's currency code or
///   symbol — or within three lines under it, and right of the mark's start (forms print the amount right of or
///   under its caption);
/// * by the print of the label that names the field, not by a receipt's copy of it (a receipt's value confirms
///   the main part's, and is taken only where the main part's is not read).
/// A value found so, and not confirmed by another copy on the form, is trusted as a doubted reading (below 0.9).
enum SlipAmountSearch {
    /// Words per candidate run.
    static let maxRunWords = 3
    /// Lines under a mark that still belong to it, in the mark's height.
    static let linesBelow = 4.0
    /// Confidence (0…100) a found value's reading is capped at when no other copy confirms it: the provenance's
    /// doubted-reading level, below 0.9.
    static let unconfirmedConfidence = 65

    struct Candidate {
        var run: [Int]
        var rect: PixelRect
        /// Nil: cells read as noise, to be read again from the crop.
        var value: Decimal?
        var cost: Double
    }

    /// Currency marks printed by forms, besides the ISO code.
    static let symbols: [String: [String]] = [
        "EUR": ["€"], "GBP": ["£"], "HUF": ["Ft", "Ft."], "CZK": ["Kč", "Kc"], "CHF": ["Fr.", "Fr"], "PLN": ["zł", "zl"],
        "SEK": ["kr"], "RSD": ["din", "din."],
    ]

    static func marks(_ currency: String) -> Set<String> {
        Set(([currency] + (symbols[currency] ?? [])).map { $0.lowercased() })
    }

    /// The amount zone `k` moved onto the amount the form prints, or nil when none is found.
    /// `rough`: the image path, where the page pass reads an amount printed in comb cells as digits between cell
    /// walls (`2,9)4)3`, `|=|=/8/4/8]o/o|`): such a run marks where the amount is, and its crop is read again.
    static func find(_ k: Int, zones: [ZoneText], match: SlipMatch, page: PageWords, excluding: Set<Int>, claimed: Set<Int>,
                     rules: SlipNationalRules, rough: Bool = false) -> (run: [Int], agreed: Bool)? {
        let t = match.template
        guard t.zones.indices.contains(k), t.zones[k].parser == .amount else { return nil }
        let z = t.zones[k]
        let currency = z.options["currency"] ?? t.currency ?? ""
        let currencyMarks = marks(currency)
        let whole = SlipAmountUnits.printsWholeUnits(z, currency: currency)
        // The marks: the amount's and the currency's labels found, and the currency's code or symbol printed.
        let labels = SlipLabelPlacement.labels(t)
        var markAnchors = Set<Int>()
        if let a = labels[k]?.anchor { markAnchors.insert(a) }
        for (j, zj) in t.zones.enumerated() where zj.field == "currency" { if let a = labels[j]?.anchor { markAnchors.insert(a) } }
        for (i, a) in t.anchors.enumerated() where a.id == "amount" || a.id == "currency" { markAnchors.insert(i) }
        var markRects = match.hits.filter { markAnchors.contains($0.anchor) }.map(\.bounds)
        for w in page.words where currencyMarks.contains(w.text.lowercased().trimmingCharacters(in: .punctuationCharacters.subtracting(["."]))) {
            markRects.append(PixelRect(w))
        }
        guard !markRects.isEmpty else { return nil }
        let parts = SlipFormParts(match, page: page)
        let hitsWords = match.hits.flatMap(\.words)
        let labelHit = labels[k].flatMap { SlipLabelPlacement.labelHit($0.anchor, match, page: page, parts: parts, words: hitsWords.compactMap { i in
            page.words.indices.contains(i) ? PixelRect(page.words[i]) : nil
        }) }
        // A value nearer another print of the amount's label than the one naming the field (`labelHit`: not a
        // receipt's copy) stands in that copy's part of the form.
        let sameLabel = labels[k].map { l in match.hits.filter { $0.anchor == l.anchor } } ?? []
        func foreign(_ r: PixelRect) -> Bool {
            guard let own = labelHit, sameLabel.count >= 2 else { return false }
            func gap(_ b: PixelRect) -> Double {
                let dx = max(b.x0 - r.x1, 0, r.x0 - b.x1), dy = max(b.y0 - r.y1, 0, r.y0 - b.y1)
                return (dx * dx + dy * dy).squareRoot()
            }
            guard let nearest = sameLabel.min(by: { gap($0.bounds) < gap($1.bounds) }) else { return false }
            return Set(nearest.words) != Set(own.words)
        }
        let formWidthPx = t.width * match.transform.scale
        let free = page.words.indices.filter { i in
            !excluding.contains(i) && !claimed.contains(i) && !page.words[i].text.allSatisfy(\.isWhitespace)
        }
        var found: [Candidate] = []
        for line in SlipValueAssignment.lines(free, page: page) {
            for start in line.indices {
                for end in start..<min(line.count, start + maxRunWords) {
                    let run = Array(line[start...end])
                    let texts = run.map { page.words[$0].text }
                    var value: Decimal?
                    if let text = printedAmount(texts, whole: whole, next: nextWord(after: run, page: page), marks: currencyMarks) {
                        var zt = zones[k]
                        zt.lines = [text]
                        let o = SlipValueAssignment.outcome(z, zt, t, rules)
                        guard o.diagnostics.isEmpty, case .amount(let a)? = o.value, a.value > 0 else { continue }
                        value = a.value
                    } else if !(rough && run.count == 1 && combRead(texts[0])) {
                        continue
                    }
                    let ws = run.map { PixelRect(page.words[$0]) }
                    let r = PixelRect(x0: ws.map(\.x0).min() ?? 0, y0: ws.map(\.y0).min() ?? 0, x1: ws.map(\.x1).max() ?? 0, y1: ws.map(\.y1).max() ?? 0)
                    // The nearest mark this value stands right of, on its line or a few lines under it.
                    let cy = (r.y0 + r.y1) / 2
                    let reach = markRects.compactMap { m -> Double? in
                        let h = max(m.y1 - m.y0, 1)
                        guard cy >= m.y0 - 0.5 * h, cy <= m.y1 + linesBelow * h, r.x1 > m.x0, r.x0 - m.x1 <= 0.6 * formWidthPx else { return nil }
                        return max(0, r.x0 - m.x1) + 3 * max(0, cy - m.y1)
                    }.min()
                    guard let reach else { continue }
                    // The amount printed in the label's part first, as read, then as cells to read again; a receipt's
                    // copy (the payer's copy of the same order, printed plainly) only when the main part's is unread.
                    let elsewhere = foreign(r)
                    if elsewhere, value == nil { continue }
                    let tier = elsewhere ? 1000.0 : value == nil ? 500 : 0
                    found.append(Candidate(run: run, rect: r, value: value, cost: reach / max(match.transform.scale, 1e-9) + tier))
                }
            }
        }
        // Longer runs first among equals: `848 00` whole, not `848`.
        guard let best = found.min(by: { ($0.cost, -$0.run.count) < ($1.cost, -$1.run.count) }) else { return nil }
        let agreed = best.value != nil && found.contains { c in
            c.value == best.value && Set(c.run).isDisjoint(with: best.run)
                && (min(c.rect.x1, best.rect.x1) <= max(c.rect.x0, best.rect.x0) || min(c.rect.y1, best.rect.y1) <= max(c.rect.y0, best.rect.y0))
        }
        return (best.run, agreed)
    }

    /// The amount text of a run of words, as the amount parser takes it, when the run prints an amount: its cents
    /// after a decimal mark or in a box of their own, fill marks (`=`, `*`, `#`) and a currency mark around it
    /// allowed; for a form paid in whole units, digits followed by the currency's mark. Nil otherwise.
    static func printedAmount(_ words: [String], whole: Bool, next: String?, marks: Set<String>) -> String? {
        // A box's walls read with the value (`102,35]`, `|5,43`) and a full stop after it are no part of it.
        let walls: Set<Character> = ["|", "[", "]", "{", "}", "(", ")"]
        var ws = words.map { w in String(w.drop { walls.contains($0) }.reversed().drop { walls.contains($0) || $0 == "." }.reversed()) }
            .filter { !$0.isEmpty }
        if let first = ws.first, marks.contains(first.lowercased()) { ws.removeFirst() }
        if let last = ws.last, marks.contains(last.lowercased()) { ws.removeLast() }
        guard !ws.isEmpty else { return nil }
        let text = ws.joined(separator: " ")
        let fill: Set<Character> = ["=", "*", "#", "-"]
        let core = String(text.drop { fill.contains($0) }.reversed().drop { fill.contains($0) }.reversed())
        guard !core.isEmpty, core.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "." || $0 == " " || $0 == "'" }),
              core.first?.isNumber == true else { return nil }
        let closed = SlipAmountUnits.closingCents(core)
        if withCents(closed) { return closed }
        // `10 278 Ft`: whole units, the currency's mark right after.
        if whole, let next, marks.contains(next.lowercased()), units(Array(core.utf8)) { return core }
        return nil
    }

    /// `5,43`, `1.234,56`, `1 234.56`, `705.51`, or units and cents in boxes of their own (`848 00`): the cents are
    /// the last two digits after a mark or a gap; a date (`24.05.2024`, `23.06.24`) or a thousands group alone
    /// (`4.054`) is none.
    static func withCents(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count >= 4, u.count <= 40 else { return false }
        let n = u.count
        let digit = { (b: UInt8) in b >= 48 && b <= 57 }
        guard digit(u[n - 1]), digit(u[n - 2]), [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: " ")].contains(u[n - 3]) else { return false }
        let head = Array(u[..<(n - 3)])
        if u[n - 3] == UInt8(ascii: " ") { return !head.isEmpty && head.count <= 12 && head.allSatisfy(digit) }
        return units(head)
    }

    /// Digits, grouped by thousands (`1.234`, `10 278`, `1'234`) or not.
    static func units(_ u: [UInt8]) -> Bool {
        let digit = { (b: UInt8) in b >= 48 && b <= 57 }
        guard !u.isEmpty, u.count <= 20 else { return false }
        let groups = u.split(omittingEmptySubsequences: false) { !digit($0) }
        guard groups.allSatisfy({ !$0.isEmpty }) else { return false }
        let separators = u.filter { !digit($0) }
        guard Set(separators).count <= 1, separators.allSatisfy({ [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "'")].contains($0) }) else { return false }
        if groups.count == 1 { return true }
        return (groups.first?.count ?? 0) <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    /// Digits between cell walls as the page pass reads a comb (`2,9)4)3`, `,2,9,3,3`, `|=|=/8/4/8]o/o|`): nothing
    /// but digits, walls, separators and fill marks (a letter other than `o` for a zero is another value: an IBAN, a
    /// reference's model), and the digits standing one by one — at least three alone, two thirds of the digit runs
    /// (a date `24.05.2024` or a grouped number `8,662` is read as runs of digits).
    static func combRead(_ s: String) -> Bool {
        let allowed = Set("0123456789|[](){}/\\,.;:=-*#'oO")
        guard s.count <= 40, s.allSatisfy(allowed.contains) else { return false }
        let runs = s.split { !($0.isASCII && $0.isNumber) }.map(\.count)
        let single = runs.filter { $0 == 1 }.count
        return single >= 3 && 3 * single >= 2 * runs.count
    }

    /// The text of the word right after the run on its line (within two word heights), if any.
    static func nextWord(after run: [Int], page: PageWords) -> String? {
        guard let last = run.last, page.words.indices.contains(last) else { return nil }
        let w = page.words[last]
        let r = PixelRect(w), h = max(r.y1 - r.y0, 1), cy = (r.y0 + r.y1) / 2
        return page.words.enumerated().filter { i, o in
            let q = PixelRect(o)
            return !run.contains(i) && q.x0 >= r.x1 - h / 4 && q.x0 <= r.x1 + 2 * h && abs((q.y0 + q.y1) / 2 - cy) <= h / 2
        }.min { $0.element.x < $1.element.x }?.element.text
    }
}
