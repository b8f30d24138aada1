import Foundation
import GiroCore
import GiroImaging
import GiroOCR

// Reading a zone crop: as one line, or — a comb field — cell by cell in one OCR call.
extension SlipReader {
    /// The zone's text lines and their lowest confidence; nil when the engine fails. A comb is read two ways: its
    /// inked cells set apart on a strip (each cell comes back as its own word with its own confidence), joined in
    /// cell order, an empty cell between two inked ones a space, the field's confidence its lowest cell's; and its
    /// glyphs packed into a line of ordinary print (`packedRead`). The reading `valid` accepts (check digits, an
    /// amount's grammar, a name's letters) is kept, the surer one first; without one accepted, the surer one. Both
    /// unsure: the whitened crop read as a line too. Amounts are read by their cells where the decimal mark stands
    /// on a cell wall or in a cell of its own, else as a line.
    static func zoneLines(_ crop: GrayImage, cells: SlipCombCells?, parser: SlipParserKind, engine: some OCREngine,
                          settings: OCRSettings, valid: ((String) -> Bool)? = nil) -> (text: [String], confidence: Int?)? {
        if let cells, parser != .amount, settings.layout == .line {
            // The cells' reading first: of two as sure, it is kept.
            var looks: [(text: [String], confidence: Int?)] = []
            let packed = packedRead(crop, cells, parser: parser, engine: engine, settings: settings).flatMap { $0.text.isEmpty ? nil : $0 }
            // A packed reading that parses and is sure needs no reading cell by cell.
            let settledPacked = packed.map { ($0.confidence ?? 0) >= Self.sureCells && (valid?($0.text.joined(separator: " ")) ?? false) } ?? false
            if !settledPacked, var read = readCells(crop, cells, engine: engine, settings: settings) {
                read.text = zerosRestored(read.text, parser: parser)
                looks.append(read)
            }
            if let packed { looks.append(packed) }
            if let best = chosen(looks, valid: valid) {
                // Cells the engine was unsure of (a lattice a little off the glyphs cuts them in halves, each read
                // as a letter): the whitened crop read as a line too, the surer reading kept.
                var out = best
                if (best.confidence ?? 0) < Self.sureCells,
                   let line = lineRead(crop, parser: parser, engine: engine, settings: settings, valid: valid), !line.text.isEmpty {
                    out = chosen(looks + [line], valid: valid) ?? best
                }
                combTrace(parser, cells, crop, looks, out)
                return out
            }
        }
        // An amount in a comb: its cells, the decimal comma where a mark stands on a cell wall; the packed line
        // where the cells read no digit in some inked cell.
        if let cells, parser == .amount, settings.layout == .line, let wall = cells.separatorWall(in: crop) {
            let cents = cells.cells.indices.filter { $0 > wall && cells.inked(cells.cells[$0], in: crop) }.count
            let inked = cells.cells.indices.filter { cells.inked(cells.cells[$0], in: crop) }.count
            var looks: [(text: [String], confidence: Int?)] = [], fallback: (text: [String], confidence: Int?)?
            for look in 0..<2 {
                guard let read = look == 0 ? readCells(crop, cells, engine: engine, settings: settings)
                                           : packedRead(crop, cells, parser: parser, engine: engine, settings: settings),
                      let line = read.text.first else { continue }
                looks.append(read)
                let digits = Array(line.filter { $0.isASCII && $0.isNumber })
                guard cents == 2, digits.count > 2 else { continue }
                let amount = ([String(digits.dropLast(2)) + "," + String(digits.suffix(2))], read.confidence)
                // A digit for every inked cell: read whole.
                if digits.count == inked {
                    combTrace(parser, cells, crop, looks, amount)
                    return amount
                }
                if fallback == nil { fallback = amount }
            }
            if let fallback {
                combTrace(parser, cells, crop, looks, fallback)
                return fallback
            }
        }
        // An amount in a comb whose separator has a cell of its own (`| | |6|4|.|2|0|`): its cells, when they read
        // digits and one decimal mark (a thousands mark before it) and nothing else.
        // Read by its cells, else packed (`87,40` in five cells read by cells as `8 7 . 4 0`, wide, as nothing).
        if let cells, parser == .amount, settings.layout == .line, cells.separatorWall(in: crop) == nil {
            for look in 0..<2 {
                guard let read = look == 0 ? readCells(crop, cells, engine: engine, settings: settings)
                                           : packedRead(crop, cells, parser: parser, engine: engine, settings: settings),
                      let line = read.text.first,
                      let amount = SlipSpacedText.joinedAmount(line.filter { !$0.isWhitespace }.map { String($0) }.joined(separator: " "))
                else { continue }
                combTrace(parser, cells, crop, [read], ([amount], read.confidence))
                return ([amount], read.confidence)
            }
        }
        let line = lineRead(crop, parser: parser, engine: engine, settings: settings, valid: valid)
        if combTraceOn, let line {
            if let cells { combTrace(parser, cells, crop, [], line) } else { FileHandle.standardError.write(Data("zone \(parser.rawValue) no comb -> \(line.text)@\(line.confidence ?? -1)\n".utf8)) }
        }
        return line
    }

    /// Of a comb's readings, the surest that `valid` accepts, else the surest; the earlier of two as sure.
    static func chosen(_ looks: [(text: [String], confidence: Int?)], valid: ((String) -> Bool)?) -> (text: [String], confidence: Int?)? {
        let ranked = looks.enumerated().sorted { a, b in
            let ca = a.element.confidence ?? 0, cb = b.element.confidence ?? 0
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element).filter { !$0.text.isEmpty }
        if let valid, let ok = ranked.first(where: { valid($0.text.joined(separator: " ")) }) { return ok }
        return ranked.first ?? looks.first
    }

    /// `GIRO_COMB_TRACE=1`: one stderr line per comb reading, its looks and the one kept.
    static func combTrace(_ parser: SlipParserKind, _ cells: SlipCombCells, _ crop: GrayImage,
                          _ looks: [(text: [String], confidence: Int?)], _ out: (text: [String], confidence: Int?)) {
        guard combTraceOn else { return }
        let inked = cells.cells.indices.filter { cells.inked(cells.cells[$0], in: crop) }.count
        let shown = looks.map { "\($0.text)@\($0.confidence ?? -1)" }.joined(separator: " | ")
        FileHandle.standardError.write(Data("comb \(parser.rawValue) cells=\(cells.cells.count) inked=\(inked) looks: \(shown) -> \(out.text)@\(out.confidence ?? -1)\n".utf8))
    }

    static let combTraceOn = ProcessInfo.processInfo.environment["GIRO_COMB_TRACE"] == "1"

    /// A comb's reading whose every cell is at least this sure (0…100) is not read again as a line.
    static let sureCells = 60

    /// The crop read as one line: frame bars dropped, a comb's spaced digits joined into an amount, a comb's
    /// spaced letters re-spaced by their pitch.
    /// Glyphs standing at a comb's pitch with no comb found (`spacedStrip`) are read packed too; the reading
    /// `valid` accepts is kept, the surer one first.
    static func lineRead(_ crop: GrayImage, parser: SlipParserKind, engine: some OCREngine,
                         settings: OCRSettings, valid: ((String) -> Bool)? = nil) -> (text: [String], confidence: Int?)? {
        guard let image = OCRImage(width: crop.width, height: crop.height, pixels: crop.pixels),
              let words = try? engine.recognize(image, settings: settings) else { return nil }
        let read = lines(withoutFlatWords(words))
        var text = withoutFrameBars(read.text)
        // One value per comb cell read as a line: its spacing comes from the cells, not from the words.
        if parser == .amount {
            text = text.map { SlipSpacedText.joinedAmount($0) ?? $0 }
            // A separator the engine dropped (on a cell wall, in the gap between two cells).
            text = text.map { SlipDecimalMark.repaired($0, crop: text.count == 1 ? crop : nil) ?? $0 }
        } else if parser == .text || parser == .lines, text.count == 1, let respaced = SlipSpacedText.respaced(text[0], crop: crop) {
            text = [respaced]
        }
        if parser != .lines, text.count <= 1, let strip = spacedStrip(crop),
           var packed = readPacked(strip, parser: parser, engine: engine, settings: settings) {
            // An amount's digits and mark one a cell: the amount they spell (`87,40`).
            if parser == .amount {
                packed.text = packed.text.map { SlipSpacedText.joinedAmount($0.filter { !$0.isWhitespace }.map { String($0) }.joined(separator: " ")) ?? $0 }
            }
            let out = chosen([(text, read.confidence), packed], valid: valid) ?? (text, read.confidence)
            if combTraceOn {
                FileHandle.standardError.write(Data("spaced \(parser.rawValue) line \(text)@\(read.confidence ?? -1) packed \(packed.text)@\(packed.confidence ?? -1) -> \(out.text)\n".utf8))
            }
            return out
        }
        return (text, read.confidence)
    }

    static let zeroLookalikes: Set<Character> = ["©", "@", "®", "Ø", "ø"]

    /// A slashed or dotted zero read alone in its cell comes back as `©`, `@` or `Ø`: no character of a structured
    /// value, read as 0 there (free text keeps what it read).
    static func zerosRestored(_ text: [String], parser: SlipParserKind) -> [String] {
        guard parser != .text, parser != .lines else { return text }
        return text.map { String($0.map { zeroLookalikes.contains($0) ? "0" : $0 }) }
    }

    /// Letters or digits read on a mark under a quarter of the reading's median word height are no text: a box's
    /// edge a scan's blur left in the crop's first rows comes back as a word 1 px high (`Bo`, `KÉK` at confidence
    /// 28–44 above `Szabó László`), whose confidence, the zone's lowest, rejected the name. The median, not the
    /// tallest: a box's end edge read as `I` is as tall as the crop. Punctuation stays (a dash between an
    /// account's groups is flat).
    static func withoutFlatWords(_ page: PageWords) -> PageWords {
        func textual(_ w: PageWord) -> Bool { w.text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) } }
        let heights = page.words.filter(textual).map(\.h).sorted()
        guard heights.count >= 2, case let median = heights[heights.count / 2], median > 0 else { return page }
        var out = page
        out.words = page.words.filter { !textual($0) || $0.h * 4 >= median }
        return out
    }

    /// A box's frame caught at a line's end comes back as `|` (`6075 0629 9006 |`, `|1234567890`), or as an
    /// unpaired bracket (`[2024031234`): no character of the value, dropped there.
    static func withoutFrameBars(_ text: [String]) -> [String] {
        text.compactMap { line in
            var s = Substring(line.trimmingCharacters(in: .whitespaces))
            while true {
                let before = s
                if s.first == "|" || (s.first == "[" && !s.contains("]")) { s = s.dropFirst() }
                if s.last == "|" || (s.last == "]" && !s.contains("[")) { s = s.dropLast() }
                s = Substring(s.trimmingCharacters(in: .whitespaces))
                if s == before { break }
            }
            return s.isEmpty ? nil : String(s)
        }
    }

    /// The comb's inked cells side by side with a cell's width of paper between them, read as one line; each
    /// word is given back to the cells its box covers.
    static func readCells(_ crop: GrayImage, _ comb: SlipCombCells, engine: some OCREngine,
                          settings: OCRSettings) -> (text: [String], confidence: Int?)? {
        let inked = comb.cells.indices.filter { comb.inked(comb.cells[$0], in: crop) }
        guard !inked.isEmpty, inked.count <= 80 else { return nil }
        let border = comb.border
        let widths = inked.map { comb.cells[$0].x1 - comb.cells[$0].x0 + 1 }
        let gap = max(8, (widths.max() ?? 8) * 4 / 5)
        // Only the rows inside the box: a label or another box's value above or below it is no part of a cell.
        let rows = comb.boxRows(height: crop.height)
        let w = 2 * border + widths.reduce(0, +) + gap * (inked.count - 1), h = rows.count + 2 * border
        guard w > 0, w * h <= 20_000_000 else { return nil }
        var strip = [UInt8](repeating: 255, count: w * h)
        var slots: [(x0: Int, x1: Int)] = []
        var at = border
        for (n, i) in inked.enumerated() {
            let c = comb.cells[i]
            for (y, row) in rows.enumerated() {
                for dx in 0..<widths[n] where c.x0 + dx < crop.width {
                    strip[(y + border) * w + at + dx] = crop.pixels[row * crop.width + c.x0 + dx]
                }
            }
            slots.append((at, at + widths[n] - 1))
            at += widths[n] + gap
        }
        guard let image = OCRImage(width: w, height: h, pixels: strip),
              let words = try? engine.recognize(image, settings: settings) else { return nil }
        // Each slot's text and confidence (0…100); a slot the engine left empty has confidence 0.
        var text = [String](repeating: "", count: slots.count)
        var confidence = [Int](repeating: 0, count: slots.count)
        for word in words.words where !word.text.trimmingCharacters(in: .whitespaces).isEmpty {
            let covered = slots.indices.filter { s in
                let centre = (slots[s].x0 + slots[s].x1) / 2
                return centre >= word.x - gap / 2 && centre < word.x + word.w + gap / 2
            }
            guard let first = covered.first else { continue }
            let chars = Array(word.text.filter { !$0.isWhitespace })
            let raw = word.confidence.flatMap { $0.isFinite ? $0 : nil } ?? 0
            let conf = Int((min(max(raw, 0), 1) * 100).rounded())  // out-of-range confidences clamp, never trap
            if chars.count == covered.count {
                for (s, ch) in zip(covered, chars) { text[s] += String(ch); confidence[s] = conf }
            } else {
                text[first] += String(chars)
                for s in covered { confidence[s] = conf }
            }
        }
        // Cells in order: an inked cell its text, an empty one a space (collapsed, trimmed).
        var out = ""
        var slot = 0
        for i in comb.cells.indices {
            if slot < inked.count, inked[slot] == i {
                out += text[slot]
                slot += 1
            } else {
                out += " "
            }
        }
        let joined = out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return (joined.isEmpty ? [] : [joined], confidence.min())
    }
}
