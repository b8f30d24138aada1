import Foundation
import GiroCore
import GiroImaging
import GiroOCR

/// How an image is read for slips.
public struct SlipImageOptions: Sendable, Hashable {
    /// The first, whole-page pass (which finds the printed labels) runs on a copy at most this long.
    public var firstPassMaxSide: Int
    /// Zone crops are rectified to this resolution before per-zone OCR.
    public var zoneDPI: Double
    /// Run OCR again on each zone (its whitelist and layout) instead of using the first pass's words.
    public var perZoneOCR: Bool
    public var budgetMilliseconds: Int

    public init(firstPassMaxSide: Int = 2600, zoneDPI: Double = 300, perZoneOCR: Bool = true, budgetMilliseconds: Int = 20_000) {
        self.firstPassMaxSide = min(max(firstPassMaxSide, 400), 8000)
        self.zoneDPI = min(max(zoneDPI.isFinite ? zoneDPI : 300, 100), 600)
        self.perZoneOCR = perZoneOCR
        self.budgetMilliseconds = min(max(budgetMilliseconds, 100), 120_000)
    }
}

extension SlipReader {
    /// Reads the slips in an image file (PNG/JPEG/WebP, EXIF orientation applied): a sparse OCR pass finds the
    /// labels, the form is fitted, every zone is cropped upright at `zoneDPI` and read with its own OCR settings.
    public func read(imageBytes: [UInt8], engine: some OCREngine, options: SlipImageOptions = SlipImageOptions(),
                     loader: ImageLoader = ImageLoader()) throws(GiroError) -> [SlipReading] {
        let loaded = try loader.load(imageBytes)
        return try read(image: loaded.image, engine: engine, options: options)
    }

    package func read(image: GrayImage, engine: some OCREngine, options: SlipImageOptions) throws(GiroError) -> [SlipReading] {
        let deadline = ContinuousClock.now + .milliseconds(options.budgetMilliseconds)
        var page = try firstPass(image, engine: engine, options: options)
        var readings = read(words: page)
        // The English pass cannot read Cyrillic labels (the Serbian налог): when it found no form and a template
        // is labelled in Cyrillic, the page is read once more in those templates' languages.
        if readings.isEmpty, !cyrillicLanguages.isEmpty, ContinuousClock.now < deadline {
            page = try firstPass(image, engine: engine, options: options, languages: cyrillicLanguages)
            readings = read(words: page)
        }
        guard options.perZoneOCR else { return readings }
        for i in readings.indices {
            guard let template = templates.first(where: { $0.id == readings[i].slipClass }),
                  let match = readings[i].fit ?? placement(of: template, page: page) else { continue }
            // Frame lines and paper texture come back as low-confidence punctuation: not zone text (kept for anchors).
            var zonePage = page
            for j in zonePage.words.indices where (zonePage.words[j].confidence ?? 1) < 0.4
                || !zonePage.words[j].text.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) {
                zonePage.words[j].text = ""
            }
            var zones = SlipZoneReader.read(match, page: zonePage, excluding: Set(match.anchors.flatMap(\.words)))
            for (k, zone) in template.zones.enumerated() {
                guard ContinuousClock.now < deadline else { break }
                let crop = rectify(image, zone.box, match.transform, dpi: options.zoneDPI)
                    .map { zone.parser == .amount ? SlipFillMarks.blankingLeading($0) ?? $0 : $0 } // `***` before an amount
                guard let crop, let ocrImage = OCRImage(width: crop.width, height: crop.height, pixels: crop.pixels) else { continue }
                let remaining = max(1, Int((deadline - ContinuousClock.now).components.seconds * 1000))
                let settings = OCRSettings(languages: zone.ocr.languages ?? template.languages,
                                           whitelist: zone.ocr.whitelist ?? zone.parser.defaultWhitelist,
                                           layout: zone.ocr.layout ?? .line, budgetMilliseconds: min(remaining, 5_000))
                guard let words = try? engine.recognize(ocrImage, settings: settings) else { continue }
                let lines = Self.lines(words)
                // The zone's own reading replaces the page pass's when it parses and the page's does not, or
                // (structured parsers) when both parse; free text keeps the page pass's words unless there are none.
                guard !lines.text.isEmpty else { continue }
                var candidate = zones[k]
                candidate.lines = lines.text
                candidate.confidence = lines.confidence
                // A reference is read with its model box, an account with its bank code box.
                let companion = zone.options["modelZone"] ?? zone.options["bankZone"]
                let model = companion.flatMap { c in template.zones.firstIndex { $0.field == c } }.map { zones[$0] }
                let free = zone.parser == .text || zone.parser == .lines
                let zoneOK = SlipFieldReader.read(zone, text: candidate, model: model, template: template, currency: template.currency).diagnostics.isEmpty
                let pageOK = !zones[k].isEmpty && SlipFieldReader.read(zone, text: zones[k], model: model, template: template, currency: template.currency).diagnostics.isEmpty
                // Where the page pass saw nothing, a zone reading must parse and be confident: an empty box's frame
                // and paper texture make the engine invent letters.
                if zones[k].isEmpty {
                    if zoneOK, (lines.confidence ?? 0) >= 70 { zones[k] = candidate }
                } else if (!free && zoneOK) || (!pageOK && zoneOK) || (free && (lines.confidence ?? 0) >= 60) {
                    // The upright, normalised crop reads free text better than the page pass on a photo.
                    zones[k] = candidate
                }
            }
            var record = SlipRecordBuilder.build(match, zones: zones, accountChecks: accountChecks)
            record.source.slipClass = template.id
            readings[i].record = record
        }
        return readings
    }

    /// Whole-page sparse OCR on a copy scaled to `firstPassMaxSide`; boxes mapped back to the image.
    /// Languages of the templates whose labels are Cyrillic (empty when none is loaded).
    var cyrillicLanguages: [String] {
        let cyrillic = templates.filter { t in
            t.anchors.contains { a in a.text.unicodeScalars.contains { $0.value >= 0x400 && $0.value <= 0x4FF } }
        }
        var out: [String] = []
        for l in cyrillic.flatMap(\.languages) where !out.contains(l) { out.append(l) }
        return out
    }

    func firstPass(_ image: GrayImage, engine: some OCREngine, options: SlipImageOptions,
                   languages: [String] = ["eng"]) throws(GiroError) -> PageWords {
        let longest = max(image.width, image.height)
        // Large images are read smaller (speed); small ones (a phone photo of the whole slip at ~200 dpi) larger,
        // so the printed labels reach the x-height Tesseract needs.
        var factor = longest > options.firstPassMaxSide ? Double(longest) / Double(options.firstPassMaxSide) : 1
        if longest * 3 / 2 <= options.firstPassMaxSide { factor = 2.0 / 3.0 }
        let small = factor != 1 ? Self.resized(image, by: factor) : image
        guard let ocrImage = OCRImage(width: small.width, height: small.height, pixels: small.pixels) else {
            throw GiroError(.slipWordsInvalid, field: "image", "image too large for OCR")
        }
        var page: PageWords
        do {
            page = try engine.recognize(ocrImage, settings: OCRSettings(languages: languages, layout: .sparse,
                                                                        budgetMilliseconds: options.budgetMilliseconds))
        } catch let e as GiroError {
            throw e
        } catch {
            throw GiroError(.slipWordsInvalid, field: "image", "the OCR engine failed: \(error)")
        }
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

    /// The zone (plus 1 mm) resampled upright at `dpi` through the fitted transform (bilinear; white outside).
    func rectify(_ image: GrayImage, _ box: SlipBox, _ t: SlipTransform, dpi: Double) -> GrayImage? {
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
                    let fx = p.x - 0.5, fy = p.y - 0.5
                    guard fx.isFinite, fy.isFinite, fx >= 0, fy >= 0, fx < Double(W - 1), fy < Double(H - 1) else { continue }
                    let ix = Int(fx), iy = Int(fy), ax = fx - Double(ix), ay = fy - Double(iy)
                    let i = iy * W + ix
                    let top = Double(src[i]) * (1 - ax) + Double(src[i + 1]) * ax
                    let bottom = Double(src[i + W]) * (1 - ax) + Double(src[i + W + 1]) * ax
                    out[y * w + x] = UInt8(max(0, min(255, top * (1 - ay) + bottom * ay)))
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
        return GrayImage(width: w, height: h, pixels: out)
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
