import Foundation
import GiroImaging
import GiroOCR

// A comb's glyphs packed into a line of ordinary print: the cells decide the spaces, the engine reads the line
// whole (its word and case context), not one cell at a time.
extension SlipReader {
    /// The inked cells' glyphs side by side at a letter's gap, an empty cell (one or more) between two inked ones a
    /// word's gap, read as one line. Read cell by cell (`readCells`) each glyph is a word of its own: a name loses
    /// its case (`MariA`) and the engine is unsure of every letter; read as the comb's wide line (`lineRead`) the
    /// letters a pitch apart split into words anywhere. Nil when no cell holds ink or the engine fails.
    static func packedRead(_ crop: GrayImage, _ comb: SlipCombCells, parser: SlipParserKind, engine: some OCREngine,
                           settings: OCRSettings) -> (text: [String], confidence: Int?)? {
        guard let strip = packedStrip(crop, comb) else { return nil }
        return readPacked(strip, parser: parser, engine: engine, settings: settings)
    }

    /// A packed strip (`packedStrip`, `spacedStrip`) read as one line: its longest line (a second is a glyph's stray
    /// piece), frame bars dropped, a structured value's lone zero lookalikes read as 0. Nil when the engine fails.
    static func readPacked(_ strip: GrayImage, parser: SlipParserKind, engine: some OCREngine,
                           settings: OCRSettings) -> (text: [String], confidence: Int?)? {
        guard let image = OCRImage(width: strip.width, height: strip.height, pixels: strip.pixels),
              let words = try? engine.recognize(image, settings: settings) else { return nil }
        let read = lines(words)
        var text = withoutFrameBars(read.text)
        if text.count > 1, let longest = text.max(by: { $0.count < $1.count }) { text = [longest] }
        return (zerosRestored(text, parser: parser), read.confidence)
    }

    /// The packed line's image (see `packedRead`): the box's rows only; each inked cell's ink columns, a gap of a
    /// seventh of the box's height between glyphs of neighbouring cells (glyphs closer than that in the crop keep
    /// their gap: halves of one glyph a lattice cut), half its height where empty cells lie between. Nil when no
    /// cell holds ink, or more than 80 do.
    static func packedStrip(_ crop: GrayImage, _ comb: SlipCombCells) -> GrayImage? {
        let rows = comb.boxRows(height: crop.height)
        let inked = comb.cells.indices.filter { comb.inked(comb.cells[$0], in: crop) }
        guard !inked.isEmpty, inked.count <= 80, rows.count >= 8 else { return nil }
        let w = crop.width, h = rows.count
        // Each inked cell's ink columns (the cell's outermost dark columns within the box's rows).
        var spans: [(cell: Int, x0: Int, x1: Int)] = []
        for i in inked {
            let c = comb.cells[i]
            let a = max(0, c.x0), b = min(w - 1, c.x1)
            guard a <= b else { continue }
            var first: Int?, last: Int?
            for x in a...b where rows.contains(where: { crop.pixels[$0 * w + x] < SlipCombCells.dark }) {
                if first == nil { first = x }
                last = x
            }
            if let first, let last { spans.append((i, first, last)) }
        }
        guard !spans.isEmpty else { return nil }
        let letterGap = max(2, h / 7), wordGap = max(letterGap * 2, h / 2), border = max(comb.border, h / 3)
        var gaps: [Int] = [border]
        for (p, q) in zip(spans, spans.dropFirst()) {
            gaps.append(q.cell - p.cell > 1 ? wordGap : min(letterGap, max(1, q.x0 - p.x1 - 1)))
        }
        let width = spans.map { $0.x1 - $0.x0 + 1 }.reduce(0, +) + gaps.reduce(0, +) + border
        let height = h + 2 * border
        guard width > 0, width * height <= 20_000_000 else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height)
        var at = 0
        for (n, s) in spans.enumerated() {
            at += gaps[n]
            for (y, row) in rows.enumerated() {
                for dx in 0...(s.x1 - s.x0) { pixels[(y + border) * width + at + dx] = crop.pixels[row * w + s.x0 + dx] }
            }
            at += s.x1 - s.x0 + 1
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}

// The same for a comb no lattice was found for (a comb in the form's colour, dropped with it): the glyphs stand at
// the cells' pitch with a cell's paper between them.
extension SlipReader {
    /// The crop's main line of print packed as `packedStrip` packs a comb's cells, when its glyphs stand at an even,
    /// wide pitch (centres within a quarter pitch of it, the paper between two glyphs at least a third of the
    /// glyphs' height): a break where two glyphs' centres are 1.5 pitches apart or more. Nil for ordinary print
    /// (its glyphs touch or nearly) and for fewer than four glyphs.
    static func spacedStrip(_ crop: GrayImage) -> GrayImage? {
        guard let band = accentedBand(crop) else { return nil }
        let runs = SlipFillMarks.glyphRuns(band).filter { $0.ink >= 3 }
        guard runs.count >= 4, runs.count <= 120, let tallest = runs.map(\.height).max(), tallest >= 8 else { return nil }
        let main = runs.filter { $0.height * 10 >= tallest * 4 }
        guard main.count >= 4 else { return nil }
        let centres = main.map { Double($0.start + $0.end) / 2 }
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let pitch = gaps[gaps.count / 2]
        guard pitch > 0 else { return nil }
        let inWord = zip(main, main.dropFirst()).filter { p, q in Double(q.start + q.end - p.start - p.end) / 2 < 1.5 * pitch }
        guard inWord.count * 10 >= gaps.count * 7,
              inWord.allSatisfy({ p, q in abs(Double(q.start + q.end - p.start - p.end) / 2 - pitch) <= 0.25 * pitch }) else { return nil }
        let paper = inWord.map { p, q in q.start - p.end }.sorted()
        guard paper[paper.count / 2] * 3 >= tallest else { return nil }
        let w = band.width, h = band.height
        let letterGap = max(2, tallest / 7), wordGap = max(letterGap * 2, tallest / 2), border = max(8, tallest / 3)
        var widths: [Int] = [], between: [Int] = [border]
        for (p, q) in zip(runs, runs.dropFirst()) {
            let apart = Double(q.start + q.end - p.start - p.end) / 2
            between.append(apart >= 1.5 * pitch ? wordGap : min(letterGap, max(1, q.start - p.end)))
        }
        for r in runs { widths.append(r.end - r.start) }
        let width = widths.reduce(0, +) + between.reduce(0, +) + border, height = h + 2 * border
        guard width > 0, width * height <= 20_000_000 else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height)
        var at = 0
        for (n, r) in runs.enumerated() {
            at += between[n]
            for y in 0..<h {
                for dx in 0..<(r.end - r.start) { pixels[(y + border) * width + at + dx] = band.pixels[y * w + r.start + dx] }
            }
            at += r.end - r.start
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}

extension SlipReader {
    /// The rows of the crop's main line of print (`SlipSpacedText.mainBand`) with the ink within 45 % of its height
    /// above and below it: an accent or umlaut set apart from its capital by a row of paper (`Ü`), a cedilla.
    static func accentedBand(_ crop: GrayImage) -> GrayImage? {
        guard let b = SlipSpacedText.mainRows(crop) else { return nil }
        let w = crop.width, h = crop.height, rowInk = b.rowInk
        let reach = (b.to - b.from) * 45 / 100
        var from = b.from, to = b.to
        for r in stride(from: b.from - 1, through: max(0, b.from - reach), by: -1) where rowInk[r] > 0 { from = r }
        for r in b.to..<min(h, b.to + reach) where rowInk[r] > 0 { to = r + 1 }
        return GrayImage(width: w, height: to - from, pixels: Array(crop.pixels[(from * w)..<(to * w)]))
    }
}
