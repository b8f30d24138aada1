import Foundation
import GiroCore
import GiroImaging
import GiroOCR

/// How an image is read for slips. Every limit is clamped, also when set after `init` (a library caller's value
/// reaches pixel arithmetic).
public struct SlipImageOptions: Sendable, Hashable {
    /// The first, whole-page pass (which finds the printed labels) runs on a copy at most this long (400…8000).
    public var firstPassMaxSide: Int { didSet { firstPassMaxSide = Self.side(firstPassMaxSide, 400...8000) } }
    /// Zone crops are rectified to this resolution before per-zone OCR (100…600).
    public var zoneDPI: Double { didSet { zoneDPI = Self.dpi(zoneDPI) } }
    /// Run OCR again on each zone (its whitelist and layout) instead of using the first pass's words.
    public var perZoneOCR: Bool
    /// Time for the whole image (100 ms … 2 min).
    public var budgetMilliseconds: Int { didSet { budgetMilliseconds = Self.side(budgetMilliseconds, 100...120_000) } }
    /// Look for sheets of paper on a background (photos) and read each one rectified; the whole page is read
    /// when none is found or none holds a slip.
    public var detectPaper: Bool
    /// A sheet found in a photo is rectified to this long side (pixels) for the first pass (400…4000).
    public var paperSide: Int { didSet { paperSide = Self.side(paperSide, 400...4000) } }

    public init(firstPassMaxSide: Int = 2600, zoneDPI: Double = 300, perZoneOCR: Bool = true, budgetMilliseconds: Int = 20_000,
                detectPaper: Bool = true, paperSide: Int = 2100) {
        self.firstPassMaxSide = Self.side(firstPassMaxSide, 400...8000)
        self.zoneDPI = Self.dpi(zoneDPI)
        self.perZoneOCR = perZoneOCR
        self.budgetMilliseconds = Self.side(budgetMilliseconds, 100...120_000)
        self.detectPaper = detectPaper
        self.paperSide = Self.side(paperSide, 400...4000)
    }

    static func side(_ v: Int, _ r: ClosedRange<Int>) -> Int { min(max(v, r.lowerBound), r.upperBound) }
    static func dpi(_ v: Double) -> Double { v.isFinite ? min(max(v, 100), 600) : 300 }

}

/// Where the time of one image went (`giro-slip-bench`).
package struct SlipImageTimings: Sendable {
    package var paperSearch: Duration = .zero
    package var firstPass: Duration = .zero
    package var zones: Duration = .zero
    package var zoneCalls = 0
    package var papers = 0
    package init() {}
}

extension SlipReader {
    /// Reads the slips in an image file (PNG/JPEG/WebP, EXIF orientation applied): sheets of paper on a
    /// background are found and rectified, a sparse OCR pass finds the labels, the form is fitted, every zone is
    /// cropped upright at `zoneDPI` and read with its own OCR settings.
    public func read(imageBytes: [UInt8], engine: some OCREngine, options: SlipImageOptions = SlipImageOptions(),
                     loader: ImageLoader = ImageLoader()) throws(GiroError) -> [SlipReading] {
        let loaded = try loader.load(imageBytes)
        var timings = SlipImageTimings()
        return try read(image: loaded.image, engine: engine, options: options, timings: &timings)
    }

    package func read(image: GrayImage, engine: some OCREngine, options: SlipImageOptions) throws(GiroError) -> [SlipReading] {
        var timings = SlipImageTimings()
        return try read(image: image, engine: engine, options: options, timings: &timings)
    }

    package func read(image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                      timings: inout SlipImageTimings) throws(GiroError) -> [SlipReading] {
        let deadline = ContinuousClock.now + .milliseconds(options.budgetMilliseconds)
        var located: [(match: SlipMatch, page: PageWords)] = []
        // Slip-like blocks no template matched (`slip.unknown`), as the words path reads them: never dropped.
        var unknown: [SlipReading] = []
        if options.detectPaper {
            let t0 = ContinuousClock.now
            let papers = QuadDetector().detect(image)
            timings.paperSearch += ContinuousClock.now - t0
            for paper in papers where located.count < maxSlipsPerPage && ContinuousClock.now < deadline {
                timings.papers += 1
                // Each sheet's first pass gets what is left of the budget.
                var left = options
                left.budgetMilliseconds = (deadline - ContinuousClock.now).budgetMilliseconds
                located += try locate(on: paper, in: image, engine: engine, options: left, timings: &timings, unknown: &unknown)
            }
        }
        // No sheet on a background (a scan whose form fills the page), or none held a slip: the whole page (which
        // finds again any unknown block a sheet held, and may still find a form there, e.g. in Cyrillic).
        if located.isEmpty {
            let t0 = ContinuousClock.now
            var page = try firstPass(image, engine: engine, options: options)
            var found = read(words: page)
            // The English pass cannot read Cyrillic labels (the Serbian налог): when it found no form and a template
            // is labelled in Cyrillic, the page is read once more in those templates' languages.
            if !found.contains(where: { $0.fit != nil }), !cyrillicLanguages.isEmpty, ContinuousClock.now < deadline {
                page = try firstPass(image, engine: engine, options: options, languages: cyrillicLanguages)
                found = read(words: page)
            }
            timings.firstPass += ContinuousClock.now - t0
            located = found.compactMap(\.fit).map { ($0, page) }
            unknown = found.filter { $0.fit == nil }
        }
        let t0 = ContinuousClock.now
        defer { timings.zones += ContinuousClock.now - t0 }
        let read = located.prefix(maxSlipsPerPage).map { m, page in
            let record = options.perZoneOCR
                ? readZones(m, page: page, image: image, engine: engine, options: options, deadline: deadline, calls: &timings.zoneCalls)
                : SlipRecordBuilder.build(m, zones: SlipZoneReader.read(m, page: page, excluding: Set(m.anchors.flatMap(\.words))), rules: rules)
            return SlipReading(record: record, slipClass: m.template.id, corners: Self.corners(m), fit: m)
        } + unknown.prefix(max(0, maxSlipsPerPage - located.count))
        return SlipReadingOrder.sorted(read, corners: \.corners)
    }

    /// The form's corners in image pixels, clockwise from its top-left.
    static func corners(_ m: SlipMatch) -> [[Int]] {
        let t = m.template
        return [(0.0, 0.0), (t.width, 0.0), (t.width, t.height), (0.0, t.height)].map { c -> [Int] in
            let p = m.transform.apply(SlipPoint(x: c.0, y: c.1))
            return [SlipPoint.pixel(p.x), SlipPoint.pixel(p.y)]
        }
    }

    /// Every template located among the words, as `read(words:)` finds them (its words set aside after each).
    func locate(words page: PageWords) -> [SlipMatch] {
        read(words: page).compactMap(\.fit)
    }

    /// The slips on one sheet found in the image: the sheet is rectified upright (perspective gone, light
    /// flattened), its labels read there, and every fit composed with the rectification so it maps the form onto
    /// the original image. When the form's corners land on the sheet's (the sheet is the slip), the four corners
    /// themselves give the exact perspective.
    func locate(on paper: PaperQuad, in image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                timings: inout SlipImageTimings, unknown: inout [SlipReading]) throws(GiroError) -> [(match: SlipMatch, page: PageWords)] {
        let (w, h) = paper.size
        let long = max(w, h)
        guard long >= 64 else { return [] }
        // Enlarged at most 1.5× (labels of a small photo reach Tesseract's x-height), shrunk to `paperSide` (speed).
        let scale = min(1.5, Double(options.paperSide) / long)
        guard let (upright, toImage) = image.rectified(paper.corners, width: Int((w * scale).rounded()), height: Int((h * scale).rounded()))
        else { return [] }
        let t0 = ContinuousClock.now
        let page = try sparseWords(upright.flattened(), engine: engine, options: options)
        timings.firstPass += ContinuousClock.now - t0
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
        let forms = locate(words: page)
        // A sheet that holds no known form may hold an unknown one: read from its words in image coordinates.
        if forms.isEmpty, reportsUnknownSlips {
            unknown += read(words: mapped).filter { $0.fit == nil }
        }
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
            return (match, mapped)
        }
    }

    /// Every zone of a located form read again from the image: upright through the fit at `zoneDPI`, with the
    /// zone's own OCR settings; the better of that and the page pass's words is kept.
    func readZones(_ match: SlipMatch, page: PageWords, image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                   deadline: ContinuousClock.Instant, calls: inout Int) -> PaymentRecord {
        let template = match.template
        // Frame lines and paper texture come back as low-confidence punctuation: not zone text (kept for anchors).
        var zonePage = page
        for j in zonePage.words.indices where (zonePage.words[j].confidence ?? 1) < 0.4
            || !zonePage.words[j].text.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) {
            zonePage.words[j].text = ""
        }
        var zones = SlipZoneReader.read(match, page: zonePage, excluding: Set(match.anchors.flatMap(\.words)))
        var disagreements: [Diagnostic] = []
        for (k, zone) in template.zones.enumerated() {
            // A reference is read with its model box, an account with its bank code box.
            let companion = zone.options["modelZone"] ?? zone.options["bankZone"]
            let model = companion.flatMap { c in template.zones.firstIndex { $0.field == c } }.map { zones[$0] }
            func outcome(_ z: ZoneText) -> FieldOutcome? {
                z.isEmpty ? nil : SlipFieldReader.read(zone, text: z, model: model, template: template, currency: template.currency, rules: rules)
            }
            func parses(_ z: ZoneText) -> Bool { outcome(z)?.diagnostics.isEmpty ?? false }
            let free = zone.parser == .text || zone.parser == .lines
            let pageOK = parses(zones[k])
            // A structured value whose only fault is its own check (a printed OGM or reference whose check fails) is
            // still what was printed: it outranks a reading that is no such value, and keeps its diagnostic.
            func checkedOnly(_ o: FieldOutcome?) -> Bool {
                guard let o, !free, let v = o.value, !v.isText, !o.diagnostics.isEmpty else { return false }
                return o.diagnostics.allSatisfy { $0.code == .slipFieldInvalid }
            }
            let pageCheckedOnly = checkedOnly(outcome(zones[k]))
            // A page reading that passes check digits (IBAN mod 97, the coding line's mod 10) is not read again.
            if pageOK, zone.parser == .iban || zone.parser == .codingLine, (zones[k].confidence ?? 0) >= 80 { continue }
            // Structured zones: a reading counts when it parses and is confident (any confidence when check digits
            // passed), or when two readings — the page pass's included — parse to the same value; otherwise another
            // look, larger, then black and white (a digit misread on a blurred photo fails its check or comes with
            // a low confidence; another scale or threshold often reads it). Free text: one look, kept when confident.
            let variants: [(scale: Double, binarized: Bool)] = free ? [(1, false)] : [(1, false), (4.0 / 3, false), (1, true)]
            let checked = zone.parser == .iban || zone.parser == .codingLine
            // Amounts, bare digits and national accounts (their bank code has no check digit) are not protected by a
            // check: every look is taken and the majority value kept; without a strict majority the field is
            // uncertain (a blurred dotted 0 read as 6 must not pass as a valid amount).
            let unchecked = zone.parser == .amount || zone.parser == .digits || zone.parser == .account
            var seen: [(zone: ZoneText, value: SlipValue, confidence: Int)] = []
            if pageOK, let v = outcome(zones[k])?.value { seen.append((zones[k], v, zones[k].confidence ?? 0)) }
            var settled = false
            for (scale, binarized) in variants {
                guard ContinuousClock.now < deadline else { break }
                guard let (gray, contrast) = rectify(image, zone.box, match.transform, dpi: options.zoneDPI * scale) else { break }
                // No ink in a box the page pass found empty: nothing to read (paper noise stretched to full contrast
                // costs Tesseract a second of layout analysis and gives invented letters).
                if zones[k].isEmpty, contrast < Self.inkContrast { break }
                // Fill marks before an amount (the UPN's `***`) are whitened: read with the number they are no amount.
                guard case let looked = binarized ? gray.binarized() : gray,
                      case let crop = zone.parser == .amount ? SlipFillMarks.blankingLeading(looked) ?? looked : looked,
                      let ocrImage = OCRImage(width: crop.width, height: crop.height, pixels: crop.pixels) else { break }
                let remaining = (deadline - ContinuousClock.now).budgetMilliseconds
                let settings = OCRSettings(languages: zone.ocr.languages ?? template.languages,
                                           whitelist: zone.ocr.whitelist ?? zone.parser.defaultWhitelist,
                                           layout: zone.ocr.layout ?? .line, budgetMilliseconds: min(remaining, 5_000))
                calls += 1
                guard let words = try? engine.recognize(ocrImage, settings: settings) else { break }
                let lines = Self.lines(words)
                var candidate = zones[k]
                candidate.lines = lines.text
                candidate.confidence = lines.confidence
                let parsed = lines.text.isEmpty ? nil : outcome(candidate)
                let zoneOK = (parsed?.diagnostics.isEmpty ?? false) || (checkedOnly(parsed) && !pageOK && !pageCheckedOnly)
                let confidence = lines.confidence ?? 0
                if free {
                    // An empty box's frame and paper texture make the engine invent letters: where the page pass
                    // saw nothing, the zone's reading must parse and be confident. Elsewhere the upright,
                    // normalised crop reads free text better than the page pass on a photo.
                    if zones[k].isEmpty {
                        if zoneOK, confidence >= 70 { zones[k] = candidate }
                    } else if (!pageOK && zoneOK) || (!lines.text.isEmpty && confidence >= 60) {
                        zones[k] = candidate
                    }
                    break
                }
                guard zoneOK, let value = parsed?.value else {
                    // Nothing parses: an empty box stays empty unless an earlier reading waits for confirmation.
                    if seen.isEmpty && zones[k].isEmpty { break } else { continue }
                }
                if !unchecked, checked || confidence >= 55 || seen.contains(where: { $0.value == value }) {
                    zones[k] = candidate
                    settled = true
                    break
                }
                seen.append((candidate, value, confidence))
            }
            // Nothing confirmed: a page reading that parses stays; where it does not, the most confident zone reading
            // that parses (an empty box keeps none: fill characters alone must not make a field).
            if !free, !settled, !pageOK, !zones[k].isEmpty, let best = seen.max(by: { $0.confidence < $1.confidence }) {
                zones[k] = best.zone
            }
            if unchecked, let pick = Self.agreed(seen) {
                zones[k] = pick.zone
                // A strict majority of the looks decides; without one the value is kept but not trusted.
                if pick.disagreeing * 2 >= seen.count, pick.disagreeing > 0 {
                    disagreements.append(.warning(.slipReadingsDisagree, field: zone.field, uncertain: true,
                        "zone \(zone.field): \(seen.count) readings, \(pick.disagreeing) disagree (\(seen.map { SlipFieldReader.flat($0.zone.text) }.joined(separator: " | ")))"))
                }
            }
        }
        var record = SlipRecordBuilder.build(match, zones: zones, rules: rules)
        record.source.slipClass = template.id
        if !disagreements.isEmpty {
            record.diagnostics += disagreements
            record.status = RecordStatus.derived(from: record.diagnostics)
        }
        return record
    }

    /// Whole-page sparse OCR on a copy scaled to `firstPassMaxSide`; boxes mapped back to the image.
    func firstPass(_ image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                   languages: [String] = ["eng"]) throws(GiroError) -> PageWords {
        let longest = max(image.width, image.height)
        // Large images are read smaller (speed); small ones (a phone photo of the whole slip at ~200 dpi) larger,
        // so the printed labels reach the x-height Tesseract needs.
        var factor = longest > options.firstPassMaxSide ? Double(longest) / Double(options.firstPassMaxSide) : 1
        if longest * 3 / 2 <= options.firstPassMaxSide { factor = 2.0 / 3.0 }
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
        do {
            return try engine.recognize(ocrImage, settings: OCRSettings(languages: languages, layout: .sparse,
                                                                        budgetMilliseconds: options.budgetMilliseconds))
        } catch let e as GiroError {
            throw e
        } catch {
            throw GiroError(.slipWordsInvalid, field: "image", "the OCR engine failed: \(error)")
        }
    }

    /// Resampled by `1 / factor`: box filter when shrinking, bilinear when enlarging.
    static func resized(_ image: GrayImage, by factor: Double) -> GrayImage {
        if factor < 1 { return enlarged(image, by: 1 / factor) }
        let w = max(1, Int(Double(image.width) / factor)), h = max(1, Int(Double(image.height) / factor))
        var out = [UInt8](repeating: 255, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = min(image.height - 1, Int(Double(y) * factor)), y1 = min(image.height, max(y0 + 1, Int(Double(y + 1) * factor)))
                for x in 0..<w {
                    let x0 = min(image.width - 1, Int(Double(x) * factor)), x1 = min(image.width, max(x0 + 1, Int(Double(x + 1) * factor)))
                    var sum = 0, n = 0
                    for yy in y0..<y1 { for xx in x0..<x1 { sum += Int(src[yy * image.width + xx]); n += 1 } }
                    out[y * w + x] = UInt8(sum / max(n, 1))
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out) ?? image
    }

    static func enlarged(_ image: GrayImage, by scale: Double) -> GrayImage {
        let w = Int(Double(image.width) * scale), h = Int(Double(image.height) * scale)
        guard w > 0, h > 0, w * h <= ImageLimits.maxPixels else { return image }
        var out = [UInt8](repeating: 255, count: w * h)
        let W = image.width, H = image.height
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let fy = min(Double(H - 1), max(0, (Double(y) + 0.5) / scale - 0.5)), iy = min(Int(fy), H - 2 < 0 ? 0 : H - 2), ay = fy - Double(iy)
                for x in 0..<w {
                    let fx = min(Double(W - 1), max(0, (Double(x) + 0.5) / scale - 0.5)), ix = min(Int(fx), W - 2 < 0 ? 0 : W - 2), ax = fx - Double(ix)
                    let i = iy * W + ix
                    let right = W > 1 ? 1 : 0, down = H > 1 ? W : 0
                    let top = Double(src[i]) * (1 - ax) + Double(src[i + right]) * ax
                    let bottom = Double(src[i + down]) * (1 - ax) + Double(src[i + down + right]) * ax
                    out[y * w + x] = UInt8(max(0, min(255, top * (1 - ay) + bottom * ay)))
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out) ?? image
    }

    /// Gray levels between a zone's paper and its darkest ink below which it holds no print.
    static let inkContrast = 64

    /// The zone resampled upright at `dpi` through the fitted transform (bilinear; white outside), and its contrast
    /// (90th minus 2nd percentile of gray: paper against ink).
    func rectify(_ image: GrayImage, _ box: SlipBox, _ t: SlipTransform, dpi: Double) -> (GrayImage, contrast: Int)? {
        // A little inside the box: printed zone frames confuse the OCR more than a clipped pixel row does.
        // Then a white border: Tesseract misreads glyphs that touch the image edge.
        let pad = -0.4, pxPerMM = dpi / 25.4, border = 16
        let w = Int(((box.w + 2 * pad) * pxPerMM).rounded()) + 2 * border, h = Int(((box.h + 2 * pad) * pxPerMM).rounded()) + 2 * border
        guard w > 0, h > 0, w * h <= 20_000_000 else { return nil }
        var out = [UInt8](repeating: 255, count: w * h)
        let W = image.width, H = image.height
        image.pixels.withUnsafeBufferPointer { src in
            for y in border..<(h - border) {
                for x in border..<(w - border) {
                    let p = t.apply(SlipPoint(x: box.x - pad + (Double(x - border) + 0.5) / pxPerMM, y: box.y - pad + (Double(y - border) + 0.5) / pxPerMM))
                    if let v = GrayImage.bilinear(src, width: W, height: H, p.x - 0.5, p.y - 0.5) { out[y * w + x] = v }
                }
            }
        }
        // Paper to white, ink to black (2nd and 90th percentiles of the zone), so the white border matches the paper.
        var histogram = [Int](repeating: 0, count: 256)
        var inside = 0
        for y in border..<(h - border) { for x in border..<(w - border) { histogram[Int(out[y * w + x])] += 1; inside += 1 } }
        func percentile(_ q: Double) -> Int {
            var seen = 0
            for (v, n) in histogram.enumerated() { seen += n; if Double(seen) >= q * Double(inside) { return v } }
            return 255
        }
        let lo = percentile(0.02), hi = percentile(0.90)
        if hi - lo >= 24 {
            for y in border..<(h - border) {
                for x in border..<(w - border) {
                    let v = (Int(out[y * w + x]) - lo) * 255 / (hi - lo)
                    out[y * w + x] = UInt8(max(0, min(255, v)))
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out).map { ($0, hi - lo) }
    }

    /// An OCR result's words as lines (top to bottom, left to right) and their lowest confidence.
    package static func lines(_ page: PageWords) -> (text: [String], confidence: Int?) {
        let words = page.words.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        let sorted = words.sorted { $0.y + $0.h / 2 < $1.y + $1.h / 2 }
        var rows: [[PageWord]] = []
        for w in sorted {
            let cy = Double(w.y) + Double(w.h) / 2
            if let head = rows.last?.first, abs(cy - (Double(head.y) + Double(head.h) / 2)) <= 0.5 * Double(max(head.h, w.h)) {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        let text = rows.map { $0.sorted { $0.x < $1.x }.map(\.text).joined(separator: " ") }
        let low = words.compactMap(\.confidence).min().map { Int((min(max($0, 0), 1) * 100).rounded()) }
        return (text, low)
    }
}

extension SlipReader {
    /// The value most readings agree on (ties: the most confident), and how many readings say something else.
    static func agreed(_ seen: [(zone: ZoneText, value: SlipValue, confidence: Int)]) -> (zone: ZoneText, disagreeing: Int)? {
        var votes: [SlipValue: (count: Int, best: (zone: ZoneText, confidence: Int))] = [:]
        for r in seen {
            var v = votes[r.value] ?? (0, (r.zone, r.confidence))
            v.count += 1
            if r.confidence > v.best.confidence { v.best = (r.zone, r.confidence) }
            votes[r.value] = v
        }
        guard let top = votes.values.max(by: { ($0.count, $0.best.confidence) < ($1.count, $1.best.confidence) }) else { return nil }
        return (top.best.zone, seen.count - top.count)
    }
}
