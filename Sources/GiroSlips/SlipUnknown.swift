import Foundation
import GiroCore
import GiroImaging
import GiroParsers

/// A slip-like block of words that no template matched (`docs/slip-templates.md`, Unknown slips).
struct SlipLikeBlock: Sendable {
    var words: [Int]
    var lines: [String]
    /// `[x, y, w, h]` in page pixels.
    var box: [Int]
    var account: ParseCandidate
    var amount: ParseCandidate
    var reference: ParseCandidate?
    var confidence: Int?
    /// `[x, y, w, h]` of the words each candidate was read from (by its byte span in the block's text).
    var boxes: [ByteSpan: [Int]] = [:]

    func box(of c: ParseCandidate) -> [Int] { boxes[c.span] ?? box }

    /// The unknown slip's record: what the generic parsers found, `uncertain`, with `slip_unknown_class`.
    func reading() -> SlipReading {
        let unknown = SlipReader.unknownClass
        let country = account.value.count >= 2 && account.type == "iban" ? String(account.value.prefix(2)) : account.type.split(separator: ".").first.map { $0.uppercased() }
        var r = PaymentRecord(format: unknown, country: country, formatVersion: nil, source: SourceInfo(kind: "slip", slipClass: unknown))
        var diagnostics: [Diagnostic] = [.warning(.slipUnknownClass, field: "source.slipClass", uncertain: true,
            "a slip-like block (\(words.count) words, \(lines.count) lines at x \(box[0]) y \(box[1]) w \(box[2]) h \(box[3]) px) matches no template; fields from the generic parsers")]
        var account = Account()
        if self.account.type == "iban" { account.iban = self.account.value } else { account.number = self.account.value }
        r.creditor = Party(account: account)
        var evidence = [FieldEvidence(field: self.account.type == "iban" ? "creditor.account.iban" : "creditor.account.number", box: box(of: self.account),
                                      text: self.account.rawText, corrections: self.account.corrections.map(\.description), confidence: confidence)]
        if let value = amount.amount, let currency = amount.currency {
            r.amount = Amount(value: value, currency: currency)
        } else {
            diagnostics.append(.info(.slipUnknownClass, field: "amount", "amount \(amount.value) printed without a currency: not used"))
        }
        evidence.append(FieldEvidence(field: "amount", box: box(of: amount), text: amount.rawText, corrections: amount.corrections.map(\.description), confidence: confidence))
        if let ref = reference {
            r.reference = SlipFieldReader.reference(from: ref)
            evidence.append(FieldEvidence(field: "reference", box: box(of: ref), text: ref.rawText, corrections: ref.corrections.map(\.description), confidence: confidence))
        }
        r.source.evidence = evidence
        r.diagnostics = diagnostics
        r.status = .uncertain
        r.provenance = SlipProvenance.derive(r, template: nil, anchorsFound: nil)
        let (x, y, w, h) = (box[0], box[1], box[2], box[3])
        return SlipReading(record: r, slipClass: unknown, corners: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    }
}

/// Finds slip-like blocks among the words no template claimed.
///
/// Slip-like: a cluster of words (each within 4 word heights across, 2.5 down, of another) of at least 6 words on
/// 3 lines or more, in which the generic parsers find an account (IBAN or national account, not failing its check)
/// **and** an amount, and which is not running text (fewer than half its lines are prose: 8+ words, most of them
/// starting in lower case). A letter's paragraph that mentions an IBAN and a sum is prose, left to `giro parse`.
enum SlipLikeBlocks {
    static let minWords = 6
    static let minLines = 3
    static let linkAcross = 4.0, linkDown = 2.5
    /// Words clustered at most (a page of text has far fewer; beyond this no unknown slip is looked for).
    static let maxWords = 5000

    static func find(_ page: PageWords, excluding: Set<Int>, avoiding: [PageRecord]) -> [SlipLikeBlock] {
        let free = page.words.indices.filter { i in
            !excluding.contains(i) && page.words[i].text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
        }
        guard free.count >= minWords, free.count <= maxWords else { return [] }
        return clusters(page, free).compactMap { block(page, $0, avoiding: avoiding) }.sorted { ($0.box[1], $0.box[0]) < ($1.box[1], $1.box[0]) }
    }

    struct Rect { var x0, y0, x1, y1: Double }

    static func rect(_ w: PageWord) -> Rect {
        Rect(x0: Double(w.x), y0: Double(w.y), x1: Double(w.x) + Double(max(w.w, 0)), y1: Double(w.y) + Double(max(w.h, 0)))
    }

    /// Connected groups of nearby words (union-find over a sweep down the page).
    static func clusters(_ page: PageWords, _ free: [Int]) -> [[Int]] {
        let heights = free.map { Double(max(page.words[$0].h, 1)) }.sorted()
        let h = heights[heights.count / 2]
        let across = linkAcross * h, down = linkDown * h
        let order = free.sorted { page.words[$0].y < page.words[$1].y }
        let rects = order.map { rect(page.words[$0]) }
        var parent = Array(order.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in order.indices {
            var j = i + 1
            while j < order.count, rects[j].y0 - rects[i].y1 <= down {
                let gapX = max(0, max(rects[i].x0, rects[j].x0) - min(rects[i].x1, rects[j].x1))
                if gapX <= across { parent[root(j)] = root(i) }
                j += 1
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in order.indices { groups[root(i), default: []].append(order[i]) }
        // In the order of their first word (a dictionary's order changes from run to run).
        return groups.values.filter { $0.count >= minWords }.map { $0.sorted() }.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
    }

    /// The words as lines (top to bottom by centre, a word joining a line within half the taller height; left to
    /// right in a line), with each word's byte range in the joined text (lines joined by `\n`, words by a space).
    static func lines(_ words: [PageWord]) -> (text: [String], spans: [(Range<Int>, PageWord)]) {
        var rows: [[PageWord]] = []
        for w in words.sorted(by: { Double($0.y) + Double($0.h) / 2 < Double($1.y) + Double($1.h) / 2 }) {
            let cy = Double(w.y) + Double(w.h) / 2
            if let head = rows.last?.first, abs(cy - (Double(head.y) + Double(head.h) / 2)) <= 0.5 * Double(max(head.h, w.h)) {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        var text: [String] = [], spans: [(Range<Int>, PageWord)] = [], offset = 0
        for row in rows {
            var line = ""
            for w in row.sorted(by: { $0.x < $1.x }) {
                if !line.isEmpty { line += " " }
                let start = offset + line.utf8.count
                line += w.text
                spans.append((start..<(offset + line.utf8.count), w))
            }
            text.append(line)
            offset += line.utf8.count + 1
        }
        return (text, spans)
    }

    static func block(_ page: PageWords, _ members: [Int], avoiding: [PageRecord]) -> SlipLikeBlock? {
        let words = members.map { page.words[$0] }
        let lines = Self.lines(words)
        guard lines.text.count >= minLines else { return nil }
        let prose = lines.text.filter { line in
            let ws = line.split(separator: " ")
            return ws.count >= 8 && ws.filter { $0.first?.isLowercase == true }.count * 2 >= ws.count
        }
        guard prose.count * 2 < lines.text.count else { return nil }
        let text = lines.text.joined(separator: "\n")
        guard let found = try? ParserGroup.standard().parse(text, context: ParseContext()),
              let account = found.first(where: { $0.parser == .iban && $0.status != .invalid }),
              let amount = found.first(where: { $0.parser == .amount && $0.amount != nil }) else { return nil }
        let rs = words.map(rect)
        let r = Rect(x0: rs.map(\.x0).min() ?? 0, y0: rs.map(\.y0).min() ?? 0, x1: rs.map(\.x1).max() ?? 0, y1: rs.map(\.y1).max() ?? 0)
        // A barcode's own printed part (the QR bill's payment part beside its code) is that barcode's, not a slip.
        for b in avoiding {
            if let iban = b.record.creditor?.account?.iban, iban == account.value { return nil }
            let xs = b.corners.compactMap(\.first).map(Double.init), ys = b.corners.compactMap { $0.count > 1 ? Double($0[1]) : nil }
            guard let bx0 = xs.min(), let bx1 = xs.max(), let by0 = ys.min(), let by1 = ys.max() else { continue }
            let margin = linkAcross * Double(max(words.map(\.h).sorted()[words.count / 2], 1))
            if bx0 <= r.x1 + margin, bx1 >= r.x0 - margin, by0 <= r.y1 + margin, by1 >= r.y0 - margin { return nil }
        }
        let box = [r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0].map(SlipPoint.pixel)
        let reference = found.first { $0.parser == .reference && $0.status != .invalid }
        var boxes: [ByteSpan: [Int]] = [:]
        for c in [account, amount] + (reference.map { [$0] } ?? []) {
            let hit = lines.spans.filter { $0.0.overlaps(c.span.range) }.map { rect($0.1) }
            guard let x0 = hit.map(\.x0).min(), let y0 = hit.map(\.y0).min(), let x1 = hit.map(\.x1).max(), let y1 = hit.map(\.y1).max() else { continue }
            boxes[c.span] = [x0, y0, x1 - x0, y1 - y0].map(SlipPoint.pixel)
        }
        let confidence = words.compactMap(\.confidence).min().map { Int((min(max($0, 0), 1) * 100).rounded()) }
        return SlipLikeBlock(words: members, lines: lines.text, box: box, account: account, amount: amount,
                             reference: reference, confidence: confidence, boxes: boxes)
    }
}
