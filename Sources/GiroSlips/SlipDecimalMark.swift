import GiroImaging

/// The decimal separator of an amount that the OCR dropped. Printed in comb cells, the comma or point often stands
/// on a cell wall or in the gap between two cells, set apart from every digit; read as one line with the digit
/// whitelist, Tesseract then leaves it out (`1 0 2,3 5` → `10235`). (One set apart by a space, `=4.054, 86`, is
/// closed up where every amount is parsed: `SlipAmountUnits.closingCents`.)
package enum SlipDecimalMark {
    /// `line` with its separator put back: for a line of digits and fill marks only, a comma inserted before the
    /// last two digits when `crop` shows exactly one comma- or point-sized mark on the baseline with two digits right of it. Nil when
    /// nothing is to be repaired or the crop does not say where the separator is.
    package static func repaired(_ line: String, crop: GrayImage?) -> String? {
        let fill: Set<Character> = ["=", "*", "#", "-", " "]
        let digits = line.filter { $0.isASCII && $0.isNumber }
        guard digits.count >= 3, line.allSatisfy({ ($0.isASCII && $0.isNumber) || fill.contains($0) }),
              let crop, let cents = digitsAfterMark(crop, digitCount: digits.count), cents == 2 else { return nil }
        return String(digits.dropLast(2)) + "," + String(digits.suffix(2))
    }

    /// How many digit-sized glyphs stand right of the one separator mark in `crop`; nil unless there are exactly
    /// `digitCount` digit-sized glyphs and exactly one mark: a small blob in the gap between two of them, its top in
    /// the lower 40 % of the digits and its foot on or below their baseline (a comma on a box's bottom line hangs below it). Comb ticks rising from the box's
    /// bottom come at every cell, so more than one mark means none is trusted.
    static func digitsAfterMark(_ crop: GrayImage, digitCount: Int) -> Int? {
        let runs = SlipFillMarks.glyphRuns(crop).filter { $0.ink >= 3 }
        guard let tallest = runs.map(\.height).max(), tallest >= 10 else { return nil }
        let tall = runs.filter { $0.height * 10 >= tallest * 7 }
        guard tall.count == digitCount, tall.count >= 3 else { return nil }
        let capTop = tall.map(\.top).sorted()[tall.count / 2]
        let baseline = tall.map(\.bottom).sorted()[tall.count / 2]
        let cap = Double(baseline - capTop)
        let widths = tall.map { $0.end - $0.start }.sorted()
        let digitWidth = Double(widths[widths.count / 2])
        guard cap >= 10, let first = tall.first, let last = tall.last else { return nil }
        let marks = runs.filter { r in
            r.start >= first.end && r.end <= last.start
                && Double(r.height) <= 0.5 * cap && Double(r.height) >= 0.08 * cap
                && Double(r.end - r.start) <= 0.6 * digitWidth
                && Double(r.top - capTop) >= 0.6 * cap
                && Double(r.bottom - baseline) >= -0.1 * cap && Double(r.bottom - baseline) <= 0.6 * cap
        }
        guard marks.count == 1, let mark = marks.first else { return nil }
        return tall.count { $0.start >= mark.end }
    }
}
