import Foundation
import GiroImaging

/// One place on the page where an anchor's label was found.
struct AnchorHit: Sendable, Hashable {
    var anchor: Int
    /// Centre of the matched words, pixels.
    var center: SlipPoint
    var words: [Int]
}

/// A template located on a page: the transform from its millimetres to the page's pixels and the anchors behind it.
struct SlipMatch: Sendable {
    var template: SlipTemplate
    var transform: SlipTransform
    var anchors: [AnchorHit]
}

/// Finds a template's printed labels among a page's words and fits the form onto the page.
enum SlipClassifier {
    static let maxHitsPerAnchor = 6
    /// A slip can lie at any angle up to this (scans, photos); beyond it anchor pairs are not trusted.
    static let maxRotation = 0.6   // radians, ~34°
    /// Anchor position tolerance, millimetres of the form.
    static let toleranceMM = 4.0

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
        for (w, toks) in page.tokens.enumerated() {
            for (k, t) in toks.enumerated() where SlipText.matches(t, first) {
                var used = [w]
                var word = w, pos = k + 1, ok = true
                for need in want.dropFirst() {
                    if pos >= page.tokens[word].count {
                        guard let n = page.next(after: word), used.count < 16 else { ok = false; break }
                        word = n
                        pos = 0
                        used.append(n)
                    }
                    guard pos < page.tokens[word].count, SlipText.matches(page.tokens[word][pos], need) else { ok = false; break }
                    pos += 1
                }
                guard ok else { continue }
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                for u in used {
                    let b = page.words[u]
                    minX = min(minX, Double(b.x)); minY = min(minY, Double(b.y))
                    maxX = max(maxX, Double(b.x + b.w)); maxY = max(maxY, Double(b.y + b.h))
                }
                out.append(AnchorHit(anchor: index, center: SlipPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2), words: used))
                if out.count >= maxHitsPerAnchor { return out }
                break
            }
        }
        return out
    }

    /// The template's best fit on the page, or nil when fewer than `minAnchors` anchors agree. `fitOnly` (the
    /// class is known: `--slip`): any two agreeing anchors place the form, required ones or not.
    static func match(_ template: SlipTemplate, page: PageWords, excluding: Set<Int> = [], fitOnly: Bool = false) -> SlipMatch? {
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
        let mm = template.anchors.map { SlipPoint(x: $0.box.x + $0.box.w / 2, y: $0.box.y + $0.box.h / 2) }

        // Consensus: every pair of hits of different anchors proposes a similarity; keep the one most anchors agree with.
        var best: (inliers: [AnchorHit], error: Double)?
        for i in 0..<all.count {
            for j in (i + 1)..<all.count where all[j].anchor != all[i].anchor {
                guard let t = SlipTransform.similarity(from: [mm[all[i].anchor], mm[all[j].anchor]], to: [all[i].center, all[j].center]),
                      t.scale > 0.5, t.scale < 200, abs(atan2(t.d, t.a)) <= maxRotation else { continue }
                let (inliers, err) = consensus(t, all: all, mm: mm)
                if inliers.count > (best?.inliers.count ?? 0) || (inliers.count == best?.inliers.count && err < best?.error ?? .infinity) {
                    best = (inliers, err)
                }
            }
        }
        guard let chosen = best, chosen.inliers.count >= needed else { return nil }
        let requiredAnchors = fitOnly ? [] : template.anchors.indices.filter { template.anchors[$0].required }
        guard requiredAnchors.allSatisfy({ r in chosen.inliers.contains { $0.anchor == r } }) else { return nil }
        let from = chosen.inliers.map { mm[$0.anchor] }, to = chosen.inliers.map(\.center)
        guard var t = SlipTransform.similarity(from: from, to: to) else { return nil }
        // With four or more anchors an affine fit also absorbs shear (mild perspective); keep it only when it agrees.
        if chosen.inliers.count >= 4, let affine = SlipTransform.affine(from: from, to: to),
           abs(affine.scale / t.scale - 1) < 0.25 {
            t = affine
        }
        // Six or more: a perspective fit, kept only when it clearly reduces the anchors' error and stays tame.
        if chosen.inliers.count >= 6, let p = SlipTransform.perspective(from: from, to: to),
           abs(p.g) < 0.01, abs(p.h) < 0.01, abs(p.scale / t.scale - 1) < 0.25,
           residual(p, from, to) < 0.8 * residual(t, from, to) {
            t = p
        }
        return SlipMatch(template: template, transform: t, anchors: chosen.inliers)
    }

    /// Mean distance in pixels between mapped form points and where they were found.
    static func residual(_ t: SlipTransform, _ from: [SlipPoint], _ to: [SlipPoint]) -> Double {
        zip(from, to).reduce(0) { sum, pair in
            let p = t.apply(pair.0)
            let d = ((p.x - pair.1.x) * (p.x - pair.1.x) + (p.y - pair.1.y) * (p.y - pair.1.y)).squareRoot()
            return sum + (d.isFinite ? d : 1e9)
        } / Double(max(from.count, 1))
    }

    /// The hits agreeing with `t` (the nearest per anchor, within tolerance) and their mean error in mm.
    static func consensus(_ t: SlipTransform, all: [AnchorHit], mm: [SlipPoint]) -> ([AnchorHit], Double) {
        var byAnchor: [Int: (AnchorHit, Double)] = [:]
        let tol = toleranceMM * t.scale
        for h in all {
            let p = t.apply(mm[h.anchor])
            let dx = p.x - h.center.x, dy = p.y - h.center.y
            let dist = (dx * dx + dy * dy).squareRoot()
            guard dist <= tol else { continue }
            if let cur = byAnchor[h.anchor], cur.1 <= dist { continue }
            byAnchor[h.anchor] = (h, dist)
        }
        let inliers = byAnchor.keys.sorted().compactMap { byAnchor[$0]?.0 }
        let err = byAnchor.values.reduce(0) { $0 + $1.1 } / Double(max(1, byAnchor.count)) / max(t.scale, 1e-9)
        return (inliers, err)
    }
}
