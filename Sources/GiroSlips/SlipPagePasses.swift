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

    /// Whether a sheet is read for the page's slips before (and mostly instead of) the whole page: one that covers
    /// a fifth of the image (a slip photographed whole), or paper lying on a much darker ground (a table: a slip
    /// photographed from farther off, 10–20 % of the picture, whose print the whole page reads at a fraction of
    /// the sheet's resolution and with its perspective). A box printed on a form (a scan's white boxes) lies on
    /// paper of about its own brightness.
    static func standsForPage(_ paper: PaperQuad, in image: GrayImage) -> Bool {
        areaShare(paper.corners, width: image.width, height: image.height) >= sheetCoverageForPage
            || paper.brighterThanBackground && backgroundRatio(paper, in: image) <= tableRatio
    }

    /// The surroundings' gray over the paper's (`backgroundRatio`) at most, for a sheet lying on a table: the
    /// development and perturbed seed-1 photos 0.10–0.38; a box printed on a form's paper, about 1.
    static let tableRatio = 0.55

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

extension SlipReader {
    /// Samples per side of a sheet when its surroundings are compared with its paper.
    static let edgeSamples = 24

    /// The median gray just outside a sheet's sides over the median just inside (a twentieth of its short side
    /// either way): about 0.3 for paper on a table, near 1 for a box printed on a form's paper.
    static func backgroundRatio(_ paper: PaperQuad, in image: GrayImage) -> Double {
        let c = paper.corners
        guard c.count == 4, image.width > 0, image.height > 0 else { return 1 }
        let (w, h) = paper.size
        let d = min(w, h) / 20
        let cx = c.reduce(0) { $0 + $1.x } / 4, cy = c.reduce(0) { $0 + $1.y } / 4
        var inside: [UInt8] = [], outside: [UInt8] = []
        func gray(_ x: Double, _ y: Double) -> UInt8? {
            guard x.isFinite, y.isFinite, x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else { return nil }
            return image.pixels[Int(y) * image.width + Int(x)]
        }
        for (a, b) in zip(c, c.dropFirst() + [c[0]]) {
            let mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2
            let nx = cx - mx, ny = cy - my
            let n = (nx * nx + ny * ny).squareRoot()
            guard n > 1e-9 else { continue }
            let ux = nx / n * d, uy = ny / n * d
            for k in 0..<edgeSamples {
                let t = 0.1 + 0.8 * Double(k) / Double(edgeSamples - 1)
                let px = a.x + (b.x - a.x) * t, py = a.y + (b.y - a.y) * t
                if let v = gray(px + ux, py + uy) { inside.append(v) }
                if let v = gray(px - ux, py - uy) { outside.append(v) }
            }
        }
        guard !inside.isEmpty, !outside.isEmpty else { return 1 }
        let i = inside.sorted()[inside.count / 2], o = outside.sorted()[outside.count / 2]
        return Double(o) / Double(max(i, 1))
    }
}
