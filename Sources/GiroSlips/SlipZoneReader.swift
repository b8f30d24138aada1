import GiroImaging

/// The words that fell into one zone, in reading order.
struct ZoneText: Sendable {
    var lines: [String]
    var words: [Int]
    /// 0…100, the lowest word confidence; nil when no word carries one.
    var confidence: Int?
    /// Zone bounds in image pixels `[x, y, w, h]`.
    var box: [Int]
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

/// Assigns a page's words to a located template's zones (by word centre, in form millimetres).
enum SlipZoneReader {
    static let marginMM = 0.8

    static func read(_ match: SlipMatch, page: PageWords, excluding: Set<Int>) -> [ZoneText] {
        let zones = match.template.zones
        guard let inverse = match.transform.inverse() else { return zones.map { empty($0, match) } }
        var members = [[(word: Int, center: SlipPoint, heightMM: Double)]](repeating: [], count: zones.count)
        let scale = max(match.transform.scale, 1e-9)
        for (i, w) in page.words.enumerated() where !excluding.contains(i) && !w.text.allSatisfy(\.isWhitespace) {
            let c = inverse.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
            // The smallest zone holding the centre (zones should not overlap; if they do, the tighter one wins).
            var chosen: Int?
            for (k, z) in zones.enumerated() where z.box.contains(c.x, c.y, margin: marginMM) {
                if let cur = chosen, zones[cur].box.w * zones[cur].box.h <= z.box.w * z.box.h { continue }
                chosen = k
            }
            if let k = chosen { members[k].append((i, c, Double(w.h) / scale)) }
        }
        return zones.enumerated().map { k, z in
            var out = empty(z, match)
            let ws = members[k]
            guard !ws.isEmpty else { return out }
            // Lines: words whose centres are within half a word height of the line's first word.
            let sorted = ws.sorted { $0.center.y < $1.center.y }
            var lines: [[(word: Int, center: SlipPoint, heightMM: Double)]] = []
            for w in sorted {
                if let last = lines.last, let head = last.first, abs(w.center.y - head.center.y) <= 0.5 * max(head.heightMM, w.heightMM) * 0.8 {
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

    static func empty(_ z: SlipZone, _ match: SlipMatch) -> ZoneText {
        ZoneText(lines: [], words: [], confidence: nil, box: pixelBox(z.box, match.transform))
    }

    static func pixelBox(_ b: SlipBox, _ t: SlipTransform) -> [Int] {
        let corners = [SlipPoint(x: b.x, y: b.y), SlipPoint(x: b.x + b.w, y: b.y), SlipPoint(x: b.x, y: b.y + b.h), SlipPoint(x: b.x + b.w, y: b.y + b.h)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return [0, 0, 0, 0] }
        return [Int(x0.rounded()), Int(y0.rounded()), Int((x1 - x0).rounded()), Int((y1 - y0).rounded())]
    }
}
