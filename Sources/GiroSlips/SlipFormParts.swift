import GiroImaging

/// The parts of a fitted form side by side, separated by a strip free of print over the form's whole height: a
/// receipt or counterfoil beside the main part (the Czech and Slovak postal orders print `Částka`, `Příjemce`,
/// `Odesílatel` on both). A label found in the receipt and elsewhere names its field elsewhere.
struct SlipFormParts: Sendable {
    /// Each part's extent across, form millimetres of the fit's frame, left to right.
    let ranges: [ClosedRange<Double>]
    /// A strip this many word heights wide, free of words over the form's height, separates two parts.
    static let minGapHeights = 2.0

    init(_ match: SlipMatch, page: PageWords) {
        let t = match.template
        guard let inverse = match.transform.inverse() else { ranges = []; return }
        let scale = max(match.transform.scale, 1e-9)
        var spans: [(x0: Double, x1: Double)] = []
        var heights: [Double] = []
        for w in page.words where !w.text.allSatisfy(\.isWhitespace) {
            let c = inverse.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
            guard c.x.isFinite, c.y.isFinite, c.x >= -0.1 * t.width, c.x <= 1.1 * t.width,
                  c.y >= -0.1 * t.height, c.y <= 1.1 * t.height else { continue }
            let hw = Double(w.w) / 2 / scale
            spans.append((c.x - hw, c.x + hw))
            heights.append(Double(w.h) / scale)
        }
        guard !spans.isEmpty else { ranges = []; return }
        let gap = Self.minGapHeights * heights.sorted()[heights.count / 2]
        var out: [ClosedRange<Double>] = []
        for s in spans.sorted(by: { $0.x0 < $1.x0 }) {
            if let last = out.last, s.x0 <= last.upperBound + gap {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, s.x1)
            } else {
                out.append(s.x0...max(s.x0, s.x1))
            }
        }
        ranges = out
    }

    /// The part holding the form point's x (nil: between parts or outside).
    func part(of x: Double) -> Int? { ranges.firstIndex { $0.contains(x) } }

    /// Where the part holding `x` ends, halfway into the strip after it (nil: the last part, or none holds `x`).
    func end(of x: Double) -> Double? {
        guard let i = part(of: x), i + 1 < ranges.count else { return nil }
        return (ranges[i].upperBound + ranges[i + 1].lowerBound) / 2
    }
}

extension SlipLabelPlacement {
    /// The hit that names a zone's field among its anchor's hits. A label the template prints once but the page
    /// prints in several parts is not taken in a receipt part (a part at the form's edge without the required
    /// title, repeating two or more of the form's labels) when it is printed elsewhere; a hit inside a longer label (`odesílatele` in `Potvrzení pro odesílatele`, `adresáta` in
    /// `IBAN adresáta`) gives way to one that starts its line's label. Then the fit's own hit, else the nearest.
    static func labelHit(_ anchor: Int, _ match: SlipMatch, page: PageWords, parts: SlipFormParts, words: [PixelRect]) -> AnchorHit? {
        let t = match.template
        guard t.anchors.indices.contains(anchor), let inverse = match.transform.inverse() else { return nil }
        let a = t.anchors[anchor]
        var hits = match.hits.filter { $0.anchor == anchor }
        let fitHit = match.anchors.first { $0.anchor == anchor }
        if hits.count >= 2 {
            let starting = hits.filter { startsLabel($0, words: words) }
            if !starting.isEmpty, starting.count < hits.count { hits = starting }
        }
        let shared = t.anchors.indices.contains { $0 != anchor && !Set(t.anchors[$0].wordings).isDisjoint(with: a.wordings) }
        if !shared, parts.ranges.count >= 2, hits.count >= 2 {
            // By the label's middle: its left edge is the part's own edge when it starts the part.
            let partOf = { (h: AnchorHit) in
                parts.part(of: inverse.apply(SlipPoint(x: (h.bounds.x0 + h.bounds.x1) / 2, y: (h.bounds.y0 + h.bounds.y1) / 2)).x)
            }
            let candidateParts = Set(hits.compactMap(partOf))
            if candidateParts.count >= 2 {
                // A receipt is a part at the form's edge that prints no required label (the title) and repeats at
                // least two labels printed elsewhere too (each starting its label run).
                var anchorsIn: [Int: Set<Int>] = [:]
                for h in match.hits where startsLabel(h, words: words) {
                    if let p = partOf(h) { anchorsIn[p, default: []].insert(h.anchor) }
                }
                let required = Set(match.hits.filter { t.anchors[$0.anchor].required }.compactMap(partOf))
                let last = parts.ranges.count - 1
                let receipts = [0, last].filter { p in
                    let own = anchorsIn[p] ?? []
                    let repeated = own.filter { a in anchorsIn.contains { $0.key != p && $0.value.contains(a) } }
                    return !required.contains(p) && repeated.count >= 2
                }
                if receipts.count == 1, let receipt = receipts.first {
                    let kept = hits.filter { partOf($0) != receipt }
                    if !kept.isEmpty { hits = kept }
                }
            }
        }
        // The template's own wording over another edition's (`Ve prospěch účtu` over the caption `číslo účtu`).
        if hits.count >= 2 {
            let own = SlipText.tokens(a.text)
            let primary = hits.filter { h in
                let toks = h.words.filter { page.words.indices.contains($0) }.flatMap { SlipText.tokens(page.words[$0].text) }
                return toks.count >= own.count && (0...(toks.count - own.count)).contains { s in
                    zip(toks[s..<(s + own.count)], own).allSatisfy { SlipText.matches($0, $1) }
                }
            }
            if !primary.isEmpty { hits = primary }
        }
        if let f = fitHit, hits.contains(where: { $0.words == f.words }) { return f }
        return nearest(hits, to: a, match)
    }

    /// Whether no word stands just left of the hit on its line (within one word height): the hit starts a label
    /// rather than ending one.
    static func startsLabel(_ h: AnchorHit, words: [PixelRect]) -> Bool {
        let b = h.bounds, height = max(b.y1 - b.y0, 1)
        return !words.contains { w in
            w.x1 <= b.x0 + 1 && w.x1 >= b.x0 - height && min(w.y1, b.y1) - max(w.y0, b.y0) > 0.5 * min(w.y1 - w.y0, height)
        }
    }
}
