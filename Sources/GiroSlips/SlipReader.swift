import Foundation
import GiroCore
import GiroImaging

/// A slip found on a page: its record and where the form lies (corners in image pixels, clockwise from top-left).
public struct SlipReading: Sendable, Hashable {
    public var record: PaymentRecord
    public var slipClass: String
    public var corners: [[Int]]
    /// Where the template was fitted on the page (nil for an unknown slip): the image path re-reads this slip's
    /// zones through it, so two slips of one class on a page each keep their own fit. Not part of equality.
    var fit: SlipMatch?

    init(record: PaymentRecord, slipClass: String, corners: [[Int]], fit: SlipMatch? = nil) {
        self.record = record
        self.slipClass = slipClass
        self.corners = corners
        self.fit = fit
    }

    public static func == (a: SlipReading, b: SlipReading) -> Bool {
        a.record == b.record && a.slipClass == b.slipClass && a.corners == b.corners
    }

    public func hash(into h: inout Hasher) {
        h.combine(record)
        h.combine(slipClass)
        h.combine(corners)
    }
}

/// Reads printed payment slips with data-driven templates (`docs/slip-templates.md`).
///
/// From words (Giro's words JSON, hOCR/ALTO/TSV parsed by `CallerOCR`, a PDF's text layer) no OCR runs; the
/// page is classified against every template (printed labels), the form is fitted onto the page, each zone's
/// words go through its parser and the record is built. Templates are tried by priority, then id.
public struct SlipReader: Sendable {
    public let templates: [SlipTemplate]
    /// Slips read from one page at most, unknown ones included, unless `maxSlipsPerPage` says otherwise.
    public static let defaultMaxSlipsPerPage = 8
    /// The highest `maxSlipsPerPage` accepted (each slip is another classification pass over the page).
    public static let maxSlipsPerPageLimit = 64
    /// `source.slipClass` (and `format`) of a slip no template fits, read by the generic reader: a slip-like block,
    /// or a page on which nothing else was read that prints a checked account (`docs/slip-templates.md`).
    public static let genericClass = "slip.generic"
    /// The former name of `genericClass` (the class was `slip.unknown` before the generic reader): the same value.
    public static let unknownClass = genericClass

    /// Slips read from one page at most (each found slip's words are set aside before looking again); clamped
    /// to 1…`maxSlipsPerPageLimit`. Documented in `docs/slip-templates.md` (Pages of several slips).
    public var maxSlipsPerPage: Int {
        get { maxSlips }
        set { maxSlips = min(max(newValue, 1), Self.maxSlipsPerPageLimit) }
    }
    private var maxSlips = SlipReader.defaultMaxSlipsPerPage
    /// Report slip-like blocks that no template matched as unknown slips (`slip_unknown_class`); on by default.
    public var reportsUnknownSlips = true
    /// Set by `fixed(to:)`: the one class every slip on the page is read as (classification skipped).
    public private(set) var fixedClass: String?
    /// The national rules the templates need (accounts, references, coding lines); `Giro`'s built-in reader has
    /// those of every country plug-in.
    public var rules = SlipNationalRules()
    /// Words per page at most; the rest are ignored (a page of text has far fewer).
    public static let maxWords = 20_000

    /// Every loaded template's labels: what the generic reader reads by, and words on a page that are never values.
    var vocabulary: SlipVocabulary

    public init(templates: [SlipTemplate]) {
        self.templates = SlipTemplateLoader.ordered(templates)
        vocabulary = SlipVocabulary(templates: self.templates)
    }

    /// A reader of these templates with a vocabulary already built (a fixed class keeps every template's labels).
    init(ordered templates: [SlipTemplate], vocabulary: SlipVocabulary) {
        self.templates = templates
        self.vocabulary = vocabulary
    }

    /// The words of a fitted form that print labels (its own, and any template's found on the page).
    func labelWords(_ match: SlipMatch, page: PageWords, others: Set<Int>? = nil) -> Set<Int> {
        SlipVocabulary.labelWords(of: match, page: page, others: others ?? vocabulary.labelWords(on: page))
    }

    /// A reader that skips classification (`giro decode --slip CLASS`): the page holds `slipClass` forms; the
    /// template's anchors only fit its geometry, and with fewer than two found the whole page is the form,
    /// upright. `slip_class_not_found` when no loaded template has that id.
    public func fixed(to slipClass: String) throws(GiroError) -> SlipReader {
        guard let t = templates.first(where: { $0.id == slipClass }) else {
            let known = templates.map(\.id).joined(separator: ", ")
            throw GiroError(.slipClassNotFound, field: "slip", "no slip class '\(slipClass.prefix(80))' (loaded: \(known))")
        }
        var r = SlipReader(ordered: [t], vocabulary: vocabulary)
        r.maxSlips = maxSlips
        r.reportsUnknownSlips = reportsUnknownSlips
        r.rules = rules
        r.fixedClass = t.id
        return r
    }

    /// `read(words:)` without classification: every slip on the page is read as `slipClass` (see `fixed(to:)`).
    public func read(words page: PageWords, slipClass: String) throws(GiroError) -> [SlipReading] {
        try fixed(to: slipClass).read(words: page)
    }

    /// `templates` plus every `*.json` template in `folder` (a user's own forms); ids must not collide.
    public init(templates: [SlipTemplate], folder: String) throws(GiroError) {
        let user = try Self.loadFolder(folder)
        var seen = Set(templates.map(\.id))
        for t in user {
            guard seen.insert(t.id).inserted else {
                throw GiroError(.slipTemplateInvalid, field: "id", "\(t.file): id: \(t.id) is already defined")
            }
        }
        self.init(templates: templates + user)
    }

    /// Loads the `*.json` files of a folder (not recursive; at most 256 files of 1 MiB).
    public static func loadFolder(_ folder: String) throws(GiroError) -> [SlipTemplate] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else {
            throw GiroError(.slipTemplateInvalid, field: "$", "\(folder): not a readable folder")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted()
        guard files.count <= 256 else { throw GiroError(.slipTemplateInvalid, field: "$", "\(folder): more than 256 templates") }
        var loaded: [(name: String, bytes: [UInt8])] = []
        for name in files {
            let path = (folder as NSString).appendingPathComponent(name)
            if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? Int, size > TemplateJSON.maxBytes {
                throw GiroError(.slipTemplateInvalid, field: "$", "\(path): template larger than 1 MiB")
            }
            guard let data = fm.contents(atPath: path) else { throw GiroError(.slipTemplateInvalid, field: "$", "\(path): unreadable") }
            loaded.append((path, [UInt8](data)))
        }
        return try SlipTemplateLoader.loadAll(loaded)
    }

    /// Every slip found among the words (none: empty), in reading order (`SlipReadingOrder`): each slip a
    /// template classifies, then (`reportsUnknownSlips`) every slip-like block no template matched, as an
    /// unknown slip (`SlipReader.unknownClass`, status `uncertain`) with what the generic parsers found in it.
    public func read(words page: PageWords) -> [SlipReading] {
        read(words: page, avoiding: [])
    }

    /// The same, with barcodes already decoded from the page: a slip-like block touching one of them (or
    /// printing its IBAN) is that barcode's print, not an unknown slip.
    package func read(words page: PageWords, avoiding barcodes: [PageRecord]) -> [SlipReading] {
        let found = locateSlips(words: page, avoiding: barcodes)
        let forms = found.forms.map { form in
            SlipReading(record: SlipRecordBuilder.build(form.match, zones: form.zones, rules: rules, page: page),
                        slipClass: form.match.template.id, corners: Self.corners(form.match), fit: form.match)
        }
        return SlipReadingOrder.sorted(forms + found.unknown, corners: \.corners)
    }

    /// The slips among the words, in the order found: each fitted form with its zones' words (not parsed yet: the
    /// image path reads them again before parsing), then (`reportsUnknownSlips`) the slip-like blocks no template
    /// matched, as unknown slips.
    func locateSlips(words page: PageWords, avoiding barcodes: [PageRecord] = []) -> (forms: [(match: SlipMatch, zones: [ZoneText])], unknown: [SlipReading]) {
        var page = page
        if page.words.count > Self.maxWords { page.words = Array(page.words.prefix(Self.maxWords)) }
        var used = Set<Int>()
        var forms: [(match: SlipMatch, zones: [ZoneText])] = []
        var otherLabels: Set<Int>?
        while forms.count < maxSlipsPerPage {
            guard var match = nextMatch(page, excluding: used, first: forms.isEmpty) else { break }
            // The generic reader's record: what a relaxed fit's zones miss (`SlipRelaxedFill`), or a strict form's
            // checked account in case its own account zone reads none (`SlipRecordBuilder.fillChecked`).
            let checksAccount = match.template.zones.contains { $0.required && ($0.parser == .iban || $0.parser == .account) }
            if fixedClass == nil, match.relaxed || checksAccount,
               let g = SlipGenericReader(vocabulary: vocabulary, rules: rules).read(page, among: page.words.indices.filter { !used.contains($0) }) {
                match.fallback = g.reading(page).record
                if match.relaxed { used.formUnion(g.valueWords) }
            }
            let anchorWords = Set(match.anchors.flatMap(\.words))
            let labels = otherLabels ?? vocabulary.labelWords(on: page)
            otherLabels = labels
            let zones = SlipZoneReader.read(match, page: page, excluding: used.union(anchorWords).union(labelWords(match, page: page, others: labels)),
                                            rules: rules)
            let t = match.template
            forms.append((match, zones))
            // Everything inside this form belongs to it; look for another slip among the rest.
            let before = used.count
            used.formUnion(anchorWords)
            used.formUnion(zones.flatMap(\.words))
            if let inv = match.transform.inverse() {
                for (i, w) in page.words.enumerated() {
                    let c = inv.apply(SlipPoint(x: Double(w.x) + Double(w.w) / 2, y: Double(w.y) + Double(w.h) / 2))
                    if c.x >= 0, c.y >= 0, c.x <= t.width, c.y <= t.height { used.insert(i) }
                }
            }
            if used.count == before { break }
        }
        var unknown: [SlipReading] = []
        if reportsUnknownSlips, fixedClass == nil {
            let generic = SlipGenericReader(vocabulary: vocabulary, rules: rules)
            let blocks = SlipLikeBlocks.find(page, excluding: used, avoiding: barcodes)
            let free = page.words.indices.filter { !used.contains($0) }
            for block in blocks where forms.count + unknown.count < maxSlipsPerPage {
                // The only slip on the page: its labels and names may lie in columns apart from the block's cluster.
                let among = blocks.count == 1 && forms.isEmpty ? free : block.words
                let reading = generic.read(page, among: among)?.reading(page) ?? block.reading()
                if forms.isEmpty || !Self.duplicatesForm(reading, formWords: used, page: page) { unknown.append(reading) }
            }
            // Nothing else on the page: a checked account anywhere on it is a generic slip, never "no slip found".
            if forms.isEmpty, unknown.isEmpty, barcodes.isEmpty {
                if free.count <= SlipLikeBlocks.maxWords, let found = generic.read(page, among: free) {
                    unknown.append(found.reading(page))
                }
            }
        }
        return (forms, unknown)
    }

    /// The form's corners in image pixels, clockwise from its top-left.
    static func corners(_ m: SlipMatch) -> [[Int]] {
        let t = m.template
        return [(0.0, 0.0), (t.width, 0.0), (t.width, t.height), (0.0, t.height)].map { c -> [Int] in
            let p = m.transform.apply(SlipPoint(x: c.0, y: c.1))
            return [SlipPoint.pixel(p.x), SlipPoint.pixel(p.y)]
        }
    }

    /// The next template that fits among the words not yet used. With a fixed class (`--slip`) the anchors
    /// found only place the form; the first slip with fewer than two of them is the whole page, upright.
    func nextMatch(_ page: PageWords, excluding used: Set<Int>, first: Bool) -> SlipMatch? {
        guard fixedClass != nil, let t = templates.first else {
            if let m = templates.lazy.compactMap({ SlipClassifier.match($0, page: page, excluding: used) }).first { return m }
            return first ? SlipClassifier.relaxedMatch(templates, page: page, excluding: used) : nil
        }
        if let m = SlipClassifier.match(t, page: page, excluding: used, fitOnly: true) { return m }
        guard first, page.width > 0, page.height > 0 else { return nil }
        let whole = SlipTransform(a: Double(page.width) / t.width, b: 0, c: 0, d: 0, e: Double(page.height) / t.height, f: 0)
        return SlipMatch(template: t, transform: whole, anchors: [])
    }

    /// The template's fit on a page as `read(words:)` finds it (classified, or placed when the class is fixed);
    /// the image path re-reads zones through it.
    func placement(of template: SlipTemplate, page: PageWords) -> SlipMatch? {
        guard fixedClass != nil else { return SlipClassifier.match(template, page: page) }
        return nextMatch(page, excluding: [], first: true)
    }
}
