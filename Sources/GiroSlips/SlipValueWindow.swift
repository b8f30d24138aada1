import GiroImaging

/// The window of a zone crop a value is read from: the placed box, grown where the value's ink runs over its
/// edge. A form drawn a little larger than the template, or placed a millimetre off, cuts the value's glyphs at
/// the box's bottom or right edge (`5` read as `3`, a cut `8` as `0`); the box is grown there until a paper gap
/// or a frame line, within the margin rectified around it. A box whose ink does not touch an edge is kept as is.
package enum SlipValueWindow {
    package struct Window: Sendable, Equatable {
        package var x0: Int, y0: Int, x1: Int, y1: Int   // half-open, crop pixels
    }

    static let dark: UInt8 = 128
    /// Gray under which a blurred frame line's pixels count for it (`faintFrame`).
    static let faint: UInt8 = 200

    /// `inner`: the placed box inside `crop`; `limit`: the rectified area (the crop without its white border).
    /// `reach`: how far (pixels) a cut glyph may run on above or below the box.
    /// `frames`: the same area where the form's lines are still printed (the original where `crop` is its colour
    /// dropout): a comb's walls are told from there.
    /// `crossWalls`: false for a box of fixed short length (a reference's model): its end wall ends it.
    /// `cutAtTop`: the share of a value's glyphs that must lie inside a box cutting them at its top (a half; a
    /// third on a photo: see `SlipReader.photoCutShare`).
    package static func grown(_ crop: GrayImage, frames: GrayImage? = nil, inner: Window, limit: Window, reach: Int,
                              crossWalls: Bool = true, cutAtTop share: Int = 2) -> Window {
        let w = crop.width
        guard crop.pixels.count == w * crop.height, inner.x1 > inner.x0, inner.y1 > inner.y0,
              limit.x0 <= inner.x0, limit.y0 <= inner.y0, limit.x1 >= inner.x1, limit.y1 >= inner.y1,
              limit.x1 <= w, limit.y1 <= crop.height else { return inner }
        let lines = frames.flatMap { $0.width == w && $0.height == crop.height ? $0.pixels : nil } ?? crop.pixels
        var win = inner
        crop.pixels.withUnsafeBufferPointer { p in
            func rowInk(_ y: Int) -> Int {
                var n = 0
                for x in win.x0..<win.x1 where p[y * w + x] < dark { n += 1 }
                return n
            }
            func colInk(_ x: Int) -> Int {
                var n = 0
                for y in win.y0..<win.y1 where p[y * w + x] < dark { n += 1 }
                return n
            }
            func frameInk(_ x: Int) -> Int {
                var n = 0
                for y in win.y0..<win.y1 where lines[y * w + x] < dark { n += 1 }
                return n
            }
            // Rows: ink on an edge row that is no frame line runs on past it.
            var width: Int { win.x1 - win.x0 }
            func rowInked(_ y: Int) -> Bool { let n = rowInk(y); return n >= max(2, width / 300) && n * 10 < width * 6 }
            func rowFrame(_ y: Int) -> Bool { rowInk(y) * 10 >= width * 6 }
            // Only the cut glyphs are completed: a gap of more than a few rows (a caron or ring above its letter
            // is crossed) ends the growth, before a label or a neighbouring line joins the value.
            let rowGap = max(2, reach / 6)
            func extend(from start: Int, step: Int, bound: Int) -> Int? {
                var y = start, last: Int? = nil, gap = 0
                while (step < 0 ? y >= bound : y < bound), gap <= rowGap, !rowFrame(y) {
                    if rowInked(y) { last = y; gap = 0 } else { gap += 1 }
                    y += step
                }
                return last
            }
            // The ink run from the edge into the box: a value the box cuts at its bottom has at least a third of
            // its glyphs inside, at its top (where the line above, or a label, dips in) at least half (`share`); a
            // neighbouring line that only dips into the box has less.
            func inside(from start: Int, step: Int) -> Int {
                var y = start, n = 0
                while y >= win.y0, y < win.y1, rowInked(y) { n += 1; y += step }
                return n
            }
            func growRows() {
                let (topIn, bottomIn) = (inside(from: win.y0, step: 1), inside(from: win.y1 - 1, step: -1))
                if topIn > 0, let top = extend(from: win.y0 - 1, step: -1, bound: max(limit.y0, win.y0 - reach)),
                   topIn * share >= topIn + (win.y0 - top) {
                    win.y0 = max(limit.y0, top - 2)
                }
                if bottomIn > 0, let bottom = extend(from: win.y1, step: 1, bound: min(limit.y1, win.y1 + reach)),
                   bottomIn * 2 >= bottom - win.y1 {
                    win.y1 = min(limit.y1, bottom + 3)
                }
            }
            growRows()
            // Columns: a value cut at the box's left or right edge runs on until a gap wider than a character
            // pair (1.5 line heights) or a frame line (a column dark over most of the line) — rightwards, a comb's
            // cell walls between its glyphs are crossed (the last cells of a comb longer than the template's box).
            let height = win.y1 - win.y0
            func colInked(_ x: Int) -> Bool { let n = colInk(x); return n >= 2 && n * 20 < height * 17 }
            func colFrame(_ x: Int) -> Bool { colInk(x) * 20 >= height * 17 || frameInk(x) * 20 >= height * 17 }
            // A scan's blurred frame line: gray, not dark, over most of the rows.
            func faintFrame(_ x: Int) -> Bool {
                var n = 0
                for y in win.y0..<win.y1 where p[y * w + x] < faint || lines[y * w + x] < faint { n += 1 }
                return n * 20 >= height * 17
            }
            let colGap = max(4, height * 3 / 2)
            // The gap already open at the edge counts: a comb's wide letter spacing cut between two letters.
            // `walls`: a comb's cell wall (a thin frame line with a glyph before it) is crossed when the next glyph
            // follows it as closely as the last one preceded it (a glyph sits in the middle of its cell); paper
            // wider than that after it, or a second frame line before the next glyph, is the box's end.
            func extendX(from start: Int, step: Int, bound: Int, gap open: Int, walls: Bool = false, faintFrames: Bool = false) -> Int? {
                var x = start, last: Int? = nil, gap = open, inkSinceWall = true
                var padAfter: Int? = nil, sinceWall = 0   // paper allowed after the wall just crossed, and seen
                while (step < 0 ? x >= bound : x < bound), gap <= colGap, !(faintFrames && faintFrame(x)) {
                    if colFrame(x) {
                        guard walls, inkSinceWall else { break }
                        var e = x
                        while (step < 0 ? e - 1 >= bound : e + 1 < bound), colFrame(e + step) { e += step }
                        guard abs(e - x) + 1 <= max(4, height / 8) else { break }
                        (padAfter, sinceWall) = (2 * gap + 4, 0)
                        gap += abs(e - x) + 1
                        inkSinceWall = false
                        x = e + step
                        continue
                    }
                    if colInked(x) {
                        last = x; gap = 0; inkSinceWall = true; padAfter = nil
                    } else {
                        gap += 1
                        sinceWall += 1
                        if let p = padAfter, sinceWall > p { break }
                    }
                    x += step
                }
                return last
            }
            let span = (win.x0..<win.x1)
            if let lastIn = span.reversed().first(where: colInked), win.x1 - 1 - lastIn < colGap,
               let right = extendX(from: win.x1, step: 1, bound: limit.x1, gap: win.x1 - 1 - lastIn, walls: crossWalls) {
                win.x1 = min(limit.x1, right + 4)
            }
            // Leftwards a glyph cut at the edge itself runs on a little (values start at their box's left, where a
            // frame's remains would otherwise join the value); a box starting between a spaced value's letters, below.
            let leftBound = max(limit.x0, win.x0 - 2 * reach)
            // A column's ink from its top to its bottom row, nil without ink.
            func inkSpan(_ x: Int) -> ClosedRange<Int>? {
                var top: Int? = nil, bottom = 0
                for y in win.y0..<win.y1 where p[y * w + x] < dark { if top == nil { top = y }; bottom = y }
                return top.map { $0...bottom }
            }
            func inkRows(_ x: Int) -> Int? { inkSpan(x).map(\.count) }
            // The rows a run of inked columns from `x` covers.
            func runSpan(from x: Int) -> ClosedRange<Int>? {
                var end = x, spans: [ClosedRange<Int>] = []
                while end < win.x1, colInked(end) { if let s = inkSpan(end) { spans.append(s) }; end += 1 }
                guard let top = spans.map(\.lowerBound).min(), let bottom = spans.map(\.upperBound).max() else { return nil }
                return top...bottom
            }
            // The comb's end wall (or a frame's gray remains) taller than every glyph, thin, alone: the window
            // starts after it (a wall read with the value broke its comb reading: `5000 0567 8901 2345` read
            // `0567 8901 2345`). A thin first letter (`I`) is no taller than the rest and stays.
            func wallSkipped(from x0: Int) -> Int {
                var end = x0
                while end < win.x1, colInked(end) { end += 1 }
                guard end - x0 <= max(4, height / 8), end < win.x1,
                      let wall = (x0..<end).compactMap(inkRows).max() else { return x0 }
                let glyphs = (end..<win.x1).compactMap(inkRows).max() ?? 0
                guard wall * 20 >= glyphs * 23 else { return x0 }
                var next = end
                while next < win.x1, !colInked(next) { next += 1 }
                return max(end, next - 3)
            }
            if (win.x0..<min(win.x1, win.x0 + 3)).contains(where: colInked) {
                if let left = extendX(from: win.x0 - 1, step: -1, bound: leftBound, gap: colGap - reach / 4) {
                    win.x0 = max(limit.x0, left - 3)
                }
            } else if let firstIn = span.first(where: colInked), firstIn - win.x0 < colGap,
                      let left = extendX(from: win.x0 - 1, step: -1, bound: leftBound, gap: firstIn - win.x0, faintFrames: true),
                      let first = runSpan(from: firstIn), let found = runSpan(from: left),
                      2 * (min(first.upperBound, found.upperBound) - max(first.lowerBound, found.lowerBound) + 1) >= first.count {
                // A box placed into a spaced value (a comb's letters a cell apart, its ticks dropped with the form's
                // colour) begins between two letters: the letters left of it, no frame line between, are the
                // value's first (perturbed renders: `Amra Hodžić` read `ra Hodžić`). A frame line still ends it
                // (no wall is crossed leftwards: the box before holds another field), a scan's gray one too. The
                // ink found must stand on the value's rows (half the first glyph's): a label under the box dipping
                // into the window is no letter of it.
                win.x0 = max(limit.x0, wallSkipped(from: left) - 3)
            }

        }
        return win
    }

    /// The window's pixels with a white `border` around them.
    package static func cut(_ crop: GrayImage, _ win: Window, border: Int) -> GrayImage? {
        let cw = win.x1 - win.x0, ch = win.y1 - win.y0
        guard cw > 0, ch > 0, win.x0 >= 0, win.y0 >= 0, win.x1 <= crop.width, win.y1 <= crop.height else { return nil }
        let w = cw + 2 * border, h = ch + 2 * border
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<ch {
            let src = (win.y0 + y) * crop.width + win.x0, dst = (border + y) * w + border
            for x in 0..<cw { out[dst + x] = crop.pixels[src + x] }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
