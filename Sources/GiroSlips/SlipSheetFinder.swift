import Foundation
import GiroCore
import GiroImaging
import GiroOCR

// Finding the slips on an image: sheets of paper on a background, and the sparse page pass that reads their labels.
extension SlipReader {
    typealias Located = (match: SlipMatch, page: PageWords)

    /// The sheets of paper found in the image (photos) that may hold a slip.
    func findSheets(_ image: GrayImage, timings: inout SlipImageTimings) -> [PaperQuad] {
        let t0 = ContinuousClock.now
        defer { timings.paperSearch += ContinuousClock.now - t0 }
        return QuadDetector().detect(image).filter(Self.maySheetHoldSlip)
    }

    /// The forms on `papers`, each sheet read rectified, and the unknown slips the sheets without a form hold.
    /// A sheet whose centre lies on a form already `located` is skipped (a box of that form).
    func locateOnSheets(_ papers: [PaperQuad], in image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                        deadline: ContinuousClock.Instant, located already: [Located] = [],
                        timings: inout SlipImageTimings) throws(GiroError) -> (located: [Located], unknown: [SlipReading], standsForPage: Bool) {
        var located: [Located] = []
        var unknown: [SlipReading] = []
        var standsForPage = false
        for paper in papers where already.count + located.count < maxSlipsPerPage && ContinuousClock.now < deadline {
            if (already + located).contains(where: { Self.holds($0.match, paper) }) { continue }
            timings.papers += 1
            standsForPage = standsForPage || Self.standsForPage(paper, in: image)
            // Each sheet's first pass gets what is left of the budget.
            var left = options
            left.budgetMilliseconds = (deadline - ContinuousClock.now).budgetMilliseconds
            located += try locate(on: paper, in: image, engine: engine, options: left, timings: &timings, unknown: &unknown)
        }
        return (located, unknown, standsForPage)
    }

    /// The forms and unknown slips of the whole page, from its sparse page pass.
    /// `afterSheet`: a large sheet was read already (with its own Cyrillic pass when it looked non-Latin).
    func locateOnPage(_ image: GrayImage, engine: some OCREngine, options: SlipImageOptions, deadline: ContinuousClock.Instant,
                      afterSheet: Bool = false, timings: inout SlipImageTimings) throws(GiroError) -> (located: [Located], unknown: [SlipReading]) {
        let t0 = ContinuousClock.now
        var page = try firstPass(image, engine: engine, options: options)
        SlipClassTrace.words("page", page)
        var found = locateSlips(words: page)
        // The English pass cannot read Cyrillic labels (the Serbian налог): when it found no form and a template
        // is labelled in Cyrillic, the page is read once more in those templates' languages — unless the English
        // words look Latin and already gave a slip with an account or amount, or a large sheet of this print was
        // read already (the pass would cost 0.6–0.8 s and read Latin print worse). The Cyrillic reading replaces
        // the English one only when it finds more.
        if found.forms.isEmpty, !cyrillicLanguages.isEmpty, ContinuousClock.now < deadline,
           Self.looksNonLatin(page) || (Self.evidence(found.unknown) == 0 && !afterSheet) {
            let cyrillic = try firstPass(image, engine: engine, options: options, languages: cyrillicLanguages)
            SlipClassTrace.words("page, Cyrillic", cyrillic)
            let again = locateSlips(words: cyrillic)
            if !again.forms.isEmpty || Self.evidence(again.unknown) > Self.evidence(found.unknown)
                || found.unknown.isEmpty && !again.unknown.isEmpty {
                (page, found) = (cyrillic, again)
            }
        }
        timings.firstPass += ContinuousClock.now - t0
        return (found.forms.map { ($0.match, page) }, found.unknown)
    }

    /// The slips on one sheet found in the image: the sheet is rectified upright (perspective gone, light
    /// flattened), its labels read there, and every fit composed with the rectification so it maps the form onto
    /// the original image. When the form's corners land on the sheet's (the sheet is the slip), the four corners
    /// themselves give the exact perspective.
    func locate(on paper: PaperQuad, in image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                timings: inout SlipImageTimings, unknown: inout [SlipReading]) throws(GiroError) -> [Located] {
        let (w, h) = paper.size
        let long = max(w, h)
        guard long >= 64 else { return [] }
        // Enlarged at most 4× (labels of a small or low-resolution photo reach Tesseract's x-height), shrunk to
        // `paperSide` (speed).
        let scale = min(4, Double(options.paperSide) / long)
        let t0 = ContinuousClock.now
        defer { timings.firstPass += ContinuousClock.now - t0 }
        let deadline = t0 + .milliseconds(options.budgetMilliseconds)
        // A photo enlarged to `paperSide` is sharpened (its blur grew with it).
        let enlarged = scale > 1
        guard let first = Self.rectifiedSheet(paper, in: image, scale: scale, sharpened: enlarged) else { return [] }
        var toImage = first.toImage
        var page = try sheetWords(first.flat, engine: engine, options: options)
        SlipClassTrace.words("sheet \(Int(w))x\(Int(h)) at \(scale)", page)
        var forms = locateSlips(words: page).forms.map(\.match)
        // Cyrillic labels (the Serbian налог) are read on the sheet too, when the English pass read no form and
        // little it was sure of (a Latin form reads most of its words at ≥ 0.8; Cyrillic read as English ≤ 0.15),
        // among enough words to be a form's labels (not a box of a few values).
        if forms.isEmpty, !cyrillicLanguages.isEmpty, page.words.count >= Self.formWords, Self.looksNonLatin(page),
           ContinuousClock.now < deadline {
            var left = options
            left.budgetMilliseconds = (deadline - ContinuousClock.now).budgetMilliseconds
            let cyrillic = try sheetWords(first.flat, engine: engine, options: left, languages: cyrillicLanguages)
            SlipClassTrace.words("sheet, Cyrillic", cyrillic)
            let found = locateSlips(words: cyrillic).forms.map(\.match)
            if !found.isEmpty { (page, forms) = (cyrillic, found) }
        }
        var mapped = Self.mapped(page, by: toImage, onto: image)
        // No form among a form's worth of words: the labels (6–7 pt on a slip ~210 mm wide, 8–12 px high at
        // `paperSide`) were too small for Tesseract, which skips or garbles them while it reads the larger values.
        // The sheet is read once more, larger (Tesseract reads interpolated small print better than small print);
        // that reading is kept when it finds a form, or an unknown slip with more evidence. (Reading the larger
        // copy also thresholded by each pixel's neighbourhood found no further form on the development and
        // perturbed photos, for another second: not done.)
        // Also where the only forms found are widened fits (`SlipClassifier.widenedMatch`, labels each some
        // millimetres off): the larger reading may fit the form strictly, and then places its zones better.
        let onlyWidened = !forms.isEmpty && forms.allSatisfy(\.widened)
        if forms.isEmpty || onlyWidened, page.words.count >= Self.formWords, ContinuousClock.now < deadline,
           case let larger = min(4, scale * Self.smallPrintScale), larger * larger * w * h <= Double(Self.maxSheetPixels),
           let big = Self.rectifiedSheet(paper, in: image, scale: larger, sharpened: enlarged) {
            var left = options
            left.budgetMilliseconds = (deadline - ContinuousClock.now).budgetMilliseconds
            let words = try sheetWords(big.flat, engine: engine, options: left)
            SlipClassTrace.words("sheet at \(larger)", words)
            let found = locateSlips(words: words).forms.map(\.match)
            let onImage = Self.mapped(words, by: big.toImage, onto: image)
            if onlyWidened {
                if !found.isEmpty, !found.allSatisfy(\.widened) { (page, forms, mapped, toImage) = (words, found, onImage, big.toImage) }
            } else if !found.isEmpty
                || Self.evidence(locateSlips(words: onImage).unknown) > Self.evidence(locateSlips(words: mapped).unknown) {
                (page, forms, mapped, toImage) = (words, found, onImage, big.toImage)
            }
        }
        // A sheet that holds no known form may hold an unknown one: read from its words in image coordinates.
        if forms.isEmpty, reportsUnknownSlips {
            unknown += locateSlips(words: mapped).unknown
        }
        let rectify = SlipTransform(homography: toImage)
        forms = forms.map { Self.framedBySheet($0, width: page.width, height: page.height) }
        return forms.compactMap { m in
            guard var t = SlipTransform.compose(rectify, m.transform) else { return nil }
            let form = [(0.0, 0.0), (m.template.width, 0.0), (m.template.width, m.template.height), (0.0, m.template.height)]
                .map { SlipPoint(x: $0.0, y: $0.1) }
            let onImage = form.map(t.apply)
            let tolerance = 3 * max(t.scale, 1e-9)   // 3 mm
            if zip(onImage, paper.corners).allSatisfy({ abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }),
               let exact = Homography.mapping(form.map { QuadPoint(x: $0.x, y: $0.y) }, to: paper.corners) {
                t = SlipTransform(homography: exact)
            }
            var match = m
            match.transform = t
            // The labels found, like the words, in the image's pixels: label placement, form parts and the amount
            // search measure them against the composed fit and the mapped words.
            match.anchors = m.anchors.map { Self.mapped($0, words: mapped) }
            match.hits = m.hits.map { Self.mapped($0, words: mapped) }
            return (match, mapped)
        }
    }

    /// How far a sheet's proportions (rectified: its sides' mean lengths) may differ from a form's for the sheet to
    /// be taken as the form's paper: perspective foreshortens the mean sides by some per cent, and a slip is cut
    /// a few millimetres off its printed size.
    static let sheetAspectTolerance = 0.1

    /// A form found on a rectified sheet (`width` × `height` pixels) whose proportions are the form's: the sheet's
    /// edges are the form's, so the form filling the sheet is its exact perspective. Taken where more of the
    /// labels found agree with it than with the fit they gave (as many: when they agree more closely), none of
    /// that fit's required labels lost: a fit of a few labels can pair a main part's label with the receipt's
    /// copy and shrink the form; the paper's edges, found on the pixels, are not fooled by repeated print.
    static func framedBySheet(_ m: SlipMatch, width: Int, height: Int) -> SlipMatch {
        let t = m.template
        guard width > 0, height > 0, t.width > 0, t.height > 0 else { return m }
        let sheetAspect = Double(width) / Double(height), formAspect = t.width / t.height
        guard abs(sheetAspect / formAspect - 1) <= sheetAspectTolerance else { return m }
        let frame = SlipTransform(a: Double(width) / t.width, b: 0, c: 0, d: 0, e: Double(height) / t.height, f: 0)
        let mm = t.anchors.map(SlipClassifier.reference)
        let centre = SlipPoint(x: t.width / 2, y: t.height / 2)
        let (onFrame, frameError) = SlipClassifier.consensus(frame, all: m.hits, mm: mm, pivot: centre)
        let (onFit, fitError) = SlipClassifier.consensus(m.transform, all: m.hits, mm: mm, pivot: centre)
        let required = t.anchors.indices.filter { t.anchors[$0].required }
        guard onFrame.count >= min(t.minAnchors, m.anchors.count),
              onFrame.count > onFit.count || (onFrame.count == onFit.count && frameError <= fitError),
              required.allSatisfy({ r in !m.anchors.contains { $0.anchor == r } || onFrame.contains { $0.anchor == r } })
        else { return m }
        var out = m
        out.transform = frame
        out.anchors = onFrame
        return out
    }

    /// How much larger a sheet is read again when its first reading found no form (1.5×: the labels of the red
    /// and orange Swiss slips, the Czech and Slovak poukázky and the UK giro credit, photographed whole, then read
    /// at 13–16 px; 2× read no more and costs Tesseract another third).
    static let smallPrintScale = 1.5

    /// Pixels of a rectified sheet at most (`GrayImage.rectified` refuses more).
    static let maxSheetPixels = 16_000_000

    /// White around a rectified sheet (pixels): print touching the image edge (a slip's title on its top edge, the
    /// sheet cut at the paper's edge) is what Tesseract misreads most.
    static let sheetBorder = 24

    /// A photo's blur (pixels of the photo) the rectified sheet is sharpened against, magnified with the sheet.
    static let sheetBlur = 1.1
    /// How strongly (unsharp masking's amount).
    static let sheetSharpening = 1.5

    /// The sheet rectified upright at `scale`, flattened (and sharpened), and the map from it onto the image.
    /// `sharpened`: the photo was enlarged to `paperSide` (a slip photographed from farther off): its blur of about a
    /// pixel grows with the enlargement, and a light form colour's thin labels fade into the paper. A sheet shrunk
    /// to `paperSide` is sharp enough (development photos read at 0.86–0.99× lost fields and a class sharpened,
    /// also on their 1.5× copy).
    static func rectifiedSheet(_ paper: PaperQuad, in image: GrayImage, scale: Double, sharpened: Bool) -> (flat: GrayImage, toImage: Homography)? {
        let (w, h) = paper.size
        guard let (upright, toImage) = image.rectified(paper.corners, width: Int((w * scale).rounded()), height: Int((h * scale).rounded()))
        else { return nil }
        let flat = upright.flattened()
        return (sharpened ? flat.sharpened(sigma: sheetBlur * scale, amount: sheetSharpening) : flat, toImage)
    }

    /// A rectified sheet's sparse words, read framed in white, in the sheet's coordinates.
    func sheetWords(_ sheet: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                    languages: [String] = ["eng"]) throws(GiroError) -> PageWords {
        let framed = sheet.padded(border: Self.sheetBorder)
        let border = (framed.width - sheet.width) / 2
        return Self.unpadded(try sparseWords(framed, engine: engine, options: options, languages: languages), border: border)
    }

    /// Words read on a sheet framed by `border` pixels, in the unframed sheet's coordinates.
    static func unpadded(_ page: PageWords, border: Int) -> PageWords {
        guard border != 0 else { return page }
        var out = page
        out.width = max(1, page.width - 2 * border)
        out.height = max(1, page.height - 2 * border)
        out.words = page.words.map { w in
            PageWord(text: w.text, x: w.x - border, y: w.y - border, w: w.w, h: w.h, confidence: w.confidence)
        }
        return out
    }

    /// A rectified sheet's words mapped onto the image (each box the bounding box of its mapped corners).
    static func mapped(_ page: PageWords, by toImage: Homography, onto image: GrayImage) -> PageWords {
        let rectify = SlipTransform(homography: toImage)
        var mapped = page
        mapped.width = image.width
        mapped.height = image.height
        mapped.words = page.words.map { word in
            let pts = [(word.x, word.y), (word.x + word.w, word.y), (word.x + word.w, word.y + word.h), (word.x, word.y + word.h)]
                .map { rectify.apply(SlipPoint(x: Double($0.0), y: Double($0.1))) }
            let xs = pts.map(\.x), ys = pts.map(\.y)
            let x0 = SlipPoint.pixel(xs.min() ?? 0), y0 = SlipPoint.pixel(ys.min() ?? 0)
            return PageWord(text: word.text, x: x0, y: y0, w: max(0, SlipPoint.pixel(xs.max() ?? 0) - x0),
                            h: max(0, SlipPoint.pixel(ys.max() ?? 0) - y0), confidence: word.confidence)
        }
        return mapped
    }

    /// A label found on a rectified sheet, in the image's pixels: its bounds and centre (left edge, vertical centre)
    /// taken again from its words mapped onto the image, as `SlipClassifier.hits` takes them from a page's words.
    static func mapped(_ hit: AnchorHit, words page: PageWords) -> AnchorHit {
        let boxes = hit.words.filter { page.words.indices.contains($0) }.map { PixelRect(page.words[$0]) }
        guard let x0 = boxes.map(\.x0).min(), let y0 = boxes.map(\.y0).min(), let x1 = boxes.map(\.x1).max(),
              let y1 = boxes.map(\.y1).max() else { return hit }
        var out = hit
        out.bounds = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        out.center = SlipPoint(x: x0, y: (y0 + y1) / 2)
        return out
    }

    /// Whole-page sparse OCR on a copy scaled to `firstPassMaxSide`; boxes mapped back to the image.
    func firstPass(_ image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                   languages: [String] = ["eng"]) throws(GiroError) -> PageWords {
        let longest = max(image.width, image.height)
        // Large images are read smaller (speed); small ones (a phone photo of the whole slip at ~200 dpi, a slip
        // scanned at 80 dpi) larger, up to the first pass's size and at most 4×, so the printed labels reach the
        // x-height Tesseract needs.
        var factor = longest > options.firstPassMaxSide ? Double(longest) / Double(options.firstPassMaxSide) : 1
        if longest * 3 / 2 <= options.firstPassMaxSide { factor = max(0.25, Double(longest) / Double(options.firstPassMaxSide)) }
        let small = factor != 1 ? Self.resized(image, by: factor) : image
        var page = try sparseWords(small, engine: engine, options: options, languages: languages)
        if factor != 1 {
            page.words = page.words.map { w in
                PageWord(text: w.text, x: Int(Double(w.x) * factor), y: Int(Double(w.y) * factor),
                         w: Int(Double(w.w) * factor), h: Int(Double(w.h) * factor), confidence: w.confidence)
            }
        }
        page.width = image.width
        page.height = image.height
        return page
    }

    /// Languages of the templates whose labels are Cyrillic (empty when none is loaded).
    var cyrillicLanguages: [String] {
        let cyrillic = templates.filter { t in
            t.anchors.contains { a in a.text.unicodeScalars.contains { $0.value >= 0x400 && $0.value <= 0x4FF } }
        }
        var out: [String] = []
        for l in cyrillic.flatMap(\.languages) where !out.contains(l) { out.append(l) }
        return out
    }

    /// Sparse OCR (English by default: the labels are found by their letters, not their words) of the whole image.
    func sparseWords(_ image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                     languages: [String] = ["eng"]) throws(GiroError) -> PageWords {
        guard let ocrImage = OCRImage(width: image.width, height: image.height, pixels: image.pixels) else {
            throw GiroError(.slipWordsInvalid, field: "image", "image too large for OCR")
        }
        let budget = try options.callBudget()
        do {
            return try engine.recognize(ocrImage, settings: OCRSettings(languages: languages, layout: .sparse,
                                                                        budgetMilliseconds: budget))
        } catch let e as GiroError {
            throw e
        } catch {
            throw GiroError(.slipWordsInvalid, field: "image", "the OCR engine failed: \(error)")
        }
    }
}
