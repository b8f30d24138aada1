import GiroImaging

/// Places each zone of a fitted form from the printed label that names it (`docs/slip-templates.md`, "How a zone
/// is placed"): the label is looked for near where the fit predicts it, and the zone moves with it. The template's
/// millimetre box is the prior (size, offset from the label) and what is read when no label is found.
enum SlipLabelPlacement {
    /// A label inferred for a zone is at most this far above or left of the zone's box, millimetres.
    static let inferGapMM = 12.0
    /// How far from its predicted place a label is still taken as the zone's, millimetres of the form.
    static let searchRadiusMM = 60.0
    /// The image path crops a zone where its label moved it only beyond this offset, millimetres.
    static let cropShiftMM = 3.0
    /// A zone under its label is cropped a row up or down from this offset of its label, millimetres
    /// (`cropShiftMM` across).
    static let cropRowShiftMM = 1.5
    /// A zone keeps at least this height or width after being cut at a neighbouring label, millimetres.
    static let minExtentMM = 3.0

    /// Each zone's label: the template's `label`, else the one inferred from the geometry (nil: none).
    static func labels(_ t: SlipTemplate) -> [SlipZoneLabel?] {
        t.zones.map { $0.label ?? inferred($0, anchors: t.anchors) }
    }

    /// The nearest anchor whose box is directly above the zone's box (`below`), left of it on its line (`right`),
    /// or inside it (`inside`), within `inferGapMM`.
    static func inferred(_ z: SlipZone, anchors: [SlipAnchor]) -> SlipZoneLabel? {
        let zb = z.box
        var best: (label: SlipZoneLabel, cost: Double)?
        for (i, a) in anchors.enumerated() {
            let ab = a.box
            let overlapX = min(ab.x + ab.w, zb.x + zb.w) - max(ab.x, zb.x)
            let overlapY = min(ab.y + ab.h, zb.y + zb.h) - max(ab.y, zb.y)
            let candidate: (SlipValuePlacement, Double)?
            if zb.contains(ab.x + ab.w / 2, ab.y + ab.h / 2), overlapY >= 0.8 * ab.h, ab.h < zb.h {
                candidate = (.inside, abs(ab.x - zb.x) * 0.25)
            } else if overlapX > 0, ab.y + ab.h <= zb.y + 1, zb.y - (ab.y + ab.h) <= inferGapMM {
                candidate = (.below, max(0, zb.y - (ab.y + ab.h)) + 0.25 * abs(ab.x - zb.x))
            } else if overlapY > 0.5 * min(ab.h, zb.h), ab.x + ab.w <= zb.x + 1, zb.x - (ab.x + ab.w) <= inferGapMM {
                candidate = (.right, max(0, zb.x - (ab.x + ab.w)))
            } else {
                candidate = nil
            }
            guard let (placement, cost) = candidate else { continue }
            if cost < best?.cost ?? .infinity { best = (SlipZoneLabel(anchor: i, value: placement), cost) }
        }
        return best?.label
    }

    /// The box each zone is read from, in form millimetres (the template's box where its label was not found).
    /// Worked out in the fit's frame around the label found (the global fit of another printer's form may be off by
    /// some per cent; the label is where it is): the template's offset from label to zone, then `below` starts under
    /// the label and `right` after it, and the zone reaches to the next label across (another column) or the form's
    /// edge, and down to the next label (the next box) where no other zone of the same label follows. Rectangles
    /// (`PixelRect`) are in form millimetres here.
    static func place(_ match: SlipMatch, page: PageWords, labelWords pxLabels: [PixelRect] = [], values pxValues: [PixelRect] = []) -> [Placed] {
        let t = match.template
        guard let inverse = match.transform.inverse() else { return t.zones.map { Placed(mm: $0.box, labelled: false, crop: $0.box) } }
        // A word's rectangle in the fit's frame: its centre mapped, its size at the fit's scale (the box around a
        // rotated word's corners would be taller than the word).
        let scale = max(match.transform.scale, 1e-9)
        func frame(_ r: PixelRect) -> PixelRect {
            let c = inverse.apply(SlipPoint(x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2))
            let hw = (r.x1 - r.x0) / 2 / scale, hh = (r.y1 - r.y0) / 2 / scale
            return PixelRect(x0: c.x - hw, y0: c.y - hh, x1: c.x + hw, y1: c.y + hh)
        }
        // A label found: the union of its words' rectangles.
        func frame(_ hit: AnchorHit) -> PixelRect {
            let rs = hit.words.filter { page.words.indices.contains($0) }.map { i -> PixelRect in
                frame(PixelRect(page.words[i]))
            }
            guard let x0 = rs.map(\.x0).min(), let y0 = rs.map(\.y0).min(), let x1 = rs.map(\.x1).max(), let y1 = rs.map(\.y1).max() else {
                return frame(hit.bounds)
            }
            return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        }
        let labelWords = pxLabels.map(frame), values = pxValues.map(frame)
        let parts = SlipFormParts(match, page: page)
        let labels = labels(t)
        let inlier = Dictionary(match.anchors.map { ($0.anchor, $0) }, uniquingKeysWith: { a, _ in a })
        // A form printed wider or taller than the fit says still ends within a quarter more.
        let formRight = 1.25 * t.width, formBottom = 1.25 * t.height
        // What the image path crops: the template's box moved with its label (not widened: a crop reaching over
        // the box's frame lines reads them as letters).
        var crops = [SlipBox?](repeating: nil, count: t.zones.count), rowCrops = crops
        var placed: [PixelRect?] = t.zones.enumerated().map { k, z -> PixelRect? in
            guard let label = labels[k], label.anchor < t.anchors.count else { return nil }
            let a = t.anchors[label.anchor]
            // The fit's own hit of this label, else the hit nearest its predicted place.
            guard let hit = labelHit(label.anchor, match, page: page, parts: parts, words: pxLabels + pxValues) else { return nil }
            let L = frame(hit), cy = (L.y0 + L.y1) / 2, acy = a.box.y + a.box.h / 2
            // Left edges align (another wording is longer or shorter), centres across (a label on two lines).
            // A value under a bilingual label line starts where the line's label text starts (`NOM ET ADRESSE … /
            // NAAM EN ADRES`), not at the wording matched.
            let lineStart = label.value == .below && z.box.x <= a.box.x + 1 ? runStart(L, labelWords + values) : L.x0
            var x0 = lineStart + (z.box.x - a.box.x), x1 = L.x0 + (z.box.x - a.box.x + z.box.w)
            var y0 = cy + (z.box.y - acy), y1 = y0 + z.box.h
            let others = match.hits.filter { $0.words != hit.words && Set($0.words).isDisjoint(with: hit.words) }.map { frame($0) }
                + labelWords.filter { !($0.x0 >= L.x0 - 1 && $0.x1 <= L.x1 + 1 && $0.y0 >= L.y0 - 1 && $0.y1 <= L.y1 + 1) }
            let gap = 0.5
            switch label.value {
            case .below, .right:
                if label.value == .below { y0 = max(y0, L.y1) } else { x0 = max(x0, L.x1) }
                // Across: up to the next column, else the form's edge. The next column starts at a label the
                // template prints right of this one, level with the label or the zone, or at label text on the page
                // beside the zone itself.
                let columns = t.anchors.indices.filter { b in
                    let bb = t.anchors[b].box
                    return b != label.anchor && bb.x > a.box.x + 2 && bb.y < z.box.y + z.box.h && bb.y + bb.h > a.box.y
                }.compactMap { b in inlier[b] ?? nearest(match.hits.filter { $0.anchor == b }, to: t.anchors[b], match) }.map { frame($0) }
                    .filter { $0.y1 > L.y0 && $0.y0 < y1 }
                // On the label's own line, label text after a gap (the label's own run of words ends first) starts
                // the next column too (`Variabilní symbol … Konstantní symbol`).
                let runEnd = self.runEnd(L, labelWords + values)
                let onLabelLine = labelWords.filter { min($0.y1, L.y1) - max($0.y0, L.y0) > 0.5 * ($0.y1 - $0.y0) && $0.x0 > runEnd }
                let right = (columns.filter { $0.x0 > x0 + 1 } + labelWords.filter { $0.y1 > y0 && $0.y0 < y1 && $0.x0 > max(x0, L.x1) }
                    + onLabelLine).map(\.x0).min()
                // The template's box is the least: only widened, never cut (an own render's box is exact).
                // Nor widened over the strip that ends the label's part (a receipt beside the main part).
                // (Only for a label printed in several parts: elsewhere the template's column widths rule.)
                let labelParts = Set(match.hits.filter { $0.anchor == label.anchor }.compactMap { parts.part(of: frame($0).x0 / 2 + frame($0).x1 / 2) })
                let partEnd = labelParts.count >= 2 ? parts.end(of: L.x0) ?? .infinity : .infinity
                x1 = max(min(right.map { $0 - gap } ?? formRight, partEnd), x1, x0 + minExtentMM)
                // A label printed further along the label's own line starts another field's column: it cuts even
                // the template's box (a form of another layout puts the payer beside the payee).
                // Another piece of this field's own label (`broj modela … poziv na broj`) starts no other column.
                let ownLabel = match.hits.filter { $0.anchor == label.anchor }.map { frame($0) }
                let starts = onLabelLine.filter { c in
                    let h = c.y1 - c.y0
                    let (cx, cy) = ((c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2)
                    guard !ownLabel.contains(where: { cx >= $0.x0 && cx <= $0.x1 && cy >= $0.y0 && cy <= $0.y1 }) else { return false }
                    return c.x0 > x0 + minExtentMM && !labelWords.contains { w in
                        w.x1 <= c.x0 + 0.1 * h && w.x1 >= c.x0 - 1.5 * h && min(w.y1, c.y1) - max(w.y0, c.y0) > 0.5 * h
                    }
                }
                // Only for a zone right under (or beside) its label: a zone further down (a code line across the
                // form's foot) runs under the next column too.
                let underLabel = label.value == .right || z.box.y - (a.box.y + a.box.h) <= 3
                if underLabel, let next = starts.map(\.x0).min() { x1 = max(min(x1, next - gap), x0 + minExtentMM) }
                // Down: the last zone under this label reaches to the next label below it.
                let below = others.filter { $0.x1 > x0 && $0.x0 < x1 && $0.y0 > y0 + gap }.map(\.y0).min()
                let lowest = !labels.indices.contains { j in
                    j != k && labels[j]?.anchor == label.anchor && t.zones[j].box.y > z.box.y
                }
                // It stops at the next label found, and at the next label the template prints under it where that
                // one was not found (an own render's photo whose label the OCR split).
                let printedBelow = t.anchors.indices.filter { $0 != label.anchor }.map { t.anchors[$0].box }
                    .filter { $0.x + $0.w > x0 && $0.x < x1 && $0.y > z.box.y + z.box.h - 0.5 }.map(\.y).min()
                if lowest, label.value == .below, multiLine(z) {
                    y1 = max(y1, min(below ?? y1, printedBelow ?? .infinity, y1 + 10, formBottom))
                }
                if let b = below { y1 = min(y1, b - gap) }
                y1 = max(y1, y0 + minExtentMM)
            case .inside:
                break
            }
            // The reader's margin, except above a value under its label (that is the label's line).
            let m = SlipZoneReader.marginMM
            // Moved only when the label is clearly elsewhere: an OCR word box a millimetre off would shift the
            // crop onto the box's frame or cut the value's first digits.
            let (dx, dy) = (L.x0 - a.box.x, cy - acy)
            if abs(dx) >= cropShiftMM || abs(dy) >= cropShiftMM {
                crops[k] = SlipBox(x: z.box.x + dx, y: z.box.y + dy, w: z.box.w, h: z.box.h)
            } else if label.value == .below, abs(dy) >= cropRowShiftMM {
                // Under its label, a box half a line from where the fit puts it may be read where the label is
                // (`rowCrop`: where the zone's own words stand nearer its middle, see `SlipZoneReader`).
                rowCrops[k] = SlipBox(x: z.box.x, y: z.box.y + dy, w: z.box.w, h: z.box.h)
            }
            let box = PixelRect(x0: x0 - m, y0: label.value == .below ? y0 : y0 - m, x1: x1 + m, y1: y1 + m)
            if label.value == .below, let beside = valueBeside(L, box: box, zone: k, labels: labels, values: values,
                                                             labelWords: labelWords, limit: min(parts.end(of: L.x0) ?? .infinity, formRight)) {
                return beside
            }
            return box
        }
        stack(&placed, labels: labels, template: t, values: values)
        // Where each label found is printed against where the template has it, in the fit's frame: a zone whose own
        // label was not read moves with the labels read nearest it (another printer moves a row or a column of
        // boxes together; the global fit averages over the whole form).
        let moved: [(at: SlipPoint, dx: Double, dy: Double)] = placed.contains(where: { $0 == nil }) ? t.anchors.indices.compactMap { b in
            guard let hit = labelHit(b, match, page: page, parts: parts, words: pxLabels + pxValues) else { return nil }
            let L = frame(hit), r = SlipClassifier.reference(t.anchors[b])
            return (r, L.x0 - r.x, (L.y0 + L.y1) / 2 - r.y)
        } : []
        return t.zones.indices.map { k in
            // A coding line is printed across the form's foot by whatever printer: read the whole width there (a
            // clipped line fails its check digits).
            if placed[k] == nil, t.zones[k].parser == .codingLine {
                let b = t.zones[k].box
                return Placed(mm: SlipBox(x: -0.05 * t.width, y: b.y - 6, w: 1.1 * t.width, h: b.h + 12), labelled: false, crop: b)
            }
            guard let p = placed[k], p.x1 > p.x0, p.y1 > p.y0 else {
                let b = locallyMoved(t.zones[k].box, label: labels[k].flatMap { t.anchors.indices.contains($0.anchor) ? t.anchors[$0.anchor] : nil }, moved: moved)
                return Placed(mm: b, labelled: false, crop: b)
            }
            return Placed(mm: SlipBox(x: p.x0, y: p.y0, w: p.x1 - p.x0, h: p.y1 - p.y0), labelled: true, crop: crops[k] ?? t.zones[k].box,
                          rowCrop: crops[k] == nil ? rowCrops[k] : nil)
        }
    }

    /// Labels read within this distance of a zone (millimetres of the form; rows count three times) move it.
    static let neighbourRadiusMM = 60.0
    /// A zone is moved with its neighbours by at most this, millimetres.
    static let maxLocalShiftMM = 40.0

    /// The template's box moved as the (at most two) labels read nearest it moved, weighted by nearness; the box as
    /// it is when none was read nearby or they moved less than `cropShiftMM` (an own render).
    static func locallyMoved(_ box: SlipBox, label: SlipAnchor?, moved: [(at: SlipPoint, dx: Double, dy: Double)]) -> SlipBox {
        let at = label.map(SlipClassifier.reference) ?? SlipPoint(x: box.x, y: box.y + box.h / 2)
        let near = moved.map { m -> (Double, Double, Double) in
            let d = ((m.at.x - at.x) * (m.at.x - at.x) + 9 * (m.at.y - at.y) * (m.at.y - at.y)).squareRoot()
            return (d, m.dx, m.dy)
        }.filter { $0.0 <= neighbourRadiusMM && $0.1.isFinite && $0.2.isFinite }.sorted { $0.0 < $1.0 }.prefix(2)
        guard !near.isEmpty else { return box }
        let weights = near.map { 1 / max($0.0, 1) }, total = weights.reduce(0, +)
        let dx = zip(near, weights).map { $0.1 * $1 }.reduce(0, +) / total
        let dy = zip(near, weights).map { $0.2 * $1 }.reduce(0, +) / total
        guard abs(dx) >= cropShiftMM || abs(dy) >= cropShiftMM else { return box }
        let sx = min(max(dx, -maxLocalShiftMM), maxLocalShiftMM), sy = min(max(dy, -maxLocalShiftMM), maxLocalShiftMM)
        return SlipBox(x: box.x + sx, y: box.y + sy, w: box.w, h: box.h)
    }

    /// Another printer's edition prints the value right of its label (`IBAN ili broj računa primatelja:` wrapped on
    /// two lines, the IBAN beside it) where the template has it under the label: when nothing is printed in the
    /// zone's box under the label, but value words stand beside the label within its height (before the next label
    /// on that line), the zone is read there. Only for the one zone under its label (stacked zones share the lines).
    static func valueBeside(_ L: PixelRect, box: PixelRect, zone k: Int, labels: [SlipZoneLabel?], values: [PixelRect],
                            labelWords: [PixelRect], limit: Double) -> PixelRect? {
        guard let anchor = labels[k]?.anchor, !labels.indices.contains(where: { $0 != k && labels[$0]?.anchor == anchor }) else { return nil }
        func centre(_ r: PixelRect) -> (Double, Double) { ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2) }
        let underneath = values.contains { v in
            let (cx, cy) = centre(v)
            return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1
        }
        guard !underneath else { return nil }
        let h = max(L.y1 - L.y0, 1)
        let nextLabel = labelWords.filter { min($0.y1, L.y1) - max($0.y0, L.y0) > 0.5 * ($0.y1 - $0.y0) && $0.x0 > L.x1 + 0.5 * h }
            .map(\.x0).min() ?? .infinity
        let end = min(limit, nextLabel)
        let beside = values.filter { v in
            let (cx, cy) = centre(v)
            return cy >= L.y0 && cy <= L.y1 && v.x0 >= L.x1 - 0.1 * h && cx < end
        }
        guard let x1 = beside.map(\.x1).max(), let y0 = beside.map(\.y0).min(), let y1 = beside.map(\.y1).max() else { return nil }
        return PixelRect(x0: L.x1, y0: min(y0, L.y0), x1: max(x1, min(end, x1 + 0.5 * h)), y1: max(y1, L.y1))
    }

    /// A zone's place in form millimetres; `labelled`: placed from its label found on the page (its box already
    /// holds the reader's margin where one is wanted).
    struct Placed: Sendable {
        var mm: SlipBox
        var labelled: Bool
        /// What the image path crops.
        var crop: SlipBox
        /// The template's box moved a row with its label (1.5–3 mm, `cropRowShiftMM`), cropped instead where the
        /// zone's own words stand nearer its middle than `crop`'s.
        var rowCrop: SlipBox? = nil
    }

    /// Zones under one label (a name, then its address) share the lines printed under it in order: a one-line
    /// zone takes one line, the last zone the rest. Millimetre offsets at another printer's line pitch would cut
    /// lines in half.
    static func stack(_ placed: inout [PixelRect?], labels: [SlipZoneLabel?], template t: SlipTemplate, values: [PixelRect]) {
        var groups: [Int: [Int]] = [:]
        for (k, l) in labels.enumerated() where l?.value == .below && placed[k] != nil {
            if let l { groups[l.anchor, default: []].append(k) }
        }
        for (_, members) in groups where members.count >= 2 {
            let order = members.sorted { t.zones[$0].box.y < t.zones[$1].box.y }
            // Only zones stacked one under the other (a model box beside its reference is not).
            let stacked = zip(order, order.dropFirst()).allSatisfy { a, b in
                let za = t.zones[a].box, zb = t.zones[b].box
                return zb.y >= za.y + za.h - 0.5 && min(za.x + za.w, zb.x + zb.w) - max(za.x, zb.x) > 0.5 * min(za.w, zb.w)
            }
            guard stacked else { continue }
            let rects = order.compactMap { placed[$0] }
            guard rects.count == order.count, let top = rects.map(\.y0).min(), let bottom = rects.map(\.y1).max(),
                  let left = rects.map(\.x0).min(), let right = rects.map(\.x1).max() else { continue }
            // Lines of value words under the label, by their centres.
            let inside = values.filter { v in
                let cx = (v.x0 + v.x1) / 2, cy = (v.y0 + v.y1) / 2
                return cx >= left && cx <= right && cy >= top && cy <= bottom
            }.sorted { $0.y0 + $0.y1 < $1.y0 + $1.y1 }
            var lines: [PixelRect] = []
            for v in inside {
                let cy = (v.y0 + v.y1) / 2
                if let last = lines.last, cy <= (last.y0 + last.y1) / 2 + 0.6 * max(last.y1 - last.y0, v.y1 - v.y0) * 0.5 + 0.3 * (v.y1 - v.y0) {
                    lines[lines.count - 1] = PixelRect(x0: min(last.x0, v.x0), y0: min(last.y0, v.y0), x1: max(last.x1, v.x1), y1: max(last.y1, v.y1))
                } else {
                    lines.append(v)
                }
            }
            guard !lines.isEmpty else { continue }
            var next = 0
            for (i, k) in order.enumerated() {
                let z = t.zones[k]
                let last = i == order.count - 1
                let want = last ? lines.count - next : (multiLine(z) ? max(1, Int((z.box.h / 5).rounded())) : 1)
                let from = next, to = min(lines.count, next + max(want, 0))
                guard var r = placed[k] else { continue }
                if from < to {
                    r.y0 = from == 0 ? min(r.y0, lines[from].y0) : (lines[from - 1].y1 + lines[from].y0) / 2
                    r.y1 = to == lines.count ? max(r.y1, lines[to - 1].y1) : (lines[to - 1].y1 + lines[to].y0) / 2
                } else {
                    // Nothing left for this zone: an empty box under the last line.
                    r.y0 = (lines.last?.y1 ?? r.y0) + 1
                    r.y1 = r.y0 + 1
                }
                placed[k] = r
                next = to
            }
        }
    }

    /// A zone that may hold several lines (an address, a long purpose): it reaches down to the next label. A
    /// one-line field (a name, a number) keeps its box's height.
    static func multiLine(_ z: SlipZone) -> Bool {
        z.parser == .lines || (z.parser == .text && z.box.h >= 8)
    }

    /// Where the run of label-sized words holding `L` ends on its line (words of about the label's height, at most
    /// three heights apart).
    static func runEnd(_ L: PixelRect, _ words: [PixelRect]) -> Double {
        let h = max(L.y1 - L.y0, 1)
        var end = L.x1
        let line = words.filter {
            min($0.y1, L.y1) - max($0.y0, L.y0) > 0.5 * min($0.y1 - $0.y0, h) && $0.x0 >= L.x1 - 1 && $0.y1 - $0.y0 <= 1.35 * h
        }.sorted { $0.x0 < $1.x0 }
        for w in line where w.x0 <= end + 3 * h { end = max(end, w.x1) }
        return end
    }

    /// Where the run of label-sized words holding `L` starts on its line (words of about the label's height, at
    /// most three heights apart).
    static func runStart(_ L: PixelRect, _ words: [PixelRect]) -> Double {
        let h = max(L.y1 - L.y0, 1)
        var start = L.x0
        let line = words.filter {
            min($0.y1, L.y1) - max($0.y0, L.y0) > 0.5 * min($0.y1 - $0.y0, h) && $0.x1 <= L.x0 + 1 && $0.y1 - $0.y0 <= 1.35 * h
        }.sorted { $0.x1 > $1.x1 }
        // The gap is measured in the word's own height: a label wrapped on two lines (`Opis` / `plaćanja:`) is twice
        // as tall as the label text before it on its first line (another field's `Šifra namjene:`).
        for w in line where w.x1 >= start - 3 * min(h, w.y1 - w.y0) { start = min(start, w.x0) }
        return start
    }

    /// The hit nearest where the fit puts the anchor, within `searchRadiusMM`; else the anchor's only hit on the
    /// form (a label printed once is that field's label wherever this printer put it).
    static func nearest(_ hits: [AnchorHit], to a: SlipAnchor, _ match: SlipMatch) -> AnchorHit? {
        if let near = nearestWithin(hits, to: a, match) { return near }
        guard hits.count == 1, let only = hits.first, let inverse = match.transform.inverse() else { return nil }
        let p = inverse.apply(only.center), t = match.template
        return p.x >= -0.1 * t.width && p.x <= 1.1 * t.width && p.y >= -0.1 * t.height && p.y <= 1.1 * t.height ? only : nil
    }

    static func nearestWithin(_ hits: [AnchorHit], to a: SlipAnchor, _ match: SlipMatch) -> AnchorHit? {
        let p = match.transform.apply(SlipClassifier.reference(a))
        let limit = searchRadiusMM * match.transform.scale
        var best: (AnchorHit, Double)?
        for h in hits {
            let d = ((h.center.x - p.x) * (h.center.x - p.x) + (h.center.y - p.y) * (h.center.y - p.y)).squareRoot()
            if d <= limit, d < best?.1 ?? .infinity { best = (h, d) }
        }
        return best?.0
    }

    /// A pixel rectangle as the upright millimetre box around its mapped corners.
    static func mmRect(_ r: PixelRect, _ inverse: SlipTransform) -> SlipBox {
        let ps = [SlipPoint(x: r.x0, y: r.y0), SlipPoint(x: r.x1, y: r.y0), SlipPoint(x: r.x0, y: r.y1), SlipPoint(x: r.x1, y: r.y1)].map(inverse.apply)
        let xs = ps.map(\.x), ys = ps.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return SlipBox(x: -1e6, y: -1e6, w: 0, h: 0) }
        return SlipBox(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }
}
