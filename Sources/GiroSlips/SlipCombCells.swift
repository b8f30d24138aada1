import GiroImaging

/// The character cells of a comb field found in a zone crop: vertical ticks (or full cell walls) at a regular
/// pitch, rising from the box's bottom edge or hanging from its top. Read as one line, the ticks between the
/// characters come back as `1`, `|` or `I`, and the wide spacing as spaces between letters; so the ticks are
/// whitened and the inked cells are read side by side, each cell one character, an empty cell a space.
package struct SlipCombCells: Sendable {
    /// A tick: its columns and the rows of its dark run.
    struct Tick: Sendable { var x0, x1, from, to: Int }
    var ticks: [Tick]
    /// Ticks a glyph touching them hid from the search (their column's dark run went on into the glyph, too wide
    /// for a tick): where the lattice puts them, with the typical tick's rows and width.
    var hidden: [Tick] = []
    /// Whether the box's edge stays under a glyph standing on it (an amount's comb: its decimal mark on the wall's
    /// foot is found by the ink there, `separatorWall`); else only where a stroke crosses the edge.
    var keepsEdgeUnderGlyphs = false
    /// Rows of the box's top and bottom edges the crop caught, and the columns of the comb they run along.
    var edgeRows: [Int]
    var edgeSpan: ClosedRange<Int> = 0...0
    /// Per row of the crop: whether a line (`lineMask`) runs along it across a fifth of the comb.
    var lineRows: [Bool] = []
    /// The cells' left and right x (crop pixels, inclusive), left to right.
    package var cells: [(x0: Int, x1: Int)]
    var border: Int

    /// Fewest ticks at one pitch that make a comb (fewer is a coincidence of glyph strokes).
    static let minTicks = 5
    static let dark: UInt8 = 128

    /// Nil when the crop holds no comb. `border`: the white frame around the crop's content. `strict`: only full
    /// walls and ticks standing on (hanging from) a line count, not strokes cut by the crop's edge — on a crop
    /// where the form's colour is dropped, what is left at a regular pitch is more often a monospaced value.
    package static func find(in crop: GrayImage, border: Int, strict: Bool = false) -> SlipCombCells? {
        let w = crop.width, h = crop.height
        let top = border, bottom = h - border, ih = bottom - top
        guard ih >= 12, w - 2 * border >= 60 else { return nil }
        // Longest vertical dark run per column.
        var runs = [(from: Int, to: Int)](repeating: (0, 0), count: w)
        crop.pixels.withUnsafeBufferPointer { p in
            for x in border..<(w - border) {
                var best = (from: 0, to: 0), start = -1
                for y in top..<bottom {
                    if p[y * w + x] < dark {
                        if start < 0 { start = y }
                        if y + 1 - start > best.to - best.from { best = (start, y + 1) }
                    } else {
                        start = -1
                    }
                }
                runs[x] = best
            }
        }
        // A tick's run: at least a fifth of the box high, touching its top or bottom edge, or standing on (hanging
        // from) a line — the box's edge inside a crop grown over its value; or a full-height wall.
        func inkAt(_ x: Int, _ y: Int) -> Bool { x >= 0 && x < w && y >= 0 && y < h && crop.pixels[y * w + x] < Self.dark }
        // A line: a row dark without a break 12 px either side (the stems of `m` or `n` ending on their baseline
        // are dark at a few points only).
        func onLine(_ x: Int, _ y: Int) -> Bool {
            (-1...1).contains { dy in (-12...12).allSatisfy { inkAt(x + $0, y + dy) } }
        }
        func isTick(_ x: Int) -> Bool {
            let r = runs[x], n = r.to - r.from
            guard n * 5 >= ih else { return false }
            return (!strict && (r.from <= top + 2 || r.to >= bottom - 2)) || n * 20 >= ih * 17 || onLine(x, r.to) || onLine(x, r.from - 1)
        }
        var ticks: [Tick] = []
        var x = border
        while x < w - border {
            guard isTick(x) else { x += 1; continue }
            var e = x
            while e + 1 < w - border, isTick(e + 1) { e += 1 }
            // A tick is a thin line; a wider dark block is a glyph or a filled area.
            if e - x + 1 <= max(4, ih / 8) {
                let from = runs[x...e].map { $0.from }.min() ?? top, to = runs[x...e].map { $0.to }.max() ?? bottom
                ticks.append(Tick(x0: x, x1: e, from: from, to: to))
            }
            x = e + 1
        }
        guard ticks.count >= minTicks else { return nil }
        // The pitch most ticks sit on (each gap between neighbours proposed in turn); cells narrower than 0.3 of
        // the box height or wider than twice it are no character cells.
        let centres = ticks.map { Double($0.x0 + $0.x1) / 2 }
        var lattice: [Int] = [], pitch = 0.0
        // A tick is on the pitch when it lies a whole number of pitches from the proposing tick, or — a comb
        // printed in groups (`12345678 - 12345678`, the groups set apart by a dash) — one to three pitches from its
        // neighbour on the pitch.
        func steps(_ d: Double, _ p: Double) -> Int? {
            let r = d / p, n = Int(r.rounded())
            return n >= 1 && abs(r - r.rounded()) * p <= 2.5 ? n : nil
        }
        for i in 0..<(centres.count - 1) {
            var p = centres[i + 1] - centres[i]
            guard p * 10 >= Double(ih) * 3, p <= Double(ih) * 2 else { continue }
            func onPitch(_ p: Double) -> [Int] {
                centres.indices.filter { j in
                    let r = (centres[j] - centres[i]) / p
                    return abs(r - r.rounded()) * p <= 2.5
                }
            }
            var on = onPitch(p)
            // The pitch refined over every tick on it: one gap measured to the pixel drifts off the lattice by
            // a pixel a cell, and a long comb's far ticks would be left on the crop.
            for _ in 0..<2 {
                var sxy = 0.0, sxx = 0.0
                for j in on {
                    let k = ((centres[j] - centres[i]) / p).rounded()
                    sxy += k * (centres[j] - centres[i]); sxx += k * k
                }
                guard sxx > 0 else { break }
                let refined = sxy / sxx
                let more = onPitch(refined)
                guard more.count >= on.count else { break }
                (p, on) = (refined, more)
            }
            if on.count < centres.count {
                let grouped = centres.indices.filter { j in
                    (j > 0 && steps(centres[j] - centres[j - 1], p).map { $0 <= 3 } == true)
                        || (j + 1 < centres.count && steps(centres[j + 1] - centres[j], p).map { $0 <= 3 } == true)
                }
                // Only when every group is a run of several cells: stray strokes pair up at any pitch.
                if grouped.count > on.count, Self.runs(grouped).allSatisfy({ $0 >= 3 }) { on = grouped }
            }
            if on.count > lattice.count { (lattice, pitch) = (on, p) }
        }
        guard lattice.count >= minTicks, lattice.count * 10 >= ticks.count * 6, pitch > 0 else { return nil }
        // Ticks the search left out beyond the lattice's ends (on a dropout crop a red comb's remains no longer
        // stand on a line; a label below joins a tick's run) are taken back pitch by pitch, so the first and last
        // characters keep their cells.
        let onLattice = lattice.map { ticks[$0] }
        let chosen = Self.extended(onLattice, pitch: pitch, crop: crop, border: border)
        // Extended up to the box's end wall, the lattice's last place out may be the wall: the end cell added
        // beyond it (below) must lie on the box's edges, not on a label beside the box.
        let (extendedLeft, extendedRight) = (chosen.first?.x0 != onLattice.first?.x0, chosen.last?.x0 != onLattice.last?.x0)
        // Cells between neighbouring ticks; a tick hidden by a glyph leaves a gap of several pitches, split evenly.
        var cells: [(x0: Int, x1: Int)] = []
        for (a, b) in zip(chosen, chosen.dropFirst()) {
            let left = Double(a.x1 + 1), right = Double(b.x0 - 1)
            // Between two groups: one cell, where a dash between them is read.
            let r = Double(b.x0 + b.x1 - a.x0 - a.x1) / 2 / pitch
            let n = abs(r - r.rounded()) * pitch <= 5 ? max(1, Int(r.rounded())) : 1
            let step = (right - left) / Double(n)
            for k in 0..<n {
                cells.append((Int((left + Double(k) * step).rounded()), Int((left + Double(k + 1) * step).rounded())))
            }
        }
        // The box's walls a pitch before the first tick and after the last: a wall drawn thicker than the ticks or
        // a little off their pitch is not on the lattice, and the first (last) character's cell would be lost.
        var walls = chosen
        let tickRuns = chosen.map { $0.to - $0.from }.sorted()
        let minRun = tickRuns.isEmpty ? 0 : tickRuns[tickRuns.count / 2] * 9 / 10
        if let first = chosen.first, let wall = Self.wall(near: Double(first.x0) - pitch, pitch: pitch, minRun: minRun, runs: runs,
                                                          within: border..<(w - border)), wall.x1 < first.x0 - 2,
           !extendedLeft || Self.edgeAlong(crop, wall.x1 + 1, first.x0 - 1, ticks: onLattice, border: border) {
            cells.insert((wall.x1 + 1, first.x0 - 1), at: 0)
            walls.insert(wall, at: 0)
        } else if let first = chosen.first, first.x0 - border < Int(pitch * 1.3), first.x0 - border > Int(pitch / 3),
                  Self.holdsInk(crop, max(border, first.x0 - Int(pitch)), first.x0 - 1, rows: top..<bottom) {
            // The crop cuts the comb within a pitch of its first tick: the cell up to the crop's edge.
            cells.insert((max(border, first.x0 - Int(pitch)), first.x0 - 1), at: 0)
        }
        if let last = chosen.last, let wall = Self.wall(near: Double(last.x1) + pitch, pitch: pitch, minRun: minRun, runs: runs,
                                                        within: border..<(w - border)), wall.x0 > last.x1 + 2,
           !extendedRight || Self.edgeAlong(crop, last.x1 + 1, wall.x0 - 1, ticks: onLattice, border: border) {
            cells.append((last.x1 + 1, wall.x0 - 1))
            walls.append(wall)
        } else if let last = chosen.last, w - border - 1 - last.x1 < Int(pitch * 1.3), w - border - 1 - last.x1 > Int(pitch / 3),
                  Self.holdsInk(crop, last.x1 + 1, min(w - border - 1, last.x1 + Int(pitch)), rows: top..<bottom) {
            cells.append((last.x1 + 1, min(w - border - 1, last.x1 + Int(pitch))))
        }
        // The box's top and bottom edges, where the crop caught them: rows mostly dark across the comb (not across
        // the crop, which may hold other boxes beside it) near the crop's edges.
        var edgeRows: [Int] = []
        let span = (walls.first?.x0 ?? border)...(walls.last?.x1 ?? (w - border - 1))
        crop.pixels.withUnsafeBufferPointer { p in
            // Anywhere: a crop grown over its value holds margins above and below the box.
            for y in top..<bottom {
                var n = 0
                for x in span where p[y * w + x] < dark { n += 1 }
                if n * 10 >= span.count * 6 { edgeRows.append(y) }
            }
        }
        let hidden = Self.hiddenTicks(chosen, pitch: pitch, within: span, crop: crop)
        var comb = SlipCombCells(ticks: walls, hidden: hidden, edgeRows: edgeRows, edgeSpan: span, cells: cells, border: border)
        let mask = comb.lineMask(crop)
        comb.lineRows = (0..<h).map { y in
            var n = 0
            for x in span where mask[y * w + x] { n += 1 }
            return n * 5 >= span.count
        }
        return comb
    }

    /// `chosen` with the thin strokes standing on the lattice beyond its first and last tick: within 2 px of the
    /// next lattice place out, a column dark over 3/4 of the typical tick's rows, its dark columns no wider than a
    /// tick's (a glyph's stroke is wider, or lies inside its cell). One place without such a stroke is stepped over
    /// (a glyph touching the tick), two end it. Beyond the comb, where no box edge runs along the rows the ticks
    /// stand on (hang from), the lattice is not extended: a label beside the box has strokes at any pitch.
    static func extended(_ chosen: [Tick], pitch: Double, crop: GrayImage, border: Int) -> [Tick] {
        guard let first = chosen.first, let last = chosen.last, chosen.count >= minTicks, pitch >= 6 else { return chosen }
        let w = crop.width, h = crop.height
        let widths = chosen.map { $0.x1 - $0.x0 }.sorted(), froms = chosen.map(\.from).sorted(), tos = chosen.map(\.to).sorted()
        let width = widths[widths.count / 2], from = max(0, froms[froms.count / 2]), to = min(h, tos[tos.count / 2])
        guard to - from >= 4 else { return chosen }
        func edgeAlong(_ a: Int, _ b: Int) -> Bool { Self.edgeAlong(crop, a, b, ticks: chosen, border: border) }
        func darkRows(_ x: Int) -> Int {
            guard x >= border, x < w - border else { return 0 }
            var n = 0
            for y in from..<to where crop.pixels[y * w + x] < dark { n += 1 }
            return n
        }
        func stroke(_ x: Int) -> Bool { darkRows(x) * 4 >= (to - from) * 3 }
        func tick(near c: Double) -> Tick? {
            let xa = max(border, Int(c) - 2), xb = min(w - border - 1, Int(c) + 2)
            guard xa <= xb else { return nil }
            var best: Tick?
            for x in xa...xb where stroke(x) {
                var s = x, e = x
                while s - 1 >= border, stroke(s - 1) { s -= 1 }
                while e + 1 < w - border, stroke(e + 1) { e += 1 }
                guard e - s <= max(width + 2, 3) else { continue }
                if best.map({ abs(Double($0.x0 + $0.x1) / 2 - c) > abs(Double(s + e) / 2 - c) }) ?? true {
                    best = Tick(x0: s, x1: e, from: from, to: to)
                }
            }
            return best
        }
        func walk(from start: Tick, step: Double) -> [Tick] {
            var out: [Tick] = [], at = start, missed = 0
            var c = Double(start.x0 + start.x1) / 2
            for _ in 0..<200 {
                c += step
                guard c >= Double(border), c < Double(w - border) else { break }
                guard let t = tick(near: c) else {
                    missed += 1
                    if missed > 1 { break }
                    continue
                }
                let (a, b) = step < 0 ? (t.x1 + 1, at.x0 - 1) : (at.x1 + 1, t.x0 - 1)
                guard edgeAlong(a, b) else { break }
                out.append(t)
                (at, missed, c) = (t, 0, Double(t.x0 + t.x1) / 2)
            }
            return out
        }
        return walk(from: first, step: -pitch).reversed() + chosen + walk(from: last, step: pitch)
    }

    /// Whether a box edge runs along columns `a...b` at the foot (head) of the typical tick of `ticks`: a row
    /// within 3 px of it dark over 60 % of them.
    static func edgeAlong(_ crop: GrayImage, _ a: Int, _ b: Int, ticks: [Tick], border: Int) -> Bool {
        let w = crop.width, h = crop.height
        guard !ticks.isEmpty, a >= border, b < w - border, b > a, h - border - 1 >= border else { return false }
        let froms = ticks.map(\.from).sorted(), tos = ticks.map(\.to).sorted()
        let from = froms[froms.count / 2], to = tos[tos.count / 2]
        let near = [from - 1, to].flatMap { y in (y - 2)...(y + 2) }.filter { $0 >= border && $0 < h - border }
        return near.contains { y in
            var n = 0
            for x in a...b where crop.pixels[y * w + x] < dark { n += 1 }
            return n * 10 >= (b - a + 1) * 6
        }
    }

    /// Lattice places between the comb's walls where no tick was found (a glyph touching a tick makes its column's
    /// dark run too wide for one): within 2 px of the lattice, the column nearest it that is dark over nine tenths
    /// of the typical tick's rows, as wide as the typical tick. None
    /// elsewhere (a gap between groups; a glyph's round side near its cell's wall, which a looser test whitened:
    /// `Obec` read `bec`).
    static func hiddenTicks(_ chosen: [Tick], pitch: Double, within span: ClosedRange<Int>, crop: GrayImage) -> [Tick] {
        guard let first = chosen.first, chosen.count >= minTicks, pitch >= 4 else { return [] }
        let w = crop.width, h = crop.height
        let widths = chosen.map { $0.x1 - $0.x0 }.sorted(), froms = chosen.map(\.from).sorted(), tos = chosen.map(\.to).sorted()
        let width = widths[widths.count / 2], from = max(0, froms[froms.count / 2]), to = min(h, tos[tos.count / 2])
        guard to - from >= 4 else { return [] }
        let origin = Double(first.x0 + first.x1) / 2
        let centres = chosen.map { Double($0.x0 + $0.x1) / 2 }
        var out: [Tick] = []
        let lo = Int(((Double(span.lowerBound) - origin) / pitch).rounded(.up)), hi = Int(((Double(span.upperBound) - origin) / pitch).rounded(.down))
        guard lo <= hi, hi - lo <= 200 else { return [] }
        for k in lo...hi {
            let c = origin + Double(k) * pitch
            guard !centres.contains(where: { abs($0 - c) < pitch / 4 }) else { continue }
            var best: Int?
            let xa = max(0, Int(c) - 2), xb = min(w - 1, Int(c) + 2)
            guard xa <= xb else { continue }
            for x in xa...xb {
                var n = 0
                for y in from..<to where crop.pixels[y * w + x] < dark { n += 1 }
                guard n * 10 >= (to - from) * 9 else { continue }
                if best.map({ abs(Double($0) - c) > abs(Double(x) - c) }) ?? true { best = x }
            }
            guard let best else { continue }
            let x0 = best - width / 2
            out.append(Tick(x0: x0, x1: x0 + width, from: from, to: to))
        }
        return out
    }

    /// A wall whose centre lies within a third of a pitch of `x`: adjacent columns with a dark run at least `minRun`
    /// long (a comb's end wall is as tall as its ticks or taller, but meets the box's edges only at a corner, so
    /// it is no tick standing on a line). Nil when none.
    static func wall(near x: Double, pitch: Double, minRun: Int, runs: [(from: Int, to: Int)], within range: Range<Int>) -> Tick? {
        let lo = max(range.lowerBound, Int((x - pitch / 3).rounded(.down))), hi = min(range.upperBound - 1, Int((x + pitch / 3).rounded(.up)))
        guard lo <= hi, minRun > 0 else { return nil }
        func tall(_ c: Int) -> Bool { runs.indices.contains(c) && runs[c].to - runs[c].from >= minRun }
        var best: Tick?
        var c = lo
        while c <= hi {
            guard tall(c) else { c += 1; continue }
            var e = c
            while e + 1 < range.upperBound, tall(e + 1) { e += 1 }
            var s = c
            while s - 1 >= range.lowerBound, tall(s - 1) { s -= 1 }
            if e - s + 1 <= max(6, Int(pitch / 4)) {
                let from = runs[s...e].map { $0.from }.min() ?? 0, to = runs[s...e].map { $0.to }.max() ?? 0
                if best.map({ abs(Double($0.x0 + $0.x1) / 2 - x) > abs(Double(s + e) / 2 - x) }) ?? true {
                    best = Tick(x0: s, x1: e, from: from, to: to)
                }
            }
            c = e + 1
        }
        return best
    }

    /// Whether columns `x0...x1` hold a glyph's worth of ink (2 px in from either side).
    static func holdsInk(_ crop: GrayImage, _ x0: Int, _ x1: Int, rows: Range<Int>) -> Bool {
        let a = max(0, x0 + 2), b = min(crop.width - 1, x1 - 2)
        guard a < b, rows.lowerBound >= 0, rows.upperBound <= crop.height else { return false }
        var n = 0
        for y in rows { for x in a...b where crop.pixels[y * crop.width + x] < dark { n += 1 } }
        return n >= max(6, (b - a + 1) * rows.count / 100)
    }

    /// Lengths of the runs of consecutive indices (`[1, 2, 3, 7, 8]` → `[3, 2]`).
    static func runs(_ indices: [Int]) -> [Int] {
        var out: [Int] = []
        for (k, i) in indices.enumerated() {
            if k > 0, indices[k - 1] + 1 == i { out[out.count - 1] += 1 } else { out.append(1) }
        }
        return out
    }

    /// `crop` (the zone as found, or its colour dropout: same geometry) with the ticks and box edges turned to paper.
    package func whitened(_ crop: GrayImage) -> GrayImage {
        let w = crop.width, h = crop.height
        var pixels = crop.pixels
        // The lines (box edges, a neighbouring box's frame) found before the ticks are whitened, which cut them.
        let lines = lineMask(crop)
        // A tick as long as most ticks: where a glyph touches a tick its dark run goes on through the glyph,
        // which must stay.
        let lengths = ticks.map { $0.to - $0.from }.sorted()
        let typical = lengths.isEmpty ? 0 : lengths[lengths.count / 2]
        let top = border, bottom = h - border
        for t in ticks {
            var (from, to) = (t.from, t.to)
            if to - from > typical + 2 {
                if to >= bottom - 2 { from = to - typical - 2 } else if from <= top + 2 { to = from + typical + 2 }
            }
            // Two pixels beyond its dark run: a tick's anti-aliased rim left as a gray dot reads as `,` or `.`.
            for x in max(0, t.x0 - 2)...min(w - 1, t.x1 + 2) {
                for y in max(0, from - 3)..<min(h, to + 2) { pixels[y * w + x] = 255 }
            }
        }
        // A hidden tick: its columns over the typical tick's rows, and a pixel either side (the glyph that touched
        // it loses a sliver of its edge; a decimal comma on the wall's foot keeps its halves either side).
        for t in hidden {
            let x0 = max(0, t.x0 - 1), x1 = min(w - 1, t.x1 + 1), y0 = max(0, t.from - 1), y1 = min(h, t.to + 1)
            guard x0 <= x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0...x1 { pixels[y * w + x] = 255 } }
        }
        // Along the lines, not where a stroke crosses them (ink on both sides: a descender, a comma hanging through
        // the bottom line): those columns stay. A glyph only standing on the line (or touching it from below) keeps
        // no piece of it: left under a comb's letters printed on the box's edge, it read as an underline. An
        // amount's comb keeps the edge under any ink (`keepsEdgeUnderGlyphs`).
        for x in 0..<w {
            var y = 0
            while y < h {
                guard lines[y * w + x] else { y += 1; continue }
                var e = y
                while e + 1 < h, lines[(e + 1) * w + x] { e += 1 }
                let above = y > 0 && pixels[(y - 1) * w + x] < Self.dark
                let below = e + 1 < h && pixels[(e + 1) * w + x] < Self.dark
                if keepsEdgeUnderGlyphs ? !above && !below : !(above && below) { for r in y...e { pixels[r * w + x] = 255 } }
                // The line's gray rim (a line a fraction of a pixel off its rows): paper too, dark ink left.
                for r in max(0, y - 2)..<min(h, e + 3) where pixels[r * w + x] >= Self.dark { pixels[r * w + x] = 255 }
                y = e + 1
            }
        }
        return GrayImage(width: w, height: h, pixels: pixels) ?? crop
    }

    /// The crop's straight horizontal lines: dark runs along a row at least two cells long (no glyph in a cell is
    /// wider than its cell), together with the rows of the edges found across the comb.
    func lineMask(_ crop: GrayImage) -> [Bool] {
        let w = crop.width, h = crop.height
        var mask = [Bool](repeating: false, count: w * h)
        let widths = cells.map { $0.x1 - $0.x0 + 1 }.sorted()
        let minRun = max(24, 2 * (widths.isEmpty ? 12 : widths[widths.count / 2]))
        // A line's rows where it straddles two (a level line drawn at a fraction of a pixel, or one levelled to
        // within a pixel) are gray, not dark: those count too — gray against the crop's paper (its median level):
        // a box whose inside is printed in a tint (darker than the paper around it on the colour dropout) would
        // otherwise be a line on every row, and whitening it took the glyphs (perturbed `Atelier Dupont SARL` read
        // as an empty comb).
        let paper = SlipCropLevels(crop, border: 0)?.level(reaching: 1, of: 2) ?? 255
        let gray = UInt8(clamping: min(200, max(Int(Self.dark), paper - 16)))
        for y in 0..<h {
            var x = 0
            while x < w {
                guard crop.pixels[y * w + x] < gray else { x += 1; continue }
                var e = x
                while e + 1 < w, crop.pixels[y * w + e + 1] < gray { e += 1 }
                if e - x + 1 >= minRun { for c in x...e { mask[y * w + c] = true } }
                x = e + 1
            }
        }
        let x0 = max(0, edgeSpan.lowerBound - 2), x1 = min(w - 1, edgeSpan.upperBound + 2)
        for y in edgeRows where y >= 0 && y < h && x0 <= x1 {
            for x in x0...x1 where crop.pixels[y * w + x] < Self.dark { mask[y * w + x] = true }
        }
        return mask
    }

    /// The cell after which an amount's decimal comma stands: the one wall between inked cells with a mark on it
    /// (a comma or point printed on the wall's foot, left in the whitened crop on either side of the tick). Nil
    /// when no wall or more than one has such a mark.
    func separatorWall(in crop: GrayImage) -> Int? {
        let w = crop.width, top = border, bottom = crop.height - border
        guard cells.count >= 3, bottom - top >= 12 else { return nil }
        let inkedCells = cells.indices.filter { inked(cells[$0], in: crop) }
        guard let first = inkedCells.first, let last = inkedCells.last, last > first else { return nil }
        var marked: [Int] = []
        for i in first..<last {
            let a = cells[i], b = cells[i + 1]
            let pitch = max(1, (b.x1 - a.x0 + 1) / 2)
            let margin = max(2, pitch / 8)
            let x0 = max(0, a.x1 - margin), x1 = min(w - 1, b.x0 + margin)
            guard x0 <= x1 else { continue }
            // The lower 45 % of the box: a comma's head sits on the baseline, its tail below it.
            let y0 = bottom - (bottom - top) * 45 / 100
            var n = 0
            for y in y0..<bottom { for x in x0...x1 where crop.pixels[y * w + x] < Self.dark { n += 1 } }
            if n >= 6 { marked.append(i) }
        }
        return marked.count == 1 ? marked[0] : nil
    }

    /// The rows between the box's top and bottom edges where the crop caught them (else the crop's inner rows).
    /// The ticks rise from the bottom edge or hang from the top one (walls run from edge to edge): the edges are
    /// the nearest caught lines at the ticks' ends.
    /// Lines are rows where long runs (`lineMask`) cover a fifth of the comb; a line's gray rim is left out too.
    func boxRows(height h: Int) -> Range<Int> {
        let froms = ticks.map(\.from).sorted(), tos = ticks.map(\.to).sorted()
        guard !froms.isEmpty, lineRows.count == h else { return border..<(h - border) }
        let from = froms[froms.count / 2], to = tos[tos.count / 2]
        let rows = lineRows.indices.filter { lineRows[$0] }
        let top = rows.filter { $0 <= from + 3 }.max().map { $0 + 2 } ?? border
        let bottom = rows.filter { $0 >= to - 4 && $0 > top }.min().map { $0 - 1 } ?? (h - border)
        return bottom - top >= 12 ? top..<bottom : border..<(h - border)
    }

    /// Whether the cell holds ink (in the whitened crop): a few dark pixels away from its walls.
    func inked(_ cell: (x0: Int, x1: Int), in crop: GrayImage) -> Bool {
        let w = crop.width
        let x0 = max(0, cell.x0 + 2), x1 = min(w - 1, cell.x1 - 2)
        guard x1 > x0 else { return false }
        var n = 0
        let rows = boxRows(height: crop.height)
        for y in rows where y >= 0 && y < crop.height {
            for x in x0...x1 where crop.pixels[y * w + x] < Self.dark { n += 1 }
        }
        return n >= max(6, (x1 - x0 + 1) * rows.count / 100)
    }
}
