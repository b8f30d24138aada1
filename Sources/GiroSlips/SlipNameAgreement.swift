import Foundation
import GiroCore
import GiroImaging
import GiroOCR

// A name the crop read unsure where no sure name is kept (the page pass saw nothing, or no name). On a photo a
// name in a comb comes back with its letters spaced and a tick's remains beside them (`Erik Eriksson |`,
// `‘Brussels Energy Services SA '!`): the words are right, the engine's confidence 30–65, under the 70 a lone
// reading needs. Read again at 4/3 of the resolution, a right name comes back the same, while fragments of a
// blurred or cut line change from look to look (`Marko. Babić || pa` / `4arko. Babic , , pote a`; perturbed seed-1
// photos). Two looks spelling the same name count as one sure reading. The larger look alone is often the sure one
// (a comb's spaced letters read `r kf ks$o.n` at 32 came back `Erik Eriksson` at 85; `Exempeltföreningen` at 27,
// `Exempelföreningen` at 89): it is kept when it is sure by itself, as a first look must be.
extension SlipReader {
    /// The zone's lowest confidence below which an unsure name is not looked at again (noise, not a line of print).
    static let nameAgreementFloor = 20

    /// The confidence an agreed name carries: trusted as a name (`SlipNameValue`), still marked as doubted by the
    /// provenance (free text stays under 0.9 in any case).
    static let agreedNameConfidence = 60

    /// The name both looks spell — the same letters and digits, accents, case, spaces and punctuation aside (a comb's
    /// spacing splits words differently from look to look: `Pia-Mar ia` / `Pia-Maria`) —, trimmed of fill marks and
    /// stray punctuation (`SlipNameValue.trimmed`), a comb's ticks read as dots dropped (`untickedWord`); of two
    /// spellings the one in fewer words (the larger look's as many). Nil when the looks differ or spell no name, a
    /// word holds no letter or the name a digit.
    static func agreedName(_ first: [String], _ second: [String]) -> String? {
        guard first.count == 1, second.count == 1 else { return nil }   // a crop holding two lines is not one name
        func cleaned(_ s: String) -> String {
            SlipNameValue.trimmed(s.split(separator: " ").map { untickedWord(String($0)) }.joined(separator: " "))
        }
        let a = cleaned(first[0]), b = cleaned(second[0])
        let folded = SlipReader.folded([a])
        guard folded.count >= 2, folded == SlipReader.folded([b]) else { return nil }
        let chosen = a.split(separator: " ").count < b.split(separator: " ").count ? a : b
        // A tick or box edge read as its own word (`Marko. Babić || pa`) is no part of a name, however often read;
        // nor is a digit: an address line read a line low agrees with itself (`Musterweg5`, its space lost).
        guard SlipFormDuplicates.namelike(chosen), !chosen.contains(where: \.isNumber),
              chosen.split(separator: " ").allSatisfy({ $0.contains(where: \.isLetter) }),
              case .name(let name) = SlipNameValue.judged(chosen, confidence: agreedNameConfidence) else { return nil }
        return name
    }

    /// A word of five or more single letters each set apart by a dot or comma (`R.u.t.s.c.h.m.a.n.n`: a comb's ticks
    /// between the letters read as punctuation) as its letters alone; any other word as it is. No legal form's
    /// abbreviation has five letters (`d.o.o.`, `s.r.o.`, `A.S.` stay).
    static func untickedWord(_ word: String) -> String {
        let parts = word.split(whereSeparator: { ".,‚'’·".contains($0) })
        guard parts.count >= 5, parts.count <= 64,
              parts.allSatisfy({ $0.count == 1 && ($0.first?.isLetter == true || $0 == "-") }),
              parts.filter({ $0 != "-" }).count >= 5 else { return word }
        return parts.joined()
    }

    /// Whether a first look of a name zone is worth the second look: one line, unsure but above noise, namelike.
    static func nameWorthAgreement(_ zone: SlipZone, lines: [String], confidence: Int?) -> Bool {
        guard zone.parser == .text, zone.field.hasSuffix(".name"), lines.count == 1, let q = confidence,
              q >= nameAgreementFloor, q < SlipNameValue.fragmentConfidence else { return false }
        return SlipFormDuplicates.namelike(SlipNameValue.trimmed(lines[0]))
    }

    /// Whether a kept reading is a name read sure enough to stand alone (`SlipNameValue`'s 70).
    static func sureName(_ z: ZoneText) -> Bool {
        guard !z.isEmpty, (z.confidence ?? SlipNameValue.fragmentConfidence) >= SlipNameValue.fragmentConfidence else { return false }
        if case .name = SlipNameValue.judged(z.text, confidence: z.confidence) { return true }
        return false
    }

    /// The name zone read a second time at 4/3 of the zone resolution (one OCR call, or a comb's cells).
    func secondNameLook(_ zone: SlipZone, box: SlipBox, room: Double, match: SlipMatch, image: GrayImage, values: GrayImage?,
                        engine: some OCREngine, options: SlipImageOptions, deadline: ContinuousClock.Instant,
                        calls: inout Int) -> (text: [String], confidence: Int?)? {
        guard ContinuousClock.now < deadline, !Task.isCancelled,
              let (gray, _, cells) = valueCrop(image, values: values, box, match.transform, dpi: options.zoneDPI * 4 / 3,
                                               room: room),
              gray.pixelCount <= ImageLimits.maxPixels else { return nil }
        let template = match.template
        let settings = Self.lookSettings(zone, template, deadline: deadline)
        calls += 1
        guard let lines = Self.zoneLines(gray, cells: cells, parser: zone.parser, engine: engine, settings: settings) else { return nil }
        if SlipCropDump.folder != nil {
            SlipCropDump.write(gray, field: zone.field, look: "name-agreement\(cells == nil ? "" : "-comb")",
                               read: "\(lines.text)@\(lines.confidence ?? -1)")
        }
        let text = lines.text.map(SlipNameZeros.lettered)
        return (SlipPrintedText.applies(to: zone.parser) ? SlipPrintedText.of(template).cleaned(text) : text, lines.confidence)
    }

    /// Of an unsure first look and the second, larger one: the second when it is a sure name by itself (as a first
    /// look must be: 70 and more), else the name both spell (at `agreedNameConfidence`); nil when neither.
    static func secondLookName(_ first: [String], _ second: (text: [String], confidence: Int?)) -> (name: String, confidence: Int)? {
        if second.text.count == 1, let q = second.confidence, q >= SlipNameValue.fragmentConfidence,
           case let t = SlipNameValue.trimmed(second.text[0]), SlipFormDuplicates.namelike(t),
           case .name(let name) = SlipNameValue.judged(t, confidence: q) {
            return (name, q)
        }
        return agreedName(first, second.text).map { ($0, agreedNameConfidence) }
    }
}
