import GiroCore
import Foundation
import GiroImaging

/// One place on the page where an anchor's label was found.
struct AnchorHit: Sendable, Hashable {
    var anchor: Int
    /// Where the label is, pixels: the left edge of the matched words at their vertical centre (another printer's
    /// wording or font is longer or shorter, but starts where the label starts).
    var center: SlipPoint
    var words: [Int]
    /// The matched words' bounds in pixels (`minX`, `minY`, `maxX`, `maxY`).
    var bounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// The match starts at a word's first letters (`ÁTUTALÁSI MEGBÍZÁS` inside `KÉSZPÉNZ-ÁTUTALÁSI MEGBÍZÁS` does not).
    var startsWord = true
}

/// An upright rectangle in image pixels by its corners.
struct PixelRect: Sendable, Hashable {
    var x0, y0, x1, y1: Double
}

extension PixelRect {
    /// A word's box; added up in `Double`, so no coordinate a caller's words give can overflow.
    init(_ w: PageWord) {
        self.init(x0: Double(w.x), y0: Double(w.y), x1: Double(w.x) + Double(w.w), y1: Double(w.y) + Double(w.h))
    }
}

/// A template located on a page: the transform from its millimetres to the page's pixels and the anchors behind it.
struct SlipMatch: Sendable {
    var template: SlipTemplate
    var transform: SlipTransform
    var anchors: [AnchorHit]
    /// Every place any of the template's labels was found (inliers or not): zones are placed from these
    /// (`SlipLabelPlacement`).
    var hits: [AnchorHit] = []
    /// Recognised by `SlipClassifier.relaxedMatch` (no template fitted with its required labels agreeing).
    var relaxed = false
    /// Recognised by `SlipClassifier.widenedMatch` (the last resort: labels each some millimetres off): a sheet's
    /// larger reading, which may fit the form strictly, is still taken (`locate(on:)`).
    var widened = false
    /// For such a form: the generic reader's record of the page, which fills the fields its zones missed.
    var fallback: PaymentRecord?
}

/// Finds a template's printed labels among a page's words and fits the form onto the page.
enum SlipClassifier {
    static let maxHitsPerAnchor = 6
    /// A slip can lie at any angle up to this (scans, photos); beyond it anchor pairs are not trusted.
    static let maxRotation = 0.6   // radians, ~34°
    /// Anchor position tolerance, millimetres of the form: at least this, more for anchors far from the pair that
    /// proposed the fit (other printers' forms differ by some per cent in proportions and move boxes by millimetres).
    static let toleranceMM = 6.0
    /// The tolerance's share of an anchor's distance from the proposing pair.
    static let toleranceShare = 0.06

    struct PageIndex {
        let words: [PageWord]
        let tokens: [[String]]
        let excluded: Set<Int>

        init(_ page: PageWords, excluding: Set<Int>) {
            words = page.words
            excluded = excluding
            tokens = page.words.enumerated().map { excluding.contains($0.offset) ? [] : SlipText.tokens($0.element.text) }
        }

        /// The next word with letters or digits on the line, hopping over punctuation-only words (`/`, `–`).
        func next(after w: Int) -> Int? {
            var cur = w
            for _ in 0..<4 {
                guard let n = adjacent(after: cur) else { return nil }
                if !tokens[n].isEmpty { return n }
                cur = n
            }
            return nil
        }

        /// The word starting the next line under `w` (left-aligned within about a word height, its top within two
        /// line heights).
        func wrapped(below w: Int) -> Int? {
            let a = words[w]
            let h = Double(max(a.h, 1))
            var best: Int?
            var bestY = Double.infinity
            for (j, b) in words.enumerated() where j != w && !excluded.contains(j) && !tokens[j].isEmpty {
                let top = Double(b.y) - Double(a.y)
                guard top >= 0.6 * h, top <= 2.2 * h, abs(Double(b.x - a.x)) <= 1.5 * h else { continue }
                if top < bestY { bestY = top; best = j }
            }
            return best
        }

        /// The word that continues a line after `w`: starts just right of it, at about the same height.
        func adjacent(after w: Int) -> Int? {
            let a = words[w]
            let h = Double(max(a.h, 1))
            let right = Double(a.x + a.w), cy = Double(a.y) + Double(a.h) / 2
            var best: Int?
            var bestX = Double.infinity
            for (j, b) in words.enumerated() where j != w && !excluded.contains(j) {
                let left = Double(b.x)
                guard left >= right - 0.5 * h, left <= right + 2.5 * h else { continue }
                let dy = abs(Double(b.y) + Double(b.h) / 2 - cy)
                guard dy <= 0.6 * h + 0.2 * max(0, left - right) else { continue }
                if left < bestX { bestX = left; best = j }
            }
            return best
        }
    }

    /// Where any wording of the anchor is printed (at most `maxHitsPerAnchor`).
    static func hits(for anchor: SlipAnchor, index: Int, in page: PageIndex) -> [AnchorHit] {
        var out: [AnchorHit] = []
        for wording in anchor.wordings where out.count < maxHitsPerAnchor {
            for h in hits(for: wording, index: index, in: page) where out.count < maxHitsPerAnchor && !out.contains(where: { $0.words == h.words }) {
                out.append(h)
            }
        }
        return out
    }

    static func hits(for wording: String, index: Int, in page: PageIndex) -> [AnchorHit] {
        let want = SlipText.tokens(wording)
        guard let first = want.first else { return [] }
        var out: [AnchorHit] = []
        let subs = substitutions(want)
        for (w, toks) in page.tokens.enumerated() {
            // A first token split by the OCR (`Speci ificky`) starts the label as well as a matching one.
            for (k, t) in toks.enumerated() where SlipText.matches(t, first) || (t.count >= 2 && t.count < first.count && first.hasPrefix(t.prefix(2))) {
                guard let used = labelWords(want, from: w, token: k, in: page, substitutions: subs) else { continue }
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                for u in used {
                    let b = page.words[u]
                    minX = min(minX, Double(b.x)); minY = min(minY, Double(b.y))
                    maxX = max(maxX, Double(b.x + b.w)); maxY = max(maxY, Double(b.y + b.h))
                }
                out.append(AnchorHit(anchor: index, center: SlipPoint(x: minX, y: (minY + maxY) / 2), words: used,
                                     bounds: PixelRect(x0: minX, y0: minY, x1: maxX, y1: maxY), startsWord: k == 0))
                if out.count >= maxHitsPerAnchor { return out }
                break
            }
        }
        return out
    }

    /// The template's best fit on the page, or nil when fewer than `minAnchors` anchors agree. `fitOnly` (the
    /// class is known: `--slip`): any two agreeing anchors place the form, required ones or not.
    static func match(_ template: SlipTemplate, page: PageWords, excluding: Set<Int> = [], fitOnly: Bool = false,
                      ignoringRequired: Bool = false) -> SlipMatch? {
        let m = fitted(template, page: page, excluding: excluding, fitOnly: fitOnly, ignoringRequired: ignoringRequired)
        if SlipClassTrace.enabled, !fitOnly {
            let index = PageIndex(page, excluding: excluding)
            let found = template.anchors.enumerated().flatMap { Self.hits(for: $0.element, index: $0.offset, in: index) }
            SlipClassTrace.template(template, hits: found, page: page, outcome: m, how: ignoringRequired ? "relaxed" : "strict")
        }
        return m
    }

    static func fitted(_ template: SlipTemplate, page: PageWords, excluding: Set<Int>, fitOnly: Bool,
                       ignoringRequired: Bool) -> SlipMatch? {
        let needed = fitOnly ? 2 : template.minAnchors
        let index = PageIndex(page, excluding: excluding)
        var all: [AnchorHit] = []
        var found = 0
        for (i, a) in template.anchors.enumerated() {
            let h = hits(for: a, index: i, in: index)
            if !h.isEmpty { found += 1 }
            all += h
        }
        guard found >= needed else { return nil }
        let mm = template.anchors.map(Self.reference)
        let skew = textSkew(index)

        // Consensus: every pair of hits of different anchors proposes a similarity; the hits agreeing with it refit
        // it as an affine (other printers' forms are stretched unevenly), which may gather more. The fit most
        // anchors agree with is kept.
        var best: (inliers: [AnchorHit], error: Double, fit: SlipTransform)?
        let requiredAnchors = fitOnly || ignoringRequired ? [] : template.anchors.indices.filter { template.anchors[$0].required }
        // The best fit that keeps the required labels too: on a photo a label read a little off (the title, blurred)
        // can fall out of the fit most labels agree with, though another fit holds it and enough of the rest; taken
        // when the loose fit below finds no form either.
        var bestRequired: (inliers: [AnchorHit], error: Double, fit: SlipTransform)?
        for i in 0..<all.count {
            for j in (i + 1)..<all.count where all[j].anchor != all[i].anchor {
                guard let t = SlipTransform.similarity(from: [mm[all[i].anchor], mm[all[j].anchor]], to: [all[i].center, all[j].center]),
                      t.scale > 0.5, t.scale < 200, abs(atan2(t.d, t.a)) <= maxRotation, agreesWithText(t, skew: skew),
                      fitsPage(t, template, page) else { continue }
                let pivot = SlipPoint(x: (mm[all[i].anchor].x + mm[all[j].anchor].x) / 2, y: (mm[all[i].anchor].y + mm[all[j].anchor].y) / 2)
                var (inliers, err) = consensus(t, all: all, mm: mm, pivot: pivot)
                var fit = t
                if inliers.count >= 3, let refined = refit(inliers, mm: mm, like: t), fitsPage(refined, template, page) {
                    let (more, e2) = consensus(refined, all: all, mm: mm, pivot: pivot)
                    if more.count > inliers.count || (more.count == inliers.count && e2 < err) { (inliers, err, fit) = (more, e2, refined) }
                }
                if inliers.count > (best?.inliers.count ?? 0) || (inliers.count == best?.inliers.count && err < best?.error ?? .infinity) {
                    best = (inliers, err, fit)
                }
                if !requiredAnchors.isEmpty, requiredAnchors.allSatisfy({ r in inliers.contains { $0.anchor == r } }),
                   inliers.count > (bestRequired?.inliers.count ?? 0) || (inliers.count == bestRequired?.inliers.count && err < bestRequired?.error ?? .infinity) {
                    bestRequired = (inliers, err, fit)
                }
            }
        }
        let chosen: (inliers: [AnchorHit], error: Double, fit: SlipTransform)
        if let b = best, b.inliers.count >= needed, requiredAnchors.allSatisfy({ r in b.inliers.contains { $0.anchor == r } }) {
            chosen = b
        } else if !fitOnly, let l = loose(template, all: all, found: found, needed: needed, mm: mm, required: requiredAnchors,
                                          relaxed: ignoringRequired),
                  let fitted = SlipTransform.scaleAndShift(from: l.inliers.map { mm[$0.anchor] }, to: l.inliers.map(\.center)) {
            let upright = fitsPage(fitted, template, page) ? fitted
                : onPage(fitted, template, page, l.inliers.map { mm[$0.anchor] }, l.inliers.map(\.center), skew: skew ?? 0)
            // Labels millimetres away from the template's say nothing reliable about rotation or shear: the form is
            // taken upright, scaled and moved.
            if printsAbsent(template, upright, index) { return nil }
            return SlipMatch(template: template, transform: upright, anchors: l.inliers, hits: all)
        } else if let b = bestRequired, b.inliers.count >= needed {
            // Only where the loose fit finds nothing either: a loose fit places the zones of other printers' forms better.
            chosen = b
        } else {
            return nil
        }
        let from = chosen.inliers.map { mm[$0.anchor] }, to = chosen.inliers.map(\.center)
        guard var t = SlipTransform.similarity(from: from, to: to) else { return nil }
        // One label beside a column of labels turns a least-squares fit by its own error over its lever (a label
        // another printer moved 4 mm lower turns the form 1.5°, and the far boxes land a row off): the form is
        // fitted to the column, which fixes the turn and the scale by itself.
        if let k = lever(from) {
            let rest = from.indices.filter { $0 != k }
            if let column = SlipTransform.similarity(from: rest.map { from[$0] }, to: rest.map { to[$0] }), fitsPage(column, template, page) {
                t = column
            }
        }
        // The inliers' least squares may reach off the page where the consensus's own fit did not.
        if !fitsPage(t, template, page) { t = chosen.fit }
        // With three or more anchors an affine fit absorbs unequal scales and shear (mild perspective); kept when it
        // stays near the similarity.
        // It must stay tame as the consensus's refit must: a label matched a line off (or another printer's column
        // moved) otherwise shears the whole form and misplaces every box far from the labels.
        if chosen.inliers.count >= 3, spreads(from), let affine = SlipTransform.affine(from: from, to: to),
           tame(affine, like: t, limit: 0.25), residual(affine, from, to) <= residual(t, from, to), fitsPage(affine, template, page) {
            t = affine
        }
        // Six or more: a perspective fit, kept only when it clearly reduces the anchors' error and stays tame.
        if chosen.inliers.count >= 6, spreads(from), let p = SlipTransform.perspective(from: from, to: to),
           abs(p.g) < 0.01, abs(p.h) < 0.01, abs(p.scale / t.scale - 1) < 0.25,
           residual(p, from, to) < 0.8 * residual(t, from, to), fitsPage(p, template, page) {
            t = p
        }
        // The form's rows run along the page's lines of text. Labels another printer moved by millimetres turn a
        // least-squares fit by a degree or two away from them; on a scan every zone's crop then cuts its value
        // askew, a row off at its far end (perturbed HU megbízás: `Kovács Péter` read `pővács5étr————`). Such a fit
        // is taken again along the text's angle (`SlipTextSkew.alongText`).
        if let skew, t.g == 0, t.h == 0, abs(atan2(t.d, t.a) - skew) > maxTextTurn,
           let along = SlipTransform.alongText(skew, from: from, to: to), fitsPage(along, template, page) {
            t = along
        }
        if !fitOnly, printsAbsent(template, t, index) { return nil }
        return SlipMatch(template: template, transform: t, anchors: chosen.inliers, hits: all)
    }

    /// Whether a label the template says its form does not print (`classify.absent`) is printed on the fitted form
    /// (within 5 % of its size around it): the page then holds the sibling that prints it. A label of another slip
    /// on the same page does not count.
    static func printsAbsent(_ template: SlipTemplate, _ t: SlipTransform, _ index: PageIndex) -> Bool {
        guard !template.absent.isEmpty, let inverse = t.inverse() else { return false }
        let mx = 0.05 * template.width, my = 0.05 * template.height
        for wording in template.absent {
            for h in hits(for: wording, index: -1, in: index) {
                let p = inverse.apply(h.center)
                if p.x >= -mx, p.x <= template.width + mx, p.y >= -my, p.y <= template.height + my { return true }
            }
        }
        return false
    }

    /// Share of a template's labels that must be printed to recognise the form without a strict fit.
    static let relaxedShare = 0.75

    /// When no template fits strictly: another printer's edition of a form that draws its columns in other
    /// proportions (the UK giro credit with its counterfoil at the left, the sort code in a box at the right), so
    /// too few labels agree on one fit. A template of which at least `relaxedShare` of the labels are printed,
    /// every required one among them (that is what tells it from a sibling), and `minAnchors` agree on a fit is
    /// taken (zones are placed from the labels, `SlipLabelPlacement`): the one with the most labels printed, then
    /// the most agreeing, then the first in priority order.
    ///
    /// Failing that, a form whose required label is lost (printed across a box's line, a blurred word): a template
    /// fitted by at least `distinctiveLabels` of its own labels that no other loaded template prints
    /// (`distinctive`) — what a required label does, telling the form from its siblings, several such labels do
    /// together — and whose required label is printed garbled where the fit puts it (`printsLost`: a sibling's
    /// form that Giro has no template for prints no such label). The most of them wins; two templates with as
    /// many: none (a wrong class is worse than none).
    ///
    /// Failing that too, a form whose labels are nearly all its siblings' as well (the Montenegrin order prints the
    /// Bosnian and Serbian orders' wordings): its required label printed garbled where the fit puts it, and far
    /// more of its labels agreeing on its fit than of any other template's (`aheadOfSiblings`).
    static func relaxedMatch(_ templates: [SlipTemplate], page: PageWords, excluding: Set<Int>) -> SlipMatch? {
        var best: (match: SlipMatch, printed: Int)?
        var telling: (match: SlipMatch, labels: Int, tied: Bool)?
        // Every template's agreeing labels on its relaxed fit, and the forms whose required label is lost but
        // printed garbled (`aheadOfSiblings` chooses among them).
        var agreeing: [String: Int] = [:]
        var lost: [SlipMatch] = []
        for t in templates {
            guard var m = match(t, page: page, excluding: excluding, ignoringRequired: true) else { continue }
            m.relaxed = true
            agreeing[t.id] = Set(m.anchors.map(\.anchor)).count
            let present = Set(m.hits.map(\.anchor))
            guard t.anchors.indices.allSatisfy({ !t.anchors[$0].required || present.contains($0) }) else {
                guard best == nil, printsLost(m, present: present, page: page, excluding: excluding) else { continue }
                lost.append(m)
                guard case let n = distinctiveAgreeing(m, among: templates), n >= distinctiveLabels else { continue }
                if let d = telling, n <= d.labels {
                    if n == d.labels { telling?.tied = true }
                    continue
                }
                telling = (m, n, false)
                continue
            }
            guard present.count >= Int((relaxedShare * Double(t.anchors.count)).rounded(.up)) else { continue }
            if let b = best, (present.count, m.anchors.count) <= (b.printed, b.match.anchors.count) { continue }
            best = (m, present.count)
        }
        if let b = best { return b.match }
        if let d = telling { return d.tied ? nil : d.match }
        if let a = aheadOfSiblings(lost, agreeing: agreeing, among: templates) { return a }
        return widenedMatch(templates, page: page, excluding: excluding)
    }

    /// How far (millimetres of the form) each label may lie from where a widened fit puts it (`widenedMatch`).
    static let widenedToleranceMM = 10.0

    /// Failing every other fit: another printer's edition that moves each of its boxes by some millimetres its own
    /// way (perturbed photos: the Serbian order's labels 4–8 mm from the template's, each in another direction), so
    /// no two labels propose a fit the others agree with at `toleranceMM`, and too few of its small labels were
    /// read for the loose fit. A template whose required labels are all found as whole words (its title) and
    /// agree, with at least `minAnchors` labels, on a fit within `widenedToleranceMM` of each, turned at most by
    /// `looseRotation`, is taken when more labels agree on it than on any other template's fit so widened (a
    /// sibling printing the same wordings fits as many of them; a wrong class is worse than none). Zones are placed
    /// from the labels found (`SlipLabelPlacement`).
    static func widenedMatch(_ templates: [SlipTemplate], page: PageWords, excluding: Set<Int>) -> SlipMatch? {
        let index = PageIndex(page, excluding: excluding)
        var counts: [String: Int] = [:]
        var candidates: [SlipMatch] = []
        for t in templates {
            var all: [AnchorHit] = []
            for (i, a) in t.anchors.enumerated() { all += hits(for: a, index: i, in: index) }
            guard Set(all.map(\.anchor)).count >= 2 else { continue }
            let mm = t.anchors.map(Self.reference)
            guard let w = widened(t, all: all, mm: mm, page: page) else { continue }
            counts[t.id] = w.inliers.count
            let required = t.anchors.indices.filter { t.anchors[$0].required }
            guard !required.isEmpty, w.inliers.count >= t.minAnchors,
                  required.allSatisfy({ r in w.inliers.contains { $0.anchor == r && $0.startsWord } }) else { continue }
            let from = w.inliers.map { mm[$0.anchor] }, to = w.inliers.map(\.center)
            var fit = w.fit
            if let s = SlipTransform.similarity(from: from, to: to), fitsPage(s, t, page) { fit = s }
            if printsAbsent(t, fit, index) { continue }
            var m = SlipMatch(template: t, transform: fit, anchors: w.inliers, hits: all)
            m.relaxed = true
            m.widened = true
            candidates.append(m)
        }
        for m in candidates {
            let n = counts[m.template.id] ?? 0
            let rival = counts.filter { $0.key != m.template.id }.values.max() ?? 0
            guard n > rival else { continue }
            SlipClassTrace.log("class: \(m.template.id) on a widened fit: \(n) labels agree, \(rival) at most on another template's")
            return m
        }
        return nil
    }

    /// The fit most of the hits agree with within `widenedToleranceMM`, proposed by pairs of hits of different
    /// labels turned at most `looseRotation` and lying on the page.
    static func widened(_ template: SlipTemplate, all: [AnchorHit], mm: [SlipPoint], page: PageWords)
        -> (inliers: [AnchorHit], error: Double, fit: SlipTransform)? {
        var best: (inliers: [AnchorHit], error: Double, fit: SlipTransform)?
        for i in 0..<all.count {
            for j in (i + 1)..<all.count where all[j].anchor != all[i].anchor {
                guard let t = SlipTransform.similarity(from: [mm[all[i].anchor], mm[all[j].anchor]], to: [all[i].center, all[j].center]),
                      t.scale > 0.5, t.scale < 200, abs(atan2(t.d, t.a)) <= looseRotation, fitsPage(t, template, page) else { continue }
                var (inliers, err) = consensus(t, all: all, mm: mm, fixedMM: widenedToleranceMM)
                var fit = t
                // Two labels each moved its own way propose a scale some per cent off: the fit through every label
                // agreeing with them, once, which may gather more.
                if inliers.count >= 3, let s = SlipTransform.similarity(from: inliers.map { mm[$0.anchor] }, to: inliers.map(\.center)),
                   abs(atan2(s.d, s.a)) <= looseRotation, fitsPage(s, template, page) {
                    let (more, e2) = consensus(s, all: all, mm: mm, fixedMM: widenedToleranceMM)
                    if more.count > inliers.count || (more.count == inliers.count && e2 < err) { (inliers, err, fit) = (more, e2, s) }
                }
                if inliers.count > (best?.inliers.count ?? 0) || (inliers.count == best?.inliers.count && err < best?.error ?? .infinity) {
                    best = (inliers, err, fit)
                }
            }
        }
        return best
    }

    /// Labels that must agree on the fit of a form recognised by `aheadOfSiblings`, at least (and the template's
    /// `minAnchors`).
    static let aheadLabels = 5
    /// How many more labels than on any other template's fit must agree on that fit.
    static let aheadMargin = 3

    /// Among forms whose required label is lost but printed garbled where the fit puts it (`printsLost`): the one
    /// whose fit at least `aheadLabels` labels agree with, `aheadMargin` more than with any other template's fit on
    /// the page. A sibling printing the same wordings fits the page as well as the form does where the page
    /// is the sibling's; on the form's page it fits only the labels the two share, in the form's arrangement. Nil
    /// for a template sharing no label with another loaded one (nothing to be ahead of: alone, its required label
    /// stays required). At most one form is so far ahead of every other.
    static func aheadOfSiblings(_ lost: [SlipMatch], agreeing: [String: Int], among templates: [SlipTemplate]) -> SlipMatch? {
        for m in lost {
            let t = m.template
            guard t.anchors.contains(where: { !distinctive($0, of: t, among: templates) }),
                  let n = agreeing[t.id], n >= max(aheadLabels, t.minAnchors) else { continue }
            let rival = agreeing.filter { $0.key != t.id }.values.max() ?? 0
            guard n >= rival + aheadMargin else { continue }
            SlipClassTrace.log("class: \(t.id) ahead of its siblings: \(n) labels agree, \(rival) at most on another template's fit")
            return m
        }
        return nil
    }

    /// Whether each required label the page lacks is printed garbled where the fit puts it (within `toleranceMM`
    /// of its box, or moved with its nearest labels found: `nearbyShifts`): words there, of no other label found, spell at least half of the label's words of four letters
    /// or more with at most 40 % of their letters misread (`Smetka na primačot` read `sbretierne primate` across a
    /// box's line). A sibling's form, which prints no such label (HUB 3A for HUB 3's `Obrazac HUB 3`), is not
    /// taken for its loaded sibling, whatever its other labels.
    static func printsLost(_ m: SlipMatch, present: Set<Int>, page: PageWords, excluding: Set<Int>) -> Bool {
        let t = m.template
        let labelWords = excluding.union(m.hits.flatMap(\.words))
        let index = PageIndex(page, excluding: labelWords)
        for r in t.anchors.indices where t.anchors[r].required && !present.contains(r) {
            let b = t.anchors[r].box, d = toleranceMM
            let corners = [(b.x - d, b.y - d), (b.x + b.w + d, b.y - d), (b.x + b.w + d, b.y + b.h + d), (b.x - d, b.y + b.h + d)]
                .map { m.transform.apply(SlipPoint(x: $0.0, y: $0.1)) }
            let spelled = nearbyShifts(of: r, m).contains { shift in
                let moved = corners.map { SlipPoint(x: $0.x + shift.x, y: $0.y + shift.y) }
                return spells(t.anchors[r], index, within: moved)
            }
            if !spelled { return false }
        }
        return true
    }

    /// Labels found near a lost one on the form (within `nearbyMM`, at most `nearbyLabels` of them) whose offsets
    /// from where the fit puts them may move the lost label's box too.
    static let nearbyMM = 25.0
    static let nearbyLabels = 3

    /// Where a lost label may be printed relative to the fit: where the fit puts it, and moved as each of the
    /// nearest labels found (`nearbyLabels` within `nearbyMM` on the form) is moved from where the fit puts that.
    /// Another printer's edition moves a column of boxes by millimetres; a relaxed fit agreed by the labels of the
    /// other column misses the lost label there, which its neighbours in its own column place.
    static func nearbyShifts(of lost: Int, _ m: SlipMatch) -> [SlipPoint] {
        let mm = m.template.anchors.map(reference)
        let q = mm[lost]
        func distance(_ p: SlipPoint) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        let near = m.hits.filter { $0.anchor != lost && m.template.anchors.indices.contains($0.anchor) && distance(mm[$0.anchor]) <= nearbyMM }
            .sorted { (distance(mm[$0.anchor]), $0.anchor, $0.center.y, $0.center.x) < (distance(mm[$1.anchor]), $1.anchor, $1.center.y, $1.center.x) }
            .prefix(nearbyLabels)
        let limit = nearbyShiftMM * m.transform.scale
        return [SlipPoint(x: 0, y: 0)] + near.compactMap { h in
            let p = m.transform.apply(mm[h.anchor])
            let shift = SlipPoint(x: h.center.x - p.x, y: h.center.y - p.y)
            return (shift.x * shift.x + shift.y * shift.y).squareRoot() <= limit ? shift : nil
        }
    }

    /// How far (millimetres of the form) a neighbour's offset may move a lost label: a column moved, not a label
    /// matched across the form.
    static let nearbyShiftMM = 15.0

    /// Whether the words whose centres lie within the corners' bounds spell at least half of one of the label's
    /// wordings' words of four letters or more, each with at most 40 % of its letters misread (`garbled`).
    static func spells(_ anchor: SlipAnchor, _ index: PageIndex, within corners: [SlipPoint]) -> Bool {
        guard let x0 = corners.map(\.x).min(), let x1 = corners.map(\.x).max(), let y0 = corners.map(\.y).min(),
              let y1 = corners.map(\.y).max(), x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return false }
        let read = index.words.indices.filter { i in
            let w = index.words[i]
            let cx = Double(w.x) + Double(w.w) / 2, cy = Double(w.y) + Double(w.h) / 2
            return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1
        }.prefix(maxLabelWords * 4).flatMap { index.tokens[$0] }
        return anchor.wordings.contains { wording in
            let long = SlipText.tokens(wording).filter { $0.count >= 4 }
            return !long.isEmpty && long.filter { need in read.contains { garbled($0, need) } }.count * 2 >= long.count
        }
    }

    /// A page token the OCR may have made of a label's word: at most 40 % of its letters edited.
    static func garbled(_ t: String, _ need: String) -> Bool {
        let limit = max(1, need.count * 2 / 5)
        return abs(t.count - need.count) <= limit
            && SlipText.editDistance(Array(t.unicodeScalars), Array(need.unicodeScalars), limit: limit) <= limit
    }

    /// Labels of a form no other template prints that must agree on its fit for it to be recognised without its
    /// required label (`relaxedMatch`).
    static let distinctiveLabels = 4

    /// How many of a fit's agreeing labels are `distinctive`; 0 for a form that shares no label with another loaded
    /// template: its siblings, which its required label tells it from, are not loaded, so nothing says which of
    /// its labels tell it (a template alone claims no sibling's form without its required label).
    static func distinctiveAgreeing(_ m: SlipMatch, among templates: [SlipTemplate]) -> Int {
        let t = m.template
        let telling = t.anchors.map { distinctive($0, of: t, among: templates) }
        guard telling.contains(false) else { return 0 }
        return Set(m.anchors.map(\.anchor)).filter { telling.indices.contains($0) && telling[$0] }.count
    }

    /// Whether no wording of the label is printed, word for word with the OCR's tolerance, as or inside a label
    /// of another template (`Cel na doznakata` is the Macedonian order's own; `Iznos`, `Šifra` and the title
    /// `NALOG ZA PLAĆANJE` are printed by its Montenegrin sibling too).
    static func distinctive(_ anchor: SlipAnchor, of template: SlipTemplate, among templates: [SlipTemplate]) -> Bool {
        let own = anchor.wordings.map(SlipText.tokens).filter { !$0.isEmpty }
        guard !own.isEmpty else { return false }
        for other in templates where other.id != template.id {
            for label in other.anchors {
                for wording in label.wordings {
                    let theirs = SlipText.tokens(wording)
                    if own.contains(where: { printed($0, inside: theirs) }) { return false }
                }
            }
        }
        return true
    }

    /// Whether `tokens` match a run of `label`'s tokens, each within `SlipText.matches`.
    static func printed(_ tokens: [String], inside label: [String]) -> Bool {
        guard !tokens.isEmpty, tokens.count <= label.count else { return false }
        return (0...(label.count - tokens.count)).contains { start in
            tokens.indices.allSatisfy { SlipText.matches(label[start + $0], tokens[$0]) }
        }
    }

    /// An anchor's point on the form, as `AnchorHit.center` is on the page: its box's left edge, vertical centre.
    static func reference(_ a: SlipAnchor) -> SlipPoint { SlipPoint(x: a.box.x, y: a.box.y + a.box.h / 2) }

    /// How far a fitted form may reach beyond the page, share of the page's width or height (a crop a little tight,
    /// a label consensus a few per cent too large).
    static let pageOverhang = 0.12

    /// Whether the fitted form lies on the page: its corners within `pageOverhang` outside the page's edges. The
    /// labels found are printed on the form and the form is in the picture; a fit much larger than the page is
    /// a receipt's copy of a label paired with the main part's (the pixel tolerance grows with the fit's scale, so
    /// an oversized fit gathers look-alikes and wins the consensus otherwise). Unknown page size: any fit.
    static func fitsPage(_ t: SlipTransform, _ template: SlipTemplate, _ page: PageWords) -> Bool {
        guard page.width > 0, page.height > 0 else { return true }
        let w = Double(page.width), h = Double(page.height)
        let mx = pageOverhang * w, my = pageOverhang * h
        for (x, y) in formCorners(template) {
            let p = t.apply(SlipPoint(x: x, y: y))
            guard p.x.isFinite, p.y.isFinite, p.x >= -mx, p.x <= w + mx, p.y >= -my, p.y <= h + my else { return false }
        }
        return true
    }

    /// A loose fit larger than the page (its labels agree on an arrangement, not on a size): the form at the
    /// largest scale the page holds, turned as the page's text (`skew`, radians: a scan's lines stay lines), moved
    /// by the labels' median offset and kept on the page. Zones are placed from the labels found
    /// (`SlipLabelPlacement`); the fit only gives their size and the search radius.
    static func onPage(_ t: SlipTransform, _ template: SlipTemplate, _ page: PageWords, _ from: [SlipPoint], _ to: [SlipPoint],
                       skew: Double = 0) -> SlipTransform {
        guard page.width > 0, page.height > 0, template.width > 0, template.height > 0 else { return t }
        let w = Double(page.width), h = Double(page.height)
        let k = min(t.scale, w / template.width, h / template.height)
        let turn = abs(skew) <= maxRotation ? skew : 0
        let a = k * cos(turn), d = k * sin(turn)
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s.isEmpty ? 0 : s[s.count / 2] }
        var c = median(zip(from, to).map { $0.1.x - (a * $0.0.x - d * $0.0.y) })
        var f = median(zip(from, to).map { $0.1.y - (d * $0.0.x + a * $0.0.y) })
        // The form's extent at this turn, without the shift: kept within the page (centred where it is wider).
        let corners = formCorners(template)
        let xs = corners.map { a * $0.0 - d * $0.1 }, ys = corners.map { d * $0.0 + a * $0.1 }
        if let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() {
            c = x1 - x0 <= w ? min(max(c, -x0), w - x1) : (w - x1 - x0) / 2
            f = y1 - y0 <= h ? min(max(f, -y0), h - y1) : (h - y1 - y0) / 2
        }
        return SlipTransform(a: a, b: -d, c: c, d: d, e: a, f: f)
    }

    /// The form's corners in millimetres, clockwise from the top left.
    static func formCorners(_ template: SlipTemplate) -> [(Double, Double)] {
        [(0.0, 0.0), (template.width, 0.0), (template.width, template.height), (0.0, template.height)]
    }

    /// Mean distance in pixels between mapped form points and where they were found.
    static func residual(_ t: SlipTransform, _ from: [SlipPoint], _ to: [SlipPoint]) -> Double {
        zip(from, to).reduce(0) { sum, pair in
            let p = t.apply(pair.0)
            let d = ((p.x - pair.1.x) * (p.x - pair.1.x) + (p.y - pair.1.y) * (p.y - pair.1.y)).squareRoot()
            return sum + (d.isFinite ? d : 1e9)
        } / Double(max(from.count, 1))
    }

    /// Share of a template's labels that must be printed for the loose fit, and its tolerance (share of the form's
    /// diagonal).
    static let looseShare = 0.7
    static let looseTolerance = 0.2
    /// The loose fit's pairs may tilt the form this much at most (radians, ~3°).
    static let looseRotation = 0.05

    /// Another printer's edition of the form: nearly all of its labels are printed (each required one as whole
    /// words), in about the same arrangement, but too far from the template's millimetres for the tolerance. The
    /// fit most of them agree with at a fifth of the form's diagonal places the form; zones are then placed from
    /// the labels themselves (`SlipLabelPlacement`).
    /// `relaxed` (`relaxedMatch`: most of the form's labels are printed, its required ones among them): `minAnchors`
    /// agreeing suffice. Another edition that moves a row of boxes (the symbols on one line, the addresses side by
    /// side) leaves fewer than 60 % of the labels found where the template has them, and one label lost to a comb
    /// read as noise would drop the form; the zones are placed from the labels found, not from this fit.
    static func loose(_ template: SlipTemplate, all: [AnchorHit], found: Int, needed: Int, mm: [SlipPoint],
                      required: [Int], relaxed: Bool = false) -> (inliers: [AnchorHit], error: Double, fit: SlipTransform)? {
        let n = template.anchors.count
        guard found >= max(needed + 1, Int((looseShare * Double(n)).rounded(.up))) else { return nil }
        guard required.allSatisfy({ r in all.contains { $0.anchor == r && $0.startsWord } }) else { return nil }
        let diagonal = (template.width * template.width + template.height * template.height).squareRoot()
        let hits = all.filter { !required.contains($0.anchor) || $0.startsWord }
        var best: (inliers: [AnchorHit], error: Double, fit: SlipTransform)?
        for i in 0..<hits.count {
            for j in (i + 1)..<hits.count where hits[j].anchor != hits[i].anchor {
                guard let t = SlipTransform.similarity(from: [mm[hits[i].anchor], mm[hits[j].anchor]], to: [hits[i].center, hits[j].center]),
                      t.scale > 0.5, t.scale < 200, abs(atan2(t.d, t.a)) <= looseRotation else { continue }
                let (inliers, err) = consensus(t, all: hits, mm: mm, fixedMM: looseTolerance * diagonal)
                if inliers.count > (best?.inliers.count ?? 0) || (inliers.count == best?.inliers.count && err < best?.error ?? .infinity) {
                    best = (inliers, err, t)
                }
            }
        }
        guard let b = best, b.inliers.count >= (relaxed ? needed : max(needed, Int((0.6 * Double(found)).rounded(.up)))),
              required.allSatisfy({ r in b.inliers.contains { $0.anchor == r } }) else { return nil }
        return b
    }

    /// An affine through the inliers when it is tame (axes' scales within 15 % of each other and of `t`'s, little
    /// shear); nil otherwise.
    static func refit(_ inliers: [AnchorHit], mm: [SlipPoint], like t: SlipTransform) -> SlipTransform? {
        let from = inliers.map { mm[$0.anchor] }
        guard spreads(from), let a = SlipTransform.affine(from: from, to: inliers.map(\.center)), tame(a, like: t, limit: 0.15) else { return nil }
        return a
    }

    /// An affine's axes' scales within 15 % of each other, little shear, and its scale within `limit` of `t`'s.
    static func tame(_ a: SlipTransform, like t: SlipTransform, limit: Double) -> Bool {
        let sx = (a.a * a.a + a.d * a.d).squareRoot(), sy = (a.b * a.b + a.e * a.e).squareRoot()
        return sx > 0 && sy > 0 && abs(sx / sy - 1) < 0.15 && abs(a.scale / t.scale - 1) < limit
            && abs(a.a * a.b + a.d * a.e) / (sx * sy) < 0.1
    }

    /// Whether form points spread enough across both axes to fix two scales and the shear (labels stacked in one
    /// column say nothing about the width): the standard deviation of each coordinate at least 15 mm, and the
    /// points still spread across their narrowest direction by `minorSpreadMM` with any one of them left out. Five
    /// labels in a column and one beside it fix the form's other axis by that one label alone: read a millimetre
    /// off (another printer's column, a blurred word box) it shears the whole form, and nothing can tell.
    static func spreads(_ ps: [SlipPoint]) -> Bool {
        guard ps.count >= 4 else { return false }
        let n = Double(ps.count)
        func sd(_ v: [Double]) -> Double {
            let m = v.reduce(0, +) / n
            return (v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / n).squareRoot()
        }
        guard sd(ps.map(\.x)) >= 15, sd(ps.map(\.y)) >= 15 else { return false }
        return ps.indices.allSatisfy { k in
            minorSpread(ps.enumerated().filter { $0.offset != k }.map(\.element)) >= minorSpreadMM
        }
    }

    /// The one point (of four or more) without which the rest lie on one line at least 15 mm long (a column or a
    /// row of labels): it alone fixes the form's other axis. Nil when there is none.
    static func lever(_ ps: [SlipPoint]) -> Int? {
        guard ps.count >= 4 else { return nil }
        return ps.indices.first { k in
            let rest = ps.enumerated().filter { $0.offset != k }.map(\.element)
            return minorSpread(rest) < minorSpreadMM && majorSpread(rest) >= 15
        }
    }

    /// The standard deviation of points along their widest direction.
    static func majorSpread(_ ps: [SlipPoint]) -> Double {
        guard ps.count >= 2 else { return 0 }
        let n = Double(ps.count)
        let mx = ps.reduce(0) { $0 + $1.x } / n, my = ps.reduce(0) { $0 + $1.y } / n
        let total = ps.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) + ($1.y - my) * ($1.y - my) } / n
        return max(total - minorSpread(ps) * minorSpread(ps), 0).squareRoot()
    }

    /// The spread `spreads` asks across the points' narrowest direction with one point left out, millimetres.
    static let minorSpreadMM = 6.0

    /// The standard deviation of points along their narrowest direction (the covariance's smaller eigenvalue's
    /// root): 0 for points on one line, whatever its direction.
    static func minorSpread(_ ps: [SlipPoint]) -> Double {
        guard ps.count >= 3 else { return 0 }
        let n = Double(ps.count)
        let mx = ps.reduce(0) { $0 + $1.x } / n, my = ps.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in ps {
            sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my)
        }
        sxx /= n; syy /= n; sxy /= n
        let half = (sxx + syy) / 2, root = (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        return max(half - root, 0).squareRoot()
    }

    /// The hits agreeing with `t` (the nearest per anchor, within tolerance) and their mean error in mm. The
    /// tolerance grows with the anchor's distance from `pivot` (the proposing pair's midpoint).
    static func consensus(_ t: SlipTransform, all: [AnchorHit], mm: [SlipPoint], pivot: SlipPoint? = nil, fixedMM: Double? = nil) -> ([AnchorHit], Double) {
        var byAnchor: [Int: (AnchorHit, Double)] = [:]
        for h in all {
            let q = mm[h.anchor]
            let far = pivot.map { ((q.x - $0.x) * (q.x - $0.x) + (q.y - $0.y) * (q.y - $0.y)).squareRoot() } ?? 0
            let tol = (fixedMM ?? max(toleranceMM, toleranceShare * far)) * t.scale
            let p = t.apply(q)
            let dx = p.x - h.center.x, dy = p.y - h.center.y
            let dist = (dx * dx + dy * dy).squareRoot()
            guard dist <= tol else { continue }
            if let cur = byAnchor[h.anchor], cur.1 <= dist { continue }
            byAnchor[h.anchor] = (h, dist)
        }
        let inliers = byAnchor.keys.sorted().compactMap { byAnchor[$0]?.0 }
        // Summed in anchor order: a floating sum in a dictionary's order differs in its last bits from run to run.
        let err = byAnchor.keys.sorted().reduce(0) { $0 + (byAnchor[$1]?.1 ?? 0) } / Double(max(1, byAnchor.count)) / max(t.scale, 1e-9)
        return (inliers, err)
    }
}
