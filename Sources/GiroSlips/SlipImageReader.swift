import Foundation
import GiroCore
import GiroImaging
import GiroOCR

extension SlipReader {
    /// Reads the slips in an image file (PNG/JPEG/WebP, EXIF orientation applied): sheets of paper on a
    /// background are found and rectified, a sparse OCR pass finds the labels, the form is fitted, every zone is
    /// cropped upright at `zoneDPI` and read with its own OCR settings.
    public func read(imageBytes: [UInt8], engine: some OCREngine, options: SlipImageOptions = SlipImageOptions(),
                     loader: ImageLoader = ImageLoader()) throws(GiroError) -> [SlipReading] {
        let loaded = try loader.load(imageBytes)
        var timings = SlipImageTimings()
        return try read(image: loaded.image, values: loaded.dropout, engine: engine, options: options, timings: &timings)
    }

    /// `values`: the image with the form's colour dropped (`LoadedImage.dropout`), where the zones' values are
    /// read; the labels are always read on `image`.
    package func read(image: GrayImage, values: GrayImage? = nil, engine: some OCREngine,
                      options: SlipImageOptions) throws(GiroError) -> [SlipReading] {
        var timings = SlipImageTimings()
        return try read(image: image, values: values, engine: engine, options: options, timings: &timings)
    }

    package func read(image: GrayImage, values: GrayImage? = nil, engine: some OCREngine, options: SlipImageOptions,
                      timings: inout SlipImageTimings) throws(GiroError) -> [SlipReading] {
        let values = values.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
        let ownDeadline = ContinuousClock.now + .milliseconds(options.budgetMilliseconds)
        let deadline = options.deadline.map { min($0, ownDeadline) } ?? ownDeadline
        var options = options
        options.deadline = deadline
        // The forms found, and the slip-like blocks no template matched (`slip.unknown`, as the words path reads
        // them: never dropped).
        let papers = options.detectPaper ? findSheets(image, timings: &timings) : []
        var located: [Located] = [], unknown: [SlipReading] = []
        let largeSheet = papers.contains { Self.standsForPage($0, in: image) }
        // A turned page (a scan) is read straightened (`SlipPageStraighten`): measured once, before its first page pass.
        var measured: SlipPageStraighten?? = nil
        func straight() -> SlipPageStraighten? {
            if let m = measured { return m }
            let t0 = ContinuousClock.now
            let m = SlipPageStraighten(image)
            timings.firstPass += ContinuousClock.now - t0
            measured = .some(m)
            return m
        }
        if !papers.isEmpty, !largeSheet {
            // Only small sheets on paper: mostly the white boxes of a form that fills the image (a scan, a
            // rendering). The whole page first; then only the sheets outside the forms it found
            // (each sheet pass costs 0.2–0.8 s). When the page holds no form, the sheets' forms are taken as a
            // large sheet's are.
            let turned = straight()
            (located, unknown) = try locateOnStraightPage(image, straight: turned, engine: engine, options: options,
                                                          deadline: deadline, timings: &timings)
            let sheets = try locateOnSheets(papers, in: image, engine: engine, options: options, deadline: deadline,
                                            located: located, timings: &timings)
            if located.isEmpty, !sheets.located.isEmpty { unknown = sheets.unknown }
            located += sheets.located
        } else {
            var standsForPage = false
            (located, unknown, standsForPage) = try locateOnSheets(papers, in: image, engine: engine, options: options,
                                                              deadline: deadline, timings: &timings)
            // No sheet on a background (a scan whose form fills the page), or none held a slip: the whole page
            // (which finds again any unknown block a sheet held). Not when a sheet read upright stands for the page
            // (covers a fifth of the image, or lies on a table: `standsForPage`) and gave an unknown slip: the page
            // pass would read the same print, less well, for another 0.6–0.8 s.
            if located.isEmpty, !standsForPage || unknown.isEmpty {
                // Not a photo's (a large sheet found): its sheets were rectified; the whole photo is a last look
                // whose perspective no turn undoes.
                let turned = largeSheet ? nil : straight()
                (located, unknown) = try locateOnStraightPage(image, straight: turned, engine: engine, options: options,
                                                              deadline: deadline, afterSheet: standsForPage,
                                                              timings: &timings)
            }
        }
        // A form printed on a coloured ground (the orange ESR, the pink poukázka): Tesseract's global threshold takes
        // the ground for ink and loses the labels printed on it. Where no form was found, the page is read once
        // more thresholded by each pixel's neighbourhood.
        // Not where a large sheet was found (a photo): neither its sheets nor the whole photo read so found another
        // form on the development photos, and the whole photo cost 2–5 s more.
        if located.isEmpty, !largeSheet, ContinuousClock.now < deadline {
            let turned = straight()
            let again = try locateOnStraightPage(image, straight: turned, engine: engine, options: options, deadline: deadline,
                                                 afterSheet: true, binarized: true, timings: &timings).located
            if !again.isEmpty { (located, unknown) = (again, []) }
        }
        // Labels printed in the form's light colour (pink, yellow, orange), which the gray pass lost: read once more
        // with the form's colour darkened (`formInk`). Only where no form was found and the image has a form colour.
        if located.isEmpty, let values, ContinuousClock.now < deadline,
           let again = try locateInFormInk(image, values: values, papers: largeSheet ? papers : [], engine: engine,
                                           options: options, deadline: deadline, timings: &timings) {
            (located, unknown) = (again, [])
        }
        let t0 = ContinuousClock.now
        defer { timings.zones += ContinuousClock.now - t0 }
        let read = located.prefix(maxSlipsPerPage).map { m, page in
            let record = options.perZoneOCR
                ? readZones(m, page: page, image: image, values: values, engine: engine, options: options, deadline: deadline,
                            calls: &timings.zoneCalls)
                : SlipRecordBuilder.build(m, zones: SlipZoneReader.read(m, page: page, excluding: Set(m.anchors.flatMap(\.words)).union(labelWords(m, page: page)),
                                                                        rules: rules), rules: rules, page: page)
            return SlipReading(record: record, slipClass: m.template.id, corners: Self.corners(m), fit: m)
        } + unknown.prefix(max(0, maxSlipsPerPage - located.count))
        return SlipReadingOrder.sorted(read, corners: \.corners).map { $0.readByGiro() }
    }

    /// Parsers whose check digits choose among the looks' characters (`SlipCheckChoice`).
    static let choiceParsers: Set<SlipParserKind> = [.iban, .reference]
    /// The confidence (0…100) of a value so chosen: below every threshold that trusts a reading.
    static let choiceConfidence = 50

    /// Characters a look must read, where the page pass saw nothing, to be worth another look when it does not parse.
    static let valueLikeLength = 4

    /// Every zone of a located form read again from the image: upright through the fit at `zoneDPI`, with the
    /// zone's own OCR settings; the better of that and the page pass's words is kept.
    func readZones(_ match: SlipMatch, page: PageWords, image: GrayImage, values: GrayImage? = nil, engine: some OCREngine,
                   options: SlipImageOptions, deadline: ContinuousClock.Instant, calls: inout Int) -> PaymentRecord {
        let template = match.template
        // Frame lines and paper texture come back as low-confidence punctuation: not zone text (kept for anchors).
        var zonePage = page
        for j in zonePage.words.indices where (zonePage.words[j].confidence ?? 1) < 0.4
            || !zonePage.words[j].text.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) {
            zonePage.words[j].text = ""
        }
        // Value assignment only for dates and IBANs (`imageZones`): the page pass's noisy words would move other
        // zones onto a stray run that happens to parse; each zone is read again from its crop below instead.
        var zones = imageZones(match, page: zonePage, excluding: Set(match.anchors.flatMap(\.words)).union(labelWords(match, page: page)))
        var disagreements: [Diagnostic] = []
        for (k, zone) in template.zones.enumerated() {
            // A reference is read with its model box, an account with its bank code box.
            let companion = zone.options["modelZone"] ?? zone.options["bankZone"]
            let model = companion.flatMap { c in template.zones.firstIndex { $0.field == c } }.map { zones[$0] }
            func outcome(_ z: ZoneText) -> FieldOutcome? {
                z.isEmpty ? nil : SlipFieldReader.read(zone, text: z, model: model, template: template, currency: template.currency, rules: rules)
            }
            // Kept with the reading, so the record builder does not parse it again.
            func memo(_ o: FieldOutcome?) -> ParsedZone? {
                o.map { ParsedZone(outcome: $0, companion: model?.text, currency: template.currency) }
            }
            // The page pass's reading is parsed once; every decision below about it uses this outcome.
            let pageOutcome = outcome(zones[k])
            zones[k].parsed = memo(pageOutcome)
            let free = zone.parser == .text || zone.parser == .lines
            let pageOK = pageOutcome?.diagnostics.isEmpty ?? false
            // A structured value whose only fault is its own check (a printed OGM or reference whose check fails) is
            // still what was printed: it outranks a reading that is no such value, and keeps its diagnostic.
            func checkedOnly(_ o: FieldOutcome?) -> Bool {
                guard let o, !free, let v = o.value, !v.isText, !o.diagnostics.isEmpty else { return false }
                return o.diagnostics.allSatisfy { $0.code == .slipFieldInvalid }
            }
            let pageCheckedOnly = checkedOnly(pageOutcome)
            // A page reading that passes check digits (IBAN mod 97, the coding line's, a reference's) is not read again.
            if Self.pageReadingStands(zone, outcome: pageOutcome, confidence: zones[k].confidence) { continue }
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
            if pageOK, let v = pageOutcome?.value { seen.append((zones[k], v, zones[k].confidence ?? 0)) }
            var settled = false
            // A free zone's page reading, and whether the crop spelled it (else the crop looked elsewhere).
            let pageZone = zones[k]
            var cropSpelledPage = false
            // Looks of a checked value that failed their check (`SlipCheckChoice` combines them).
            var failed: [String] = pageOK || pageZone.isEmpty ? [] : [pageZone.lines.joined(separator: " ")]
            // The black-and-white look thresholds the first look's crop (the same box at the same scale): cropped once.
            var plainCrop: (box: SlipBox, room: Double, made: (crop: GrayImage, contrast: Int, cells: SlipCombCells?))?
            for (scale, binarized) in variants {
                guard ContinuousClock.now < deadline, !Task.isCancelled else { break }   // the request gave up
                // The zone where its label placed it (or its value was found), not the template's box.
                // A value may run on past the template's box (another printer's longer comb), but not an amount
                // (a comb's wall is its decimal mark's place; a currency box follows it) nor a companion box.
                let cropBox = zones[k].crop ?? zone.box
                let runsOn = zone.parser != .amount && !Self.isCompanion(zone, in: template)
                let room = runsOn ? Self.room(cropBox, placed: zones[k].placed) : 0
                let reused = scale == 1 ? plainCrop.flatMap { $0.box == cropBox && $0.room == room ? $0.made : nil } : nil
                guard let (gray, contrast, cells) = reused ?? valueCrop(image, values: values, cropBox, match.transform,
                                                                        dpi: options.zoneDPI * scale, room: room,
                                                                        beside: runsOn ? .infinity : 0, crossWalls: runsOn)
                else { break }
                if scale == 1 { plainCrop = (cropBox, room, (gray, contrast, cells)) }
                // No ink in a box the page pass found empty: nothing to read (paper noise stretched to full contrast
                // costs Tesseract a second of layout analysis and gives invented letters).
                if zones[k].isEmpty, contrast < Self.inkContrast { break }
                // Fill marks before an amount (the UPN's `***`) are whitened: read with the number they are no amount.
                guard case let looked = binarized ? gray.binarized() : Self.blockReady(gray, zone: zone, t: match.transform, box: cropBox),
                      case let crop = zone.parser == .amount ? SlipFillMarks.blankingLeading(looked) ?? looked : looked,
                      crop.pixelCount <= ImageLimits.maxPixels else { break }
                let remaining = (deadline - ContinuousClock.now).budgetMilliseconds
                let settings = OCRSettings(languages: zone.ocr.languages ?? template.languages,
                                           whitelist: zone.ocr.whitelist ?? zone.parser.defaultWhitelist,
                                           layout: zone.ocr.layout ?? .line, budgetMilliseconds: min(remaining, 5_000))
                calls += 1
                // A comb's readings are judged by the field's parser: the one that parses whole is kept.
                let base = zones[k]
                let valid = { (text: String) -> Bool in
                    var c = base
                    c.lines = [zone.field.hasSuffix(".name") ? SlipNameZeros.lettered(text) : text]
                    guard let o = outcome(c), o.diagnostics.isEmpty else { return false }
                    if case .reference(let r)? = o.value { return r.valid != false }
                    return true
                }
                guard var lines = Self.zoneLines(crop, cells: cells, parser: zone.parser, engine: engine, settings: settings,
                                                 valid: valid) else { break }
                if SlipCropDump.folder != nil {
                    SlipCropDump.write(crop, field: zone.field, look: "s\(scale)\(binarized ? "-bw" : "")\(cells == nil ? "" : "-comb")",
                                       read: "\(lines.text)@\(lines.confidence ?? -1) contrast \(contrast)")
                }
                // A label line or printed instruction the crop took in is no reading (`SlipPrintedText`).
                if SlipPrintedText.applies(to: zone.parser) { lines.text = SlipPrintedText.of(template).cleaned(lines.text) }
                var candidate = zones[k]
                candidate.lines = zone.field.hasSuffix(".name") ? lines.text.map(SlipNameZeros.lettered) : lines.text
                candidate.confidence = lines.confidence
                let parsed = lines.text.isEmpty ? nil : outcome(candidate)
                candidate.parsed = memo(parsed)
                let zoneOK = (parsed?.diagnostics.isEmpty ?? false) || (checkedOnly(parsed) && !pageOK && !pageCheckedOnly)
                let confidence = lines.confidence ?? 0
                if free {
                    let pageLook = zones[k]
                    cropSpelledPage = SlipSpacedText.sameLetters(lines.text, pageLook.lines)
                    defer { zones[k] = SlipValueLooks.better(zone, kept: zones[k], looks: [pageLook, candidate]) }
                    // An empty box's frame and paper texture make the engine invent letters: where the page pass
                    // saw nothing, the zone's reading must parse and be confident. Elsewhere the upright,
                    // normalised crop reads free text better than the page pass on a photo.
                    if zones[k].isEmpty {
                        if zoneOK, confidence >= 70 { zones[k] = candidate }
                    } else if (!pageOK && zoneOK) || (!lines.text.isEmpty && confidence >= 60)
                                || (zoneOK && confidence >= 50 && confidence >= (zones[k].confidence ?? 100)) {
                        // Also when both are unsure and the crop's reading is the surer one.
                        zones[k] = candidate
                    } else if let accented = SlipSpacedText.accented(lines.text, page: zones[k].lines) {
                        // The same letters as the page pass, with the accents the page pass lost (it reads the
                        // whole page with less context per line): the crop's reading, trusted as the page's.
                        candidate.lines = accented
                        candidate.confidence = zones[k].confidence
                        let reparsed = outcome(candidate)
                        candidate.parsed = memo(reparsed)
                        if reparsed?.diagnostics.isEmpty ?? false { zones[k] = candidate }
                    }
                    // An unsure name, where what is kept is no sure name: read again larger, kept when that look is
                    // sure or both spell it alike (`SlipNameAgreement`).
                    if Self.nameWorthAgreement(zone, lines: candidate.lines, confidence: lines.confidence),
                       !Self.sureName(zones[k]),
                       let again = secondNameLook(zone, box: cropBox, room: room, match: match, image: image, values: values,
                                                  engine: engine, options: options, deadline: deadline, calls: &calls),
                       let (name, sure) = Self.secondLookName(candidate.lines, again) {
                        var agreed = candidate
                        agreed.lines = [name]
                        agreed.confidence = sure
                        let reparsed = outcome(agreed)
                        agreed.parsed = memo(reparsed)
                        if reparsed?.diagnostics.isEmpty ?? false { zones[k] = agreed }
                    }
                    break
                }
                if !zoneOK, !lines.text.isEmpty { failed.append(lines.text.joined(separator: " ")) }
                guard zoneOK, let value = parsed?.value else {
                    // Nothing parses: an empty box stays empty unless an earlier reading waits for confirmation, or
                    // this look read a value's worth of characters (one digit doubled fails an IBAN's check; the
                    // next scale or threshold often reads it).
                    let read = lines.text.joined().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.count
                    if seen.isEmpty && zones[k].isEmpty && read < Self.valueLikeLength { break } else { continue }
                }
                if !unchecked, checked || confidence >= 55 || seen.contains(where: { $0.value == value }) {
                    zones[k] = candidate
                    settled = true
                    break
                }
                seen.append((candidate, value, confidence))
            }
            // The crop read another line than the page pass's words, which were kept: those words read again
            // where they are, in the form's languages (`SlipWordsLook`).
            if free, !cropSpelledPage, !pageZone.isEmpty, zones[k].lines == pageZone.lines,
               let look = wordsLook(zone, kept: zones[k], page: zonePage, match: match, image: image, values: values,
                                    engine: engine, options: options, deadline: deadline, calls: &calls) {
                zones[k] = look
            }
            // A checked value no look read whole: the looks' characters where they disagree, combined until one
            // combination passes the check digits; kept uncertain, with a warning.
            if Self.choiceParsers.contains(zone.parser), !settled, !pageOK, seen.isEmpty, failed.count >= 2,
               let choice = SlipCheckChoice.combined(failed, valid: { v in
                   var c = pageZone
                   c.lines = [v]
                   guard let o = outcome(c), o.diagnostics.isEmpty else { return false }
                   // A reference counts only where its own check digits passed (not one without any).
                   if case .reference(let r)? = o.value { return r.valid == true }
                   return true
               }) {
                var c = pageZone
                c.lines = [choice.value]
                c.confidence = min(pageZone.confidence ?? Self.choiceConfidence, Self.choiceConfidence)
                c.parsed = memo(outcome(c))
                zones[k] = c
                settled = true
                disagreements.append(.warning(.slipReadingsDisagree, field: zone.field, uncertain: true,
                    "zone \(zone.field): no look passed the check; \(choice.value) combines \(failed.count) looks at position(s) \(choice.positions.map { "\($0 + 1)" }.joined(separator: ", ")) (\(failed.joined(separator: " | ")))"))
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
            // A reference whose check fails with an unsure reading of its model box (two digits in a small box:
            // `97` read `27`): the model box's other looks, one kept only where the reference's check then passes.
            if let c = zone.options["modelZone"], let m = template.zones.firstIndex(where: { $0.field == c }),
               !zones[k].isEmpty, !((zones[k].parsed?.outcome ?? outcome(zones[k]))?.diagnostics.isEmpty ?? true), (zones[m].confidence ?? 0) < 60,
               let (modelText, confirmed) = confirmedModel(template.zones[m], reference: zone, zones[k], modelZone: zones[m],
                                                           match: match, image: image, values: values, engine: engine,
                                                           options: options, deadline: deadline, template: template, calls: &calls) {
                zones[m] = modelText
                zones[k].parsed = ParsedZone(outcome: confirmed, companion: modelText.text, currency: template.currency)
            }
        }
        var record = SlipRecordBuilder.build(match, zones: zones, rules: rules, page: page)
        record.source.slipClass = template.id
        if !disagreements.isEmpty {
            record.diagnostics += disagreements
            record.status = RecordStatus.derived(from: record.diagnostics)
        }
        return record
    }


    /// The model box read again, larger and then black and white: the first reading with which the reference
    /// parses without a fault (its check digits confirm the model), and that outcome.
    private func confirmedModel(_ modelZone: SlipZone, reference: SlipZone, _ text: ZoneText, modelZone model: ZoneText,
                                match: SlipMatch, image: GrayImage, values: GrayImage?, engine: some OCREngine,
                                options: SlipImageOptions, deadline: ContinuousClock.Instant, template: SlipTemplate,
                                calls: inout Int) -> (ZoneText, FieldOutcome)? {
        for (scale, binarized) in [(4.0 / 3, false), (1.0, true), (5.0 / 3, false)] {
            guard ContinuousClock.now < deadline,
                  let (gray, _, _) = valueCrop(image, values: values, model.crop ?? modelZone.box, match.transform,
                                               dpi: options.zoneDPI * scale, crossWalls: false) else { return nil }
            let crop = binarized ? gray.binarized() : gray
            guard crop.pixelCount <= ImageLimits.maxPixels else { return nil }
            let settings = OCRSettings(languages: modelZone.ocr.languages ?? template.languages,
                                       whitelist: modelZone.ocr.whitelist ?? modelZone.parser.defaultWhitelist,
                                       layout: modelZone.ocr.layout ?? .line,
                                       budgetMilliseconds: min((deadline - ContinuousClock.now).budgetMilliseconds, 5_000))
            calls += 1
            guard let lines = Self.zoneLines(crop, cells: nil, parser: modelZone.parser, engine: engine, settings: settings),
                  !lines.text.isEmpty, lines.text != model.lines else { continue }
            var candidate = model
            candidate.lines = lines.text
            candidate.confidence = lines.confidence
            let o = SlipFieldReader.read(reference, text: text, model: candidate, template: template,
                                         currency: template.currency, rules: rules)
            if o.diagnostics.isEmpty, o.value != nil { return (candidate, o) }
        }
        return nil
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
    /// The value most readings agree on (ties: the most confident, then the one read first — never the hash order
    /// of a dictionary, which changes from run to run), and how many readings say something else.
    static func agreed(_ seen: [(zone: ZoneText, value: SlipValue, confidence: Int)]) -> (zone: ZoneText, disagreeing: Int)? {
        var votes: [SlipValue: (count: Int, first: Int, best: (zone: ZoneText, confidence: Int))] = [:]
        for (i, r) in seen.enumerated() {
            var v = votes[r.value] ?? (0, i, (r.zone, r.confidence))
            v.count += 1
            if r.confidence > v.best.confidence { v.best = (r.zone, r.confidence) }
            votes[r.value] = v
        }
        guard let top = votes.values.max(by: { ($0.count, $0.best.confidence, -$0.first) < ($1.count, $1.best.confidence, -$1.first) })
        else { return nil }
        return (top.best.zone, seen.count - top.count)
    }
}
