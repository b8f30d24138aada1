import Foundation
import GiroCore
import GiroImaging
import GiroParsers

/// Reads a page (or a slip-like block) that no template fits by what is printed: the union of every loaded
/// template's labels (`SlipVocabulary`) says which words name which field, the validators (IBAN mod 97, national
/// account rules, amount grammar, reference checks) say which words are values, and each field takes the valid
/// candidate nearest to one of its labels (right of it or below it). Label words are never values.
/// `docs/slip-templates.md` (The generic reader).
struct SlipGenericReader {
    let vocabulary: SlipVocabulary
    let rules: SlipNationalRules
    let payerWords: Set<String>
    /// Every token of every label wording: a name made of these only is a label cut short (`Credit account` of
    /// `Credit account no.`), not a value.
    let labelTokens: Set<String>

    init(vocabulary: SlipVocabulary, rules: SlipNationalRules) {
        self.vocabulary = vocabulary
        self.rules = rules
        payerWords = vocabulary.payerWords
        labelTokens = Set(vocabulary.wordings.flatMap(\.tokens))
    }

    /// Whether a segment's text is label words only (no word of it outside the labels' vocabulary), or the forms'
    /// printed text read with OCR noise (`countertoil` for the UK slip's `Counterfoil`).
    func isLabelText(_ text: String) -> Bool {
        let toks = SlipText.tokens(text)
        return !toks.isEmpty && toks.allSatisfy(labelTokens.contains) || vocabulary.printed.isPrintedOnly(text)
    }

    /// Label → value distance limits, in word heights: right of the label on its row, or below it.
    static let maxRight = 30.0, maxBelow = 6.0, maxBelowLeft = 30.0, otherPlacement = 1.0
    /// A gap wider than this (word heights) splits a row into separate values (form cells).
    static let cellGap = 2.5

    typealias Rect = SlipLikeBlocks.Rect

    struct Label {
        var field: GenericField
        var placement: SlipValuePlacement?
        var rect: Rect
        var words: [Int]
        /// Its words' height (a label wrapped over two rows is still one row high).
        var height: Double
        /// The one country whose templates print this wording (nil: several).
        var country: String?
        var currencies: [String]
    }

    /// A run of value words on one row, between labels and wide gaps.
    struct Segment {
        var words: [Int]
        var rect: Rect
        var text: String
        var row: Int
    }

    /// A parsed, checked value and where it was printed.
    struct Value {
        var field: GenericField
        var words: [Int]
        var rect: Rect
        var text: String
        var valid: Bool
        var corrections: [String] = []
        var account: Account?
        var amount: Decimal?
        var currency: String?
        var reference: Reference?
        var name: String?
        /// An account's country (the IBAN's, or the national rule's).
        var country: String?
    }

    struct Result {
        var account: Value
        var amount: Value?
        var reference: Value?
        var payee: Value?
        var payer: Value?
        var country: String?
        var currency: String?
        var currencyFromLabels = false
        var labels: Int
        var words: [Int]
    }

    // MARK: - Labels

    /// Every label of the vocabulary printed among the words (each word in one label at most, longest wording first).
    func labels(_ page: PageWords, among: Set<Int>) -> [Label] {
        let excluded = Set(page.words.indices).subtracting(among)
        let index = SlipClassifier.PageIndex(page, excluding: excluded)
        var claimed = Set<Int>()
        var out: [Label] = []
        // Exact wordings first, then phrases with OCR tolerance (`mesto` is not taken for another form's `Mjesto`).
        let passes = [false, true].flatMap { tolerant in
            vocabulary.wordings.filter { w in
                // Short single words ("A", "Kč") would be found inside values: a label is a word of 3+ letters or a phrase.
                (w.tokens.count > 1 || (!tolerant && w.tokens[0].count >= 3))
            }.map { (wording: $0, tolerant: tolerant) }
        }
        for (wording, tolerant) in passes {
            for words in matches(wording.tokens, in: index, claimed: claimed, tolerant: tolerant) {
                claimed.formUnion(words)
                let height = Double(words.map { max(page.words[$0].h, 1) }.max() ?? 1)
                var field = wording.field
                if field == .account, let last = words.last, payerFollows(last, in: index) { field = .payerAccount }
                out.append(Label(field: field, placement: wording.placement, rect: Self.rect(page, words), words: words, height: height,
                                 country: wording.countries.count == 1 ? wording.countries[0] : nil, currencies: wording.currencies))
                if out.count >= 512 { return out }
            }
        }
        return out
    }

    /// Whether one of the next few words on the label's row is a word only payers' account labels print.
    func payerFollows(_ word: Int, in page: SlipClassifier.PageIndex) -> Bool {
        var cur = word
        for _ in 0..<4 {
            guard let n = page.next(after: cur) else { return false }
            if page.tokens[n].contains(where: payerWords.contains) { return true }
            cur = n
        }
        return false
    }

    /// The word runs that spell the tokens: a single-word label exactly (after folding), a phrase with the
    /// classifier's tolerance per token. Only words with a letter can be label words.
    func matches(_ want: [String], in page: SlipClassifier.PageIndex, claimed: Set<Int>, tolerant: Bool) -> [[Int]] {
        guard let first = want.first else { return [] }
        // One OCR slip per word of 4+ letters at most: `platitelja` (payer) is not `primatelja` (payee).
        func same(_ a: String, _ b: String) -> Bool {
            guard tolerant, case let (ca, cb) = (SlipText.characters(a), SlipText.characters(b)), cb >= 4, a != b, abs(ca - cb) <= 1
            else { return a == b }
            return SlipText.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 1) <= 1
        }
        var out: [[Int]] = []
        for (w, toks) in page.tokens.enumerated() where !toks.isEmpty && !claimed.contains(w) {
            for (k, t) in toks.enumerated() where same(t, first) {
                // A word without letters starts no label (asked only of a word that matched: `CharacterSet` is slow).
                guard page.words[w].text.unicodeScalars.contains(where: { CharacterSet.letters.contains($0) }) else { break }
                var used = [w], word = w, pos = k + 1, ok = true
                for need in want.dropFirst() {
                    if pos >= page.tokens[word].count {
                        // The label goes on along its row, or wraps to the start of the next row (`IBAN ili broj
                        // računa` / `platitelja:`).
                        guard let n = page.next(after: word) ?? Self.wrapped(after: word, start: w, in: page), used.count < 16,
                              !claimed.contains(n) else { ok = false; break }
                        word = n
                        pos = 0
                        used.append(n)
                    }
                    guard pos < page.tokens[word].count, same(page.tokens[word][pos], need) else { ok = false; break }
                    pos += 1
                }
                if ok { out.append(used); break }
            }
        }
        return out
    }

    /// The word starting the row just below `word`'s, left-aligned with the label's first word `start`.
    static func wrapped(after word: Int, start: Int, in page: SlipClassifier.PageIndex) -> Int? {
        let s = page.words[start], a = page.words[word]
        let h = Double(max(s.h, a.h, 1))
        var best: (Int, Double)?
        for (j, b) in page.words.enumerated() where j != word && j != start && !page.excluded.contains(j) && !page.tokens[j].isEmpty {
            let dx = abs(Double(b.x) - Double(s.x)), dy = Double(b.y) - Double(a.y)
            guard dx <= h, dy >= 0.6 * h, dy <= 1.8 * h else { continue }
            if best.map({ dy < $0.1 }) ?? true { best = (j, dy) }
        }
        return best?.0
    }

    // MARK: - Segments

    /// The value words as rows (by centre) cut into segments at label words and wide gaps.
    static func segments(_ page: PageWords, values: [Int], labels: Set<Int>) -> [Segment] {
        let all = (values + labels).sorted { page.words[$0].y + page.words[$0].h / 2 < page.words[$1].y + page.words[$1].h / 2 }
        var rows: [[Int]] = []
        var rowCentre = 0.0, rowHeight = 0.0
        for i in all {
            let w = page.words[i]
            let cy = Double(w.y) + Double(w.h) / 2
            // A word joins the row when its centre is within half a height of the row's mean centre.
            if let row = rows.last, abs(cy - rowCentre) <= 0.5 * max(rowHeight, Double(w.h), 1) {
                rowCentre = (rowCentre * Double(row.count) + cy) / Double(row.count + 1)
                rowHeight = max(rowHeight, Double(w.h))
                rows[rows.count - 1].append(i)
            } else {
                rows.append([i])
                rowCentre = cy
                rowHeight = Double(w.h)
            }
        }
        var out: [Segment] = []
        for (r, row) in rows.enumerated() {
            var current: [Int] = []
            func flush() {
                guard !current.isEmpty else { return }
                let text = current.map { page.words[$0].text }.joined(separator: " ")
                out.append(Segment(words: current, rect: rect(page, current), text: text, row: r))
                current = []
            }
            for i in row.sorted(by: { page.words[$0].x < page.words[$1].x }) {
                if labels.contains(i) { flush(); continue }
                if let last = current.last {
                    let a = page.words[last], b = page.words[i]
                    let h = Double(max(a.h, b.h, 1))
                    if Double(b.x) - Double(a.x + a.w) > cellGap * h { flush() }
                }
                current.append(i)
            }
            flush()
        }
        return out
    }

    // MARK: - Reading

    /// The generic record's fields among these words, or nil when no checked account (IBAN or national) is printed.
    func read(_ page: PageWords, among: [Int]) -> Result? {
        let members = Set(among.filter { page.words.indices.contains($0) })
        let found = labels(page, among: members)
        let labelWords = Set(found.flatMap(\.words))
        let valueWords = members.subtracting(labelWords).filter {
            page.words[$0].text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
        }
        let segments = Self.segments(page, values: Array(valueWords), labels: labelWords)
        guard !segments.isEmpty else { return nil }
        let country = Self.vote(found.compactMap(\.country).filter { $0 != SlipTemplate.panEuropeanCountry })
        let currency = Self.vote(found.filter { $0.country == country }.flatMap(\.currencies))
        var values = parse(page, segments: segments, country: country, currency: currency)
        values += nationalAccounts(page, segments: segments, country: country)

        // An account printed anywhere under a payer's account label is the payer's, wherever else it is repeated.
        let payers = Set(values.filter { $0.field == .account && owner(of: $0, in: found) == .payerAccount }.compactMap(Self.key))
        func best(_ field: GenericField, excluding: Set<Int> = []) -> Value? {
            values.filter { $0.field == field && Set($0.words).isDisjoint(with: excluding) && !(Self.key($0).map(payers.contains) ?? false) }
                .max { score($0, found) < score($1, found) }
        }
        // Only a checked account (IBAN mod 97, the national rule's check digits) makes a generic slip.
        values.removeAll { $0.field == .account && !$0.valid }
        guard let account = best(.account) else { return nil }
        var used = Set(account.words)
        let amount = best(.amount, excluding: used)
        used.formUnion(amount?.words ?? [])
        let reference = best(.reference, excluding: used)
        used.formUnion(reference?.words ?? [])
        let taken = used
        let names = segments.filter { s in
            Set(s.words).isDisjoint(with: taken) && s.text.unicodeScalars.filter({ CharacterSet.letters.contains($0) }).count >= 2
                && !isLabelText(s.text)
        }
        let payee = name(for: .payee, among: names, labels: found)
        let payer = name(for: .payer, among: names.filter { s in payee.map { Set($0.words).isDisjoint(with: s.words) } ?? true }, labels: found)
        var r = Result(account: account, amount: amount, reference: reference, payee: payee, payer: payer,
                       country: nil, currency: nil, labels: found.count, words: Array(members))
        r.country = account.country ?? country
        if let printed = amount?.currency {
            r.currency = printed
        } else if amount != nil, let c = Self.vote(found.filter { $0.country == r.country }.flatMap(\.currencies)) ?? currency {
            r.currency = c
            r.currencyFromLabels = true
        }
        return r
    }

    /// An account's identity across its printings (IBAN, else number).
    static func key(_ v: Value) -> String? { v.account?.iban ?? v.account?.number }

    /// The most frequent value (ties: alphabetical, for a stable answer).
    static func vote(_ xs: [String]) -> String? {
        var n: [String: Int] = [:]
        for x in xs { n[x, default: 0] += 1 }
        return n.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Accounts, amounts and references the generic parsers find in the segments (one text, a segment a line).
    func parse(_ page: PageWords, segments: [Segment], country: String?, currency: String?) -> [Value] {
        // Each word's byte range in the text, so a value's box is its own words' (not its whole row's).
        var text = "", spans: [(Range<Int>, Int)] = []
        for s in segments {
            if !text.isEmpty { text += "\n" }
            for (k, w) in s.words.enumerated() {
                // Comb cells (one character a box) are one value: `H R 6 0 2 5` reads `HR6025`.
                if k > 0, !(page.words[s.words[k - 1]].text.count == 1 && page.words[w].text.count == 1) { text += " " }
                let start = text.utf8.count
                text += page.words[w].text
                spans.append((start..<text.utf8.count, w))
            }
        }
        guard let found = try? ParserGroup.standard().parse(text, context: ParseContext(country: country, currency: currency)) else { return [] }
        var out: [Value] = []
        for c in found where c.status != .invalid {
            let words = spans.filter { $0.0.overlaps(c.span.range) }.map(\.1)
            guard !words.isEmpty else { continue }
            var v = Value(field: .other, words: words, rect: Self.rect(page, words), text: c.rawText, valid: c.status == .valid,
                          corrections: c.corrections.map(\.description))
            switch c.parser {
            case .iban:
                v.field = .account
                v.account = c.type == "iban" ? Account(iban: c.value) : Account(number: c.value)
                v.country = c.type == "iban" ? String(c.value.prefix(2)) : c.type.split(separator: ".").first.map { $0.uppercased() }
            case .amount:
                guard let a = c.amount, a > 0 else { continue }
                v.field = .amount
                v.amount = a
                // Printed with the amount (a code or a sign beside the digits), or only the context's (the labels').
                let printed = c.rawText.unicodeScalars.contains { !CharacterSet.decimalDigits.contains($0) && !" .,'-=*".unicodeScalars.contains($0) }
                v.currency = printed ? c.currency : nil
            case .reference:
                v.field = .reference
                v.reference = SlipFieldReader.reference(from: c)
            default: continue
            }
            out.append(v)
        }
        return out
    }

    /// National accounts the voted country's rule reads: one segment, or two cells of a row
    /// (number and bank code printed in separate boxes, `6637972306` `5500` → `6637972306/5500`).
    func nationalAccounts(_ page: PageWords, segments: [Segment], country: String?) -> [Value] {
        guard let country, let rule = rules.accounts[country] else { return [] }
        var out: [Value] = []
        // Every segment with enough digits (the rule checks the shape and the check digits); near a label or not.
        for (k, s) in segments.enumerated() where s.text.utf8.filter({ $0 >= 48 && $0 <= 57 }).count >= 6 {
            var texts = [(s.text, s.words)]
            if k + 1 < segments.count, segments[k + 1].row == s.row {
                let n = segments[k + 1]
                texts.append((s.text + "/" + n.text, s.words + n.words))
                texts.append((s.text + n.text, s.words + n.words))
            }
            for (text, words) in texts {
                let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }).uppercased()
                guard compact.count <= 64, case .account(let a) = rule.read(compact) else { continue }
                let rect = Self.rect(page, words)
                out.append(Value(field: .account, words: words, rect: rect, text: text, valid: true, account: a, country: country))
                break
            }
        }
        if rule.checksPairs { out += pairedAccounts(page, segments: segments, rule: rule) }
        return out
    }

    /// Candidates per side of a bank code + account pair at most (the pairs are their product).
    static let maxPairCandidates = 16

    /// A bank code and an account number printed in boxes apart (the UK sort code at the top right, the account
    /// under its own label): every 6-digit segment (`10-79-99`) with every 6–10-digit one, kept when the country's
    /// pair check (the UK modulus) passes. The value's box is the number's; its words are both.
    func pairedAccounts(_ page: PageWords, segments: [Segment], rule: any NationalAccountRule) -> [Value] {
        func digits(_ s: Segment, allowing extra: String) -> String? {
            let scalars = s.text.unicodeScalars
            guard scalars.allSatisfy({ CharacterSet.decimalDigits.contains($0) || extra.unicodeScalars.contains($0) }) else { return nil }
            return String(scalars.filter { CharacterSet.decimalDigits.contains($0) })
        }
        let codes = segments.compactMap { s in digits(s, allowing: "- ").flatMap { $0.count == 6 ? (s, $0) : nil } }
            .prefix(Self.maxPairCandidates)
        let numbers = segments.compactMap { s in digits(s, allowing: " ").flatMap { (6...10).contains($0.count) ? (s, $0) : nil } }
            .prefix(Self.maxPairCandidates)
        var out: [Value] = []
        for (c, code) in codes {
            for (n, number) in numbers where Set(n.words).isDisjoint(with: c.words) && rule.check(bankCode: code, number: number) == nil {
                out.append(Value(field: .account, words: n.words + c.words, rect: n.rect, text: c.text + " " + n.text, valid: true,
                                 account: Account(number: number, bankCode: code), country: rule.countryCode))
            }
        }
        return out
    }

    // MARK: - Placement

    /// Word heights from the label to the value: right of it on its row, or below it (nil: neither, too far).
    static func distance(from l: Label, to v: Rect) -> Double? {
        let h = l.height
        let vcy = (v.y0 + v.y1) / 2
        var best: Double?
        // The template's placement is a prior: the other one costs `otherPlacement` word heights.
        let rightCost = l.placement == .below || l.placement == .inside ? otherPlacement : 0
        let belowCost = l.placement == .right ? otherPlacement : 0
        if vcy >= l.rect.y0 - 0.5 * h, vcy <= l.rect.y1 + 0.5 * h, v.x0 >= l.rect.x1 - 0.5 * h {
            let d = max(0, v.x0 - l.rect.x1) / h
            if d <= maxRight { best = d + rightCost }
        }
        // Below: under the label or beside its start (a bilingual label's second wording starts mid-line).
        if v.y0 >= (l.rect.y0 + l.rect.y1) / 2, v.x1 >= l.rect.x0 - maxBelowLeft * h, v.x0 <= l.rect.x1 + 12 * h {
            let dy = max(0, v.y0 - l.rect.y1) / h
            if dy <= maxBelow {
                let d = dy + 0.2 * max(0, l.rect.x0 - v.x0, v.x0 - l.rect.x1) / h + belowCost
                best = min(best ?? d, d)
            }
        }
        return best
    }

    func distance(_ v: Value, to labels: [Label]) -> Double? {
        labels.filter { $0.field == v.field }.compactMap { Self.distance(from: $0, to: v.rect) }.min()
    }

    /// The field of the nearest label a value of this kind could belong to (a payer's IBAN under its own label).
    func owner(of v: Value, in labels: [Label]) -> GenericField? {
        let kinds: Set<GenericField> = v.field == .account ? [.account, .payerAccount] : [v.field]
        return labels.filter { kinds.contains($0.field) }
            .compactMap { l in Self.distance(from: l, to: v.rect).map { (l.field, $0) } }
            .min { $0.1 < $1.1 }?.0
    }

    /// Checks passed first, then nearness to the field's label; an unlabelled valid value still counts.
    func score(_ v: Value, _ labels: [Label]) -> Double {
        var s = v.valid ? 3.0 : 1.0
        if let d = distance(v, to: labels) { s += 3 - min(d, 25) / 10 }
        if v.corrections.isEmpty { s += 0.1 }
        return s
    }

    /// The payee's or payer's name: the nearest segment right of or below one of its labels.
    func name(for field: GenericField, among segments: [Segment], labels: [Label]) -> Value? {
        var best: (Segment, Double)?
        for l in labels where l.field == field {
            for s in segments {
                guard let d = Self.distance(from: l, to: s.rect), d <= 8 else { continue }
                if best.map({ d < $0.1 }) ?? true { best = (s, d) }
            }
        }
        guard let (s, _) = best else { return nil }
        return Value(field: field, words: s.words, rect: s.rect, text: s.text, valid: true, name: s.text)
    }

    static func rect(_ page: PageWords, _ words: [Int]) -> Rect {
        let rs = words.compactMap { page.words.indices.contains($0) ? SlipLikeBlocks.rect(page.words[$0]) : nil }
        return Rect(x0: rs.map(\.x0).min() ?? 0, y0: rs.map(\.y0).min() ?? 0, x1: rs.map(\.x1).max() ?? 0, y1: rs.map(\.y1).max() ?? 0)
    }
}
