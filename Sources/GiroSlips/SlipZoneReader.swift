import GiroImaging

/// The words that fell into one zone, in reading order.
struct ZoneText: Sendable {
    var lines: [String]
    var words: [Int]
    /// 0…100, the lowest word confidence; nil when no word carries one.
    var confidence: Int?
    /// Zone bounds in image pixels `[x, y, w, h]`: the placed box (`SlipLabelPlacement`) through the fit.
    var box: [Int]
    /// The placed box in form millimetres (words are assigned in it); nil: the template's box.
    var placed: SlipBox?
    /// What the image path crops, form millimetres: the template's box moved with its label found, or the box
    /// where a checked value was found (`SlipValueAssignment`); nil: the template's box.
    var crop: SlipBox?
    /// The parser's outcome on these lines, when the image path's vote already parsed them, with the inputs it was
    /// parsed with: the record builder reuses it when its own inputs are the same (each reading is parsed once).
    var parsed: ParsedZone?

    var text: String { lines.joined(separator: "\n") }
    var isEmpty: Bool { lines.isEmpty }
}

/// A zone reading's parse and what it depended on besides its own text.
struct ParsedZone: Sendable {
    var outcome: FieldOutcome
    /// The companion zone's text (model or bank code box), if any.
    var companion: String?
    /// The currency the amount parser fell back to.
    var currency: String?
}

/// Assigns a page's words to a located template's zones (by word centre, in form millimetres), each zone placed
/// from its label (`SlipLabelPlacement`).
enum SlipZoneReader {
    static let marginMM = 0.8

    /// With `rules`, checkable fields whose placed zone reads no valid value take the valid run of words nearest it
    /// (`SlipValueAssignment`).
    static func read(_ match: SlipMatch, page: PageWords, excluding: Set<Int>, rules: SlipNationalRules? = nil) -> [ZoneText] {
        var zones = readPlaced(match, page: page, excluding: excluding)
        if let rules { zones = SlipValueAssignment.assign(zones, match: match, page: page, excluding: excluding, rules: rules) }
        // A zone reaching to the form's edge may pass the page's: its box (evidence, provenance) stays on the page.
        guard page.width > 0, page.height > 0 else { return zones }
        return zones.map { z in
            var z = z
            z.box = clipped(z.box, width: page.width, height: page.height)
            return z
        }
    }

    /// `[x, y, w, h]` cut to the page `0..<width × 0..<height`.
    static func clipped(_ b: [Int], width: Int, height: Int) -> [Int] {
        guard b.count == 4 else { return b }
        let x0 = min(max(b[0], 0), width), y0 = min(max(b[1], 0), height)
        let x1 = min(max(b[0] + b[2], x0), width), y1 = min(max(b[1] + b[3], y0), height)
        return [x0, y0, x1 - x0, y1 - y0]
    }

    static func readPlaced(_ match: SlipMatch, page: PageWords, excluding: Set<Int>) -> [ZoneText] {
        let zones = match.template.zones
        guard let inverse = match.transform.inverse() else { return zones.map { empty($0.box, match) } }
        // Words set aside (labels, other slips' words) bound the zones placed from labels.
        let bounds = excluding.sorted().prefix(SlipVocabulary.maxLabelPageWords).compactMap { i -> PixelRect? in
            page.words.indices.contains(i) ? PixelRect(page.words[i]) : nil
        }
        let values = page.words.indices.filter { !excluding.contains($0) && !page.words[$0].text.allSatisfy(\.isWhitespace) }.map { PixelRect(page.words[$0]) }
        let places = SlipLabelPlacement.place(match, page: page, labelWords: bounds, values: values)
        let boxes = places.map(\.mm)
        var members = [[(word: Int, center: SlipPoint, heightMM: Double)]](repeating: [], count: zones.count)
        let scale = max(match.transform.scale, 1e-9)
        for (i, w) in page.words.enumerated() where !excluding.contains(i) && !w.text.allSatisfy(\.isWhitespace) {
            let c = inverse.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
            // The smallest zone holding the centre (zones should not overlap; if they do, the tighter one wins). A
            // zone placed from its label carries its margin (none above: that is the label's line).
            var chosen: Int?
            for (k, b) in boxes.enumerated() where b.contains(c.x, c.y, margin: places[k].labelled ? 0 : marginMM) {
                if let cur = chosen, boxes[cur].w * boxes[cur].h <= b.w * b.h { continue }
                chosen = k
            }
            if let k = chosen { members[k].append((i, c, Double(w.h) / scale)) }
        }
        return boxes.enumerated().map { k, b in
            var out = empty(b, match)
            out.crop = places[k].crop

            let ws = members[k]
            guard !ws.isEmpty else { return out }
            // A box half a line from the fit's place, its label moved as far: read there when the zone's words (the
            // first line under the label) stand nearer its middle than the template box's (the fit of another
            // printer's labels 2–3 mm off put a 5 mm name box on the address line: `Emir Begić` read `Kralja
            // Tvrtka`); a label moved alone leaves its box's words where the fit has them, and the crop stays.
            if let row = places[k].rowCrop, let crop = out.crop {
                let ys = ws.map(\.center.y).sorted(), mid = ys[ys.count / 2]
                if abs(mid - (row.y + row.h / 2)) < abs(mid - (crop.y + crop.h / 2)) { out.crop = row }
            }
            // Lines: words whose centres are within half a word height of the line's first word.
            let sorted = ws.sorted { $0.center.y < $1.center.y }
            var lines: [[(word: Int, center: SlipPoint, heightMM: Double)]] = []
            for w in sorted {
                // Against the line's last word, not its first: a slightly skewed fit must not split a line.
                if let last = lines.last, let prev = last.last, abs(w.center.y - prev.center.y) <= 0.6 * max(prev.heightMM, w.heightMM) {
                    lines[lines.count - 1].append(w)
                } else {
                    lines.append([w])
                }
            }
            out.lines = lines.map { $0.sorted { $0.center.x < $1.center.x }.map { page.words[$0.word].text }.joined(separator: " ") }
            out.words = lines.flatMap { $0.sorted { $0.center.x < $1.center.x }.map(\.word) }
            let confidences = out.words.compactMap { page.words[$0].confidence }
            if let low = confidences.min() { out.confidence = Int((min(max(low, 0), 1) * 100).rounded()) }
            return out
        }
    }

    static func empty(_ b: SlipBox, _ match: SlipMatch) -> ZoneText {
        ZoneText(lines: [], words: [], confidence: nil, box: pixelBox(b, match.transform), placed: b)
    }

    static func pixelBox(_ b: SlipBox, _ t: SlipTransform) -> [Int] {
        let corners = [SlipPoint(x: b.x, y: b.y), SlipPoint(x: b.x + b.w, y: b.y), SlipPoint(x: b.x, y: b.y + b.h), SlipPoint(x: b.x + b.w, y: b.y + b.h)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return [0, 0, 0, 0] }
        return [Int(x0.rounded()), Int(y0.rounded()), Int((x1 - x0).rounded()), Int((y1 - y0).rounded())]
    }
}
