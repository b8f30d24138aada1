import Foundation
import Giro
import GiroCore
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// Reading separated from placement: each stated value's own words (a words file is perfect OCR of the same image,
/// so its boxes say where the value is printed) are cropped with a margin, as a zone placed right would be, and read
/// as the image path reads a zone (`valueCrop`, comb cells, the zone's OCR settings, its parser). Off unless
/// `GIRO_ZONE_PROBE` names a folder in the development sample's layout (`<class>/[<slip>/]<image>` with
/// `<image>.words.json` and `<image>.json`); prints one line per value and a table per field kind and input kind.
@Suite struct SlipZoneTruthProbe {
    static let root = ProcessInfo.processInfo.environment["GIRO_ZONE_PROBE"]

    /// Truth key → the template zones that hold it, first found wins.
    static let zonesFor: [String: [String]] = [
        "iban": ["creditor.account.iban"],
        "account": ["creditor.account.number", "creditor.account.iban", "creditor.account"],
        "sort_code": ["creditor.account.bankCode"],
        "amount": ["amount"],
        "reference": ["reference", "symbols.variable"],
        "creditor_name": ["creditor.name"],
        "debtor_name": ["debtor.name"],
    ]

    struct Outcome { var key: String, kind: String, cls: String, first: Bool, any: Bool, read: String }

    @Test(.enabled(if: root != nil)) func probe() throws {
        let root = URL(fileURLWithPath: try #require(Self.root))
        let only = ProcessInfo.processInfo.environment["GIRO_ZONE_PROBE_ONLY"]
        var outcomes: [Outcome] = []
        let fm = FileManager.default
        let engine = TesseractEngine()
        let reader = SlipReader.builtIn
        for top in (try fm.contentsOfDirectory(atPath: root.path)).sorted() {
            let cls = SlipTruth.devClassMap[top] ?? top
            if let only, !cls.contains(only) { continue }
            guard let template = SlipReader.builtInTemplates.first(where: { $0.id == cls }) else { continue }
            let dir = root.appendingPathComponent(top)
            let subs = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().map { dir.appendingPathComponent($0) }
            for slip in [dir] + subs.filter({ $0.hasDirectoryPath || (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }) {
                for image in ["clean.png", "scan.jpg", "photo.jpg"] {
                    let file = slip.appendingPathComponent(image)
                    guard let truth = SlipTruth(truthFile: slip.appendingPathComponent(image + ".json"), slipClass: cls),
                          let wordsData = fm.contents(atPath: file.path + ".words.json"),
                          let words = try? JSONDecoder().decode(ProbeWords.self, from: wordsData),
                          let bytes = fm.contents(atPath: file.path),
                          let loaded = try? ImageLoader().load([UInt8](bytes)) else { continue }
                    let kind = String(image.prefix { $0 != "." })
                    if let k = ProcessInfo.processInfo.environment["GIRO_ZONE_PROBE_KIND"], k != kind { continue }
                    for (key, want) in truth.fields.sorted(by: { $0.key < $1.key }) {
                        guard let names = Self.zonesFor[key],
                              let zone = names.lazy.compactMap({ n in template.zones.first { $0.field == n } }).first,
                              let box = Self.box(of: want, key: key, in: words.words) else { continue }
                        let looks = reader.probeLooks(zone, template: template, image: loaded.image, values: loaded.dropout,
                                                      pixelBox: box, truth: want, key: key, engine: engine)
                        let ok = looks.map { Self.matches($0.value, want: want, key: key) }
                        let o = Outcome(key: key, kind: kind, cls: cls, first: ok.first ?? false, any: ok.contains(true),
                                        read: looks.map { "\($0.text)=\($0.value.map { "\($0)" } ?? "nil")" }.joined(separator: " | "))
                        print("probe \(cls) \(slip.lastPathComponent) \(kind) \(key): \(o.first ? "ok" : o.any ? "later" : "MISS") want \"\(want)\" read \(o.read)")
                        outcomes.append(o)
                    }
                }
            }
        }
        print("probe table (first look / any look, of n):")
        for key in SlipTruth.order where outcomes.contains(where: { $0.key == key }) {
            var row = "probe \(key.padding(toLength: 14, withPad: " ", startingAt: 0))"
            for kind in ["clean", "scan", "photo"] {
                let s = outcomes.filter { $0.key == key && $0.kind == kind }
                row += " \(kind) \(s.count { $0.first })/\(s.count { $0.any })/\(s.count)"
            }
            print(row)
        }
        #expect(!outcomes.isEmpty)
    }

    /// The union of the consecutive words (one line) that spell the value, in image pixels; nil when not found.
    static func box(of want: String, key: String, in words: [ProbeWords.Word]) -> [Int]? {
        var target = want
        if key == "account" { target = String(want.split(separator: "/").first ?? "") }
        if key == "reference", let space = want.firstIndex(of: " "), want[..<space].count <= 4,
           want[..<space].contains(where: \.isLetter) { target = String(want[want.index(after: space)...]) }
        let goal = norm(target, key: key)
        guard !goal.isEmpty else { return nil }
        var found: [[Int]] = []
        for i in words.indices {
            var text = "", box = [words[i].x, words[i].y, words[i].x + words[i].w, words[i].y + words[i].h]
            for j in i..<min(words.count, i + 14) {
                let w = words[j]
                if j > i, abs((w.y + w.h / 2) - (box[1] + box[3]) / 2) > w.h { break }
                text += w.text
                box = [min(box[0], w.x), min(box[1], w.y), max(box[2], w.x + w.w), max(box[3], w.y + w.h)]
                let n = norm(text, key: key)
                if n == goal { found.append(box); break }
                if !goal.hasPrefix(n) { break }
            }
        }
        // The tallest print of the value: the main part's field, not the receipt's copy.
        return found.max { $0[3] - $0[1] < $1[3] - $1[1] }
    }

    static func norm(_ s: String, key: String) -> String {
        key == "amount" ? String(s.filter { $0.isASCII && $0.isNumber })
            : String(s.filter { $0.isLetter || $0.isNumber }).lowercased()
    }

    static func matches(_ value: SlipValue?, want: String, key: String) -> Bool {
        guard let value else { return false }
        switch value {
        case .amount(let a): return "\(a.value)" == want || a.formattedValue == want
        case .text(let s):
            if key == "account" || key == "sort_code" || key == "reference" { return norm(s, key: key) == norm(want, key: key)
                || norm(want, key: key).hasSuffix(norm(s, key: key)) && norm(s, key: key).count >= 6
                || (key == "account" && norm(want, key: key).hasPrefix(norm(s, key: key)) && norm(s, key: key).count >= 6) }
            return s == want || s.filter { !$0.isWhitespace } == want.filter { !$0.isWhitespace }
        case .reference(let r):
            let w = norm(want, key: key), v = norm(r.value, key: key), m = norm((r.model ?? "") + r.value, key: key)
            return w == v || w == m || (w.hasSuffix(v) && v.count >= 6)
        case .account(let a):
            let digits = norm((a.number ?? a.iban ?? "") + (a.bankCode ?? ""), key: key)
            let w = norm(want, key: key)
            return digits == w || (a.iban.map { norm($0, key: key) } == w) || w.hasPrefix(norm(a.number ?? "-", key: key))
        case .lines(let l): return l.joined(separator: " ") == want
        case .codingLine: return false
        }
    }
}

struct ProbeWords: Decodable {
    struct Word: Decodable { var text: String, x: Int, y: Int, w: Int, h: Int }
    var width: Int, height: Int, words: [Word]
}

extension SlipReader {
    /// The zone's three looks (as `readZones` takes them) at a box given in image pixels, each parsed.
    func probeLooks(_ zone: SlipZone, template: SlipTemplate, image: GrayImage, values: GrayImage?, pixelBox b: [Int],
                    truth: String, key: String, engine: some OCREngine) -> [(text: String, value: SlipValue?)] {
        let s = 300 / 25.4
        let t = SlipTransform(a: s, b: 0, c: 0, d: 0, e: s, f: 0)
        let h = Double(b[3] - b[1])
        let mx = 0.8 * h, my = 0.6 * h
        let box = SlipBox(x: (Double(b[0]) - mx) / s, y: (Double(b[1]) - my) / s,
                          w: (Double(b[2] - b[0]) + 2 * mx) / s, h: (h + 2 * my) / s)
        // A model printed in its own box: the truth's, as if read right.
        var model: ZoneText?
        if let c = zone.options["modelZone"] ?? zone.options["bankZone"] {
            var m = ZoneText(lines: [], words: [], confidence: 90, box: [], placed: nil, crop: nil, parsed: nil)
            if key == "reference", let space = truth.firstIndex(of: " ") { m.lines = [String(truth[..<space])] }
            if key == "account", let slash = truth.firstIndex(of: "/") { m.lines = [String(truth[truth.index(after: slash)...])] }
            if c.isEmpty { m.lines = [] }
            model = m
        }
        var out: [(text: String, value: SlipValue?)] = []
        for (scale, binarized) in [(1.0, false), (4.0 / 3, false), (1.0, true)] {
            guard let (gray, _, cells) = valueCrop(image, values: values, box, t, dpi: 300 * scale) else { continue }
            let looked = binarized ? gray.binarized() : gray
            let crop = zone.parser == .amount ? SlipFillMarks.blankingLeading(looked) ?? looked : looked
            let settings = OCRSettings(languages: zone.ocr.languages ?? template.languages,
                                       whitelist: zone.ocr.whitelist ?? zone.parser.defaultWhitelist,
                                       layout: zone.ocr.layout ?? .line, budgetMilliseconds: 5_000)
            if ProcessInfo.processInfo.environment["GIRO_ZONE_PROBE_DUMP"] != nil {
                let path = "/tmp/probe-\(template.id)-\(key)-\(Int(scale * 3))\(binarized ? "b" : "").pgm"
                let header = Array("P5\n\(crop.width) \(crop.height)\n255\n".utf8)
                FileManager.default.createFile(atPath: path, contents: Data(header + crop.pixels))
            }
            guard let lines = Self.zoneLines(crop, cells: cells, parser: zone.parser, engine: engine, settings: settings) else { continue }
            let text = ZoneText(lines: lines.text, words: [], confidence: lines.confidence, box: [], placed: nil, crop: nil, parsed: nil)
            let o = lines.text.isEmpty ? nil
                : SlipFieldReader.read(zone, text: text, model: model, template: template, currency: template.currency, rules: rules)
            out.append(("\"\(lines.text.joined(separator: "⏎"))\"\(cells == nil ? "" : "#\(cells?.cells.count ?? 0)")@\(lines.confidence ?? -1)", o?.value))
        }
        return out
    }
}
