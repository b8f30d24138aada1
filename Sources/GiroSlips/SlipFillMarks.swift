import GiroImaging

/// Fill marks before a printed amount (`***1.234,50` on the UPN form): protection against additions, not part of
/// the number. Tesseract reads the line worse with them: at 300 dpi `***1.234,50` comes back `***1,234,50`, whose
/// separators form no amount, while the same crop with the marks whitened reads `1.234,50` at every scale tried.
package enum SlipFillMarks {
    /// The crop with its leading fill marks whitened: glyphs before the first digit-sized one that float in the
    /// upper part of the line (asterisks). A minus or dash sits at mid-height and stays. Nil when there is none.
    package static func blankingLeading(_ crop: GrayImage) -> GrayImage? {
        let runs = glyphRuns(crop)
        guard let tallest = runs.map(\.height).max(), tallest >= 8 else { return nil }
        let tall = runs.filter { $0.height * 10 >= tallest * 7 }
        guard !tall.isEmpty else { return nil }
        // The digits' cap line and baseline (medians, so a comma's tail or one odd glyph does not move them).
        let capTop = tall.map(\.top).sorted()[tall.count / 2]
        let baseline = tall.map(\.bottom).sorted()[tall.count / 2]
        let capHeight = baseline - capTop
        guard capHeight >= 8 else { return nil }
        var marks: [GlyphRun] = []
        for run in runs {
            let speck = run.ink < 4
            // Top in the upper third of the cap height, bottom above 70 % of it, and not a speck (asterisk:
            // 0–58 % in DejaVu Sans Mono at 300 dpi).
            let c = Double(capHeight)
            let floating = Double(run.top - capTop) <= 0.35 * c && Double(run.bottom - capTop) <= 0.7 * c && Double(run.height) >= 0.2 * c
            guard speck || floating else { break }
            if floating { marks.append(run) }
        }
        guard !marks.isEmpty, marks.count < runs.count else { return nil }
        var pixels = crop.pixels
        for run in marks {
            for y in 0..<crop.height { for x in run.start..<run.end where y * crop.width + x < pixels.count { pixels[y * crop.width + x] = 255 } }
        }
        return GrayImage(width: crop.width, height: crop.height, pixels: pixels)
    }

    struct GlyphRun {
        var start: Int, end: Int, top: Int, bottom: Int, ink: Int
        var height: Int { bottom - top + 1 }
    }

    /// Left to right, the runs of columns holding ink (< 128), each with the rows its ink spans.
    static func glyphRuns(_ image: GrayImage) -> [GlyphRun] {
        let w = image.width, h = image.height, p = image.pixels
        guard p.count == w * h else { return [] }
        var runs: [GlyphRun] = []
        var current: GlyphRun?
        for x in 0..<w {
            var top = -1, bottom = -1, ink = 0
            for y in 0..<h where p[y * w + x] < 128 {
                if top < 0 { top = y }
                bottom = y
                ink += 1
            }
            if ink == 0 {
                if let c = current { runs.append(c); current = nil }
            } else if var c = current {
                c.end = x + 1; c.top = min(c.top, top); c.bottom = max(c.bottom, bottom); c.ink += ink
                current = c
            } else {
                current = GlyphRun(start: x, end: x + 1, top: top, bottom: bottom, ink: ink)
            }
        }
        if let c = current { runs.append(c) }
        return runs
    }
}
