import GiroImaging

/// The printed labels of every loaded template, to tell label text from values: a word that is part of a label
/// found on the page is never read as a field's value (the German form's `Betrag:` is no amount).
extension SlipVocabulary {
    /// Above this many words a page is not searched for other templates' labels (cost); the fitted template's
    /// own labels are still set aside.
    static let maxLabelPageWords = 5_000

    /// Words of the page that print any template's label of two or more tokens.
    func labelWords(on page: PageWords) -> Set<Int> {
        guard page.words.count <= Self.maxLabelPageWords, !multiWordLabels.isEmpty else { return [] }
        let index = SlipClassifier.PageIndex(page, excluding: [])
        var out = Set<Int>()
        for w in multiWordLabels {
            for h in SlipClassifier.hits(for: w, index: 0, in: index) { out.formUnion(h.words) }
        }
        return out
    }

    /// The label words of a fitted form: every hit of its own anchors (one-token labels of four or more
    /// characters included) and the words continuing such a label on its line in the same type size (`Name,
    /// Vorname/Firma (max. 27 Stellen)` after `Angaben zum Zahlungsempfänger:`), plus `others` (other templates'
    /// labels found on the page). A label a value follows on its line (`right`) is not continued.
    static func labelWords(of match: SlipMatch, page: PageWords, others: Set<Int>) -> Set<Int> {
        var out = others
        let t = match.template
        let rightOf = Set(SlipLabelPlacement.labels(t).compactMap { $0?.value == .right ? $0?.anchor : nil })
        let index = SlipClassifier.PageIndex(page, excluding: [])
        let inverse = match.transform.inverse()
        let scale = max(match.transform.scale, 1e-9)
        // A word's centre height in the form (on a rotated photo the next line's word may sit just right of a label).
        func formY(_ i: Int) -> Double? {
            let w = page.words[i]
            return inverse?.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2)).y
        }
        // A word of letters closed by a colon (`Hitno:`, a label no template knows) names what follows it.
        for (i, w) in page.words.enumerated() where Self.isColonLabel(w.text) { out.insert(i) }
        for h in match.hits + match.anchors {
            let a = t.anchors.indices.contains(h.anchor) ? t.anchors[h.anchor] : nil
            let tokens = a.map { SlipText.tokens($0.text) } ?? []
            guard tokens.count >= 2 || tokens.first.map({ $0.count >= 4 }) == true else { continue }
            out.formUnion(h.words)
            guard !rightOf.contains(h.anchor), let last = h.words.last, page.words.indices.contains(last) else { continue }
            let height = Double(h.words.compactMap { page.words.indices.contains($0) ? page.words[$0].h : nil }.max() ?? 1)
            guard let lineY = formY(last) else { continue }
            var cur = last
            for _ in 0..<maxContinuation {
                guard let n = index.adjacent(after: cur), !out.contains(n) || h.words.contains(n) else { break }
                // Punctuation between label words (`-`, `/`) belongs to the label whatever its height.
                if index.tokens[n].isEmpty {
                    out.insert(n)
                    cur = n
                    continue
                }
                let hn = Double(page.words[n].h)
                guard hn <= 1.35 * height, hn >= 0.6 * height, let y = formY(n), abs(y - lineY) <= 0.3 * height / scale else { break }
                out.insert(n)
                cur = n
            }
        }
        return out
    }

    /// Three or more letters and nothing else before a final colon (UTF-8; any non-ASCII byte counts as a letter).
    static func isColonLabel(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count >= 4, b.count <= 40, b.last == UInt8(ascii: ":") else { return false }
        return b.dropLast().allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 >= 0x80 }
    }

    /// Words continuing one label on its line at most.
    static let maxContinuation = 24
}
