import Foundation
import GiroCore
import GiroImaging

/// A slip found on a page: its record and where the form lies (corners in image pixels, clockwise from top-left).
public struct SlipReading: Sendable, Hashable {
    public var record: PaymentRecord
    public var slipClass: String
    public var corners: [[Int]]
}

/// Reads printed payment slips with data-driven templates (`docs/slip-templates.md`).
///
/// From words (Giro's words JSON, hOCR/ALTO/TSV parsed by `CallerOCR`, a PDF's text layer) no OCR runs; the
/// page is classified against every template (printed labels), the form is fitted onto the page, each zone's
/// words go through its parser and the record is built. Templates are tried by priority, then id.
public struct SlipReader: Sendable {
    public let templates: [SlipTemplate]
    /// National account checks by country (`account-check` rule); `Giro`'s built-in reader has the UK modulus check.
    package var accountChecks: [String: SlipAccountCheck] = [:]
    /// Slips on one page at most (each found slip's words are removed before looking again).
    public static let maxSlipsPerPage = 4
    /// Words per page at most; the rest are ignored (a page of text has far fewer).
    public static let maxWords = 20_000

    public init(templates: [SlipTemplate]) {
        self.templates = SlipTemplateLoader.ordered(templates)
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

    /// Every slip found among the words (none: empty).
    public func read(words page: PageWords) -> [SlipReading] {
        var page = page
        if page.words.count > Self.maxWords { page.words = Array(page.words.prefix(Self.maxWords)) }
        var used = Set<Int>()
        var out: [SlipReading] = []
        while out.count < Self.maxSlipsPerPage {
            guard let match = templates.lazy.compactMap({ SlipClassifier.match($0, page: page, excluding: used) }).first else { break }
            let anchorWords = Set(match.anchors.flatMap(\.words))
            let zones = SlipZoneReader.read(match, page: page, excluding: used.union(anchorWords))
            let record = SlipRecordBuilder.build(match, zones: zones, accountChecks: accountChecks)
            let t = match.template
            let corners = [(0.0, 0.0), (t.width, 0.0), (t.width, t.height), (0.0, t.height)].map { c -> [Int] in
                let p = match.transform.apply(SlipPoint(x: c.0, y: c.1))
                return [SlipPoint.pixel(p.x), SlipPoint.pixel(p.y)]
            }
            out.append(SlipReading(record: record, slipClass: t.id, corners: corners))
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
        return out
    }
}
