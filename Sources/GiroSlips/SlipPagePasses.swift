import Foundation
import GiroCore
import GiroImaging
import GiroOCR

// When the image path reads a page or sheet again (time: each sparse pass costs 0.5–0.8 s of CPU).
extension SlipReader {
    /// A sheet covering at least this share of the image that gave an unknown slip stands for the page: no
    /// whole-page pass after it (a slip photographed whole covers 30–60 %).
    static let sheetCoverageForPage = 0.2

    /// Whether an English pass read little it was sure of — Cyrillic print read as English — so a pass in the
    /// Cyrillic templates' languages is worth its time: under 30 % of the words of 3+ letters at confidence ≥ 0.8
    /// (own renders and the development sample: Latin forms 0.54–0.89, Cyrillic ones 0.07–0.13), or under 5 such
    /// words at all.
    static func looksNonLatin(_ page: PageWords) -> Bool {
        let long = page.words.filter { w in w.text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count >= 3 }
        guard long.count >= 5 else { return true }
        let sure = long.filter { ($0.confidence ?? 0) >= 0.8 }.count
        return sure * 100 < long.count * 30
    }

    /// The share of the image a sheet's quadrilateral covers (shoelace area over the image's).
    static func areaShare(_ corners: [QuadPoint], width: Int, height: Int) -> Double {
        guard corners.count >= 3, width > 0, height > 0 else { return 0 }
        var twice = 0.0
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) { twice += a.x * b.y - b.x * a.y }
        let share = abs(twice) / 2 / (Double(width) * Double(height))
        return share.isFinite ? min(share, 1) : 0
    }

    /// How much unknown slips read: their accounts, amounts and references (which of two passes found more).
    static func evidence(_ unknown: [SlipReading]) -> Int {
        unknown.reduce(0) { n, r in
            n + (r.record.creditor?.account == nil ? 0 : 1) + (r.record.amount == nil ? 0 : 1) + (r.record.reference == nil ? 0 : 1)
        }
    }

    /// Words a sheet's English pass must read to be worth a Cyrillic pass: a form prints a dozen labels or more;
    /// a box of the form holds a few values.
    static let formWords = 8

    /// Longest side over shortest side of a sheet that can hold a slip: slips are 1.4–2.2 (A4 bills, A5, 210 ×
    /// 99 mm forms), a SEPA payment block 3; longer strips are a form's boxes or a torn-off edge.
    static let maxSheetAspect = 3.5

    static func maySheetHoldSlip(_ paper: PaperQuad) -> Bool {
        let (w, h) = paper.size
        guard w > 0, h > 0 else { return false }
        return max(w, h) / min(w, h) <= maxSheetAspect
    }

    /// Whether a located form covers the sheet's centre (the sheet is a box printed on that form).
    static func holds(_ match: SlipMatch, _ paper: PaperQuad) -> Bool {
        guard !paper.corners.isEmpty, let inverse = match.transform.inverse() else { return false }
        let n = Double(paper.corners.count)
        let centre = SlipPoint(x: paper.corners.reduce(0) { $0 + $1.x } / n, y: paper.corners.reduce(0) { $0 + $1.y } / n)
        let p = inverse.apply(centre)
        return p.x >= 0 && p.y >= 0 && p.x <= match.template.width && p.y <= match.template.height
    }
}

extension SlipReader {
    /// The forms found with the form's colour darkened (`GrayImage.formInk`): on the sheets of a photo (`papers`),
    /// else on the whole page. Nil when none is found (the first passes' unknown slips stand).
    func locateInFormInk(_ image: GrayImage, values: GrayImage, papers: [PaperQuad], engine: some OCREngine,
                         options: SlipImageOptions, deadline: ContinuousClock.Instant,
                         timings: inout SlipImageTimings) throws(GiroError) -> [Located]? {
        guard let ink = image.formInk(dropout: values) else { return nil }
        let found = papers.isEmpty
            ? try locateOnPage(ink, engine: engine, options: options, deadline: deadline, afterSheet: true, timings: &timings).located
            : try locateOnSheets(papers, in: ink, engine: engine, options: options, deadline: deadline, timings: &timings).located
        let known = found.filter { $0.match.template.id != Self.genericClass }
        return known.isEmpty ? nil : known
    }
}
