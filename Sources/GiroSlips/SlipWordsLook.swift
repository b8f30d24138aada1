import Foundation
import GiroCore
import GiroImaging
import GiroOCR

// A free-text zone read again where the page pass found its words. The zone's crop follows the template's box
// (moved with its label); on another printer's form it may hold the next line (`Grünaustrasse 126` for the
// payee's name) while the page pass found the value elsewhere in the placed box, read in English only (the
// page pass: `Brandli`, `racun`). The value's own words, cropped with a margin and read in the form's languages,
// keep the language's letters (`Brändli`, `račun`), and a value's end the page pass lost (`Eastvale Energy` +
// `Ltd`).
extension SlipReader {
    /// The words' box in form millimetres with a margin of 0.8 line heights beside and 0.6 above and below; nil
    /// when a word is off the page's word list or the transform has no inverse.
    static func wordsBox(_ words: [Int], page: PageWords, transform t: SlipTransform) -> SlipBox? {
        guard !words.isEmpty, words.count <= 200, words.allSatisfy(page.words.indices.contains), let inverse = t.inverse() else { return nil }
        // Each word's box on the form (a degenerate one comes back empty, `mmRect`).
        let boxes = words.map { SlipLabelPlacement.mmRect(PixelRect(page.words[$0]), inverse) }
        guard boxes.allSatisfy({ $0.w > 0 || $0.h > 0 }), let x0 = boxes.map(\.x).min(), let y0 = boxes.map(\.y).min(),
              let x1 = boxes.map({ $0.x + $0.w }).max(), let y1 = boxes.map({ $0.y + $0.h }).max() else { return nil }
        let line = boxes.map(\.h).sorted()[boxes.count / 2]
        guard x1 > x0, y1 > y0, line > 0 else { return nil }
        let mx = 0.8 * line, my = 0.6 * line
        return SlipBox(x: x0 - mx, y: y0 - my, w: x1 - x0 + 2 * mx, h: y1 - y0 + 2 * my)
    }

    /// The OCR settings of a zone's second look (`wordsLook`, `secondNameLook`): the zone's languages, whitelist and
    /// layout, at most 5 s of what remains before the deadline.
    static func lookSettings(_ zone: SlipZone, _ template: SlipTemplate, deadline: ContinuousClock.Instant) -> OCRSettings {
        OCRSettings(languages: zone.ocr.languages ?? template.languages, whitelist: zone.ocr.whitelist,
                    layout: zone.ocr.layout ?? .line,
                    budgetMilliseconds: min((deadline - ContinuousClock.now).budgetMilliseconds, 5_000))
    }

    /// The free-text zone `kept` (the page pass's reading, which the crop did not spell) read again at its words'
    /// box; nil when that reading is not kept (`wordsLookKept`).
    func wordsLook(_ zone: SlipZone, kept: ZoneText, page: PageWords, match: SlipMatch, image: GrayImage, values: GrayImage?,
                   engine: some OCREngine, options: SlipImageOptions, deadline: ContinuousClock.Instant,
                   calls: inout Int) -> ZoneText? {
        guard ContinuousClock.now < deadline, !kept.isEmpty,
              let box = Self.wordsBox(kept.words, page: page, transform: match.transform),
              let (gray, _, cells) = valueCrop(image, values: values, box, match.transform, dpi: options.zoneDPI,
                                               room: Self.room(box, placed: kept.placed)),
              gray.pixelCount <= ImageLimits.maxPixels else { return nil }
        let settings = Self.lookSettings(zone, match.template, deadline: deadline)
        calls += 1
        let crop = Self.blockReady(gray, zone: zone, t: match.transform, box: box)
        guard let lines = Self.zoneLines(crop, cells: cells, parser: zone.parser, engine: engine, settings: settings) else { return nil }
        let text = zone.field.hasSuffix(".name") ? lines.text.map(SlipNameZeros.lettered) : lines.text
        guard Self.wordsLookKept(text, confidence: lines.confidence, page: kept.lines) else { return nil }
        var out = kept
        out.lines = text
        out.confidence = lines.confidence.map { min($0, kept.confidence ?? $0) }
        out.parsed = nil   // parsed again from these lines
        return out
    }

    /// Whether the words look replaces the page pass's `page` reading: it spells the same letters (its accents are
    /// the form's language's), or the same letters and a few more at the end (a word the page pass cut off), read
    /// confidently.
    static func wordsLookKept(_ look: [String], confidence: Int?, page: [String]) -> Bool {
        guard !look.isEmpty, !page.isEmpty, look != page else { return false }
        if SlipSpacedText.accented(look, page: page) != nil { return true }
        guard (confidence ?? 0) >= wordsLookMinConfidence else { return false }
        let a = folded(look), b = folded(page)
        return b.count >= 4 && a.hasPrefix(b) && a.count > b.count && a.count - b.count <= maxAddedLetters
    }

    static let wordsLookMinConfidence = 70
    /// Letters a words look may add at a value's end (a company's `Ltd`, `GmbH`, `d.o.o.`; a surname).
    static let maxAddedLetters = 12

    /// Letters and digits only, accents and case folded.
    static func folded(_ lines: [String]) -> String {
        let s = lines.joined(separator: " ").prefix(1_000).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return String(String.UnicodeScalarView(s.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    }
}
