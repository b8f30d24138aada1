// giro-slip-bench (make bench-slips): per slip class × degradation, ms per image and per-field exact matches of
// the template engine against a baseline run in the same process on the same images: whole-page Tesseract
// (sparse) + ParserGroup with no template (which has no way to tell a creditor's name from a debtor's).
// Images come from `make fixtures-slips IMAGES=1` (fixtures/slips/<class>/<case>-<degradation>.png|jpg).
// The template engine runs twice per image: as it is (sheets found and rectified, then the page) and with the
// sheet search off (the anchor-only path it falls back to), so both speeds are measured in the same run. Times are
// wall clock and CPU (the process's user + system time: Tesseract runs on a thread of its own), one image at a time.
import Foundation
import Giro
import GiroImaging
import GiroSlips
import GiroTestSupport

struct Tally {
    var images = 0
    var ms = 0.0
    var cpu = 0.0
    var timings = SlipImageTimings()
    var hit: [String: Int] = [:]
    var total: [String: Int] = [:]
    mutating func score(_ field: String, _ expected: String?, _ got: String?) {
        guard let expected else { return }
        total[field, default: 0] += 1
        if got == expected { hit[field, default: 0] += 1 }
    }
    func cell(_ f: String) -> String { total[f].map { "\(hit[f] ?? 0)/\($0)" } ?? "–" }
}

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "fixtures/slips")
let fields = SlipExpectation.fields
let reader = SlipReader(templates: SlipReader.builtInTemplates)
let engine = TesseractEngine()
var engineRows: [String: Tally] = [:], baseRows: [String: Tally] = [:], anchorRows: [String: Tally] = [:]

let verbose = ProcessInfo.processInfo.environment["GIRO_BENCH_VERBOSE"] == "1"
// GIRO_BENCH_PAPER_SIDE: the long side sheets are rectified to for the label pass (default: SlipImageOptions').
let paperSide = ProcessInfo.processInfo.environment["GIRO_BENCH_PAPER_SIDE"].flatMap(Int.init) ?? SlipImageOptions().paperSide

func cpuMilliseconds() -> Double {
    var u = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &u)
    #else
    getrusage(RUSAGE_SELF, &u)
    #endif
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000 + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000
}
func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

/// One template-engine run, scored into `rows[key]`.
func run(_ image: GrayImage, _ options: SlipImageOptions, _ e: SlipExpectation, into rows: inout [String: Tally], key: String) {
    var timings = SlipImageTimings()
    let c0 = cpuMilliseconds(), t0 = ContinuousClock.now
    let record = (try? reader.read(image: image, engine: engine, options: options, timings: &timings))?.first?.record
    let elapsed = ContinuousClock.now - t0, cpu = cpuMilliseconds() - c0
    var row = rows[key] ?? Tally()
    row.images += 1
    row.ms += ms(elapsed)
    row.cpu += cpu
    row.timings.paperSearch += timings.paperSearch
    row.timings.firstPass += timings.firstPass
    row.timings.zones += timings.zones
    row.timings.zoneCalls += timings.zoneCalls
    row.timings.papers += timings.papers
    for field in fields { row.score(field, e.expected(field), SlipExpectation.observed(field, in: record)) }
    rows[key] = row
    // GIRO_BENCH_VERBOSE=1: what each image got wrong, on stderr.
    if verbose {
        let wrong = record.map { e.mismatches($0) } ?? ["no slip found"]
        let notes = record?.diagnostics.map { "\($0.field ?? ""): \($0.message)" } ?? []
        if !wrong.isEmpty { FileHandle.standardError.write(Data("\(key) [paper \(options.detectPaper)]: \(wrong) \(notes)\n".utf8)) }
    }
}
let fm = FileManager.default
let classes = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.contains(".") }.sorted()
for cls in classes {
    let dir = root.appendingPathComponent(cls)
    for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where file.hasSuffix(".png") || file.hasSuffix(".jpg") {
        let stem = String(file.dropLast(4))
        guard let dash = stem.lastIndex(of: "-"),
              let e = try? SlipExpectation(contentsOf: dir.appendingPathComponent("\(stem[..<dash]).expect")),
              let bytes = fm.contents(atPath: dir.appendingPathComponent(file).path) else { continue }
        let key = "\(cls) \(stem[stem.index(after: dash)...])"

        guard let loaded = try? ImageLoader().load([UInt8](bytes)) else { continue }
        run(loaded.image, SlipImageOptions(paperSide: paperSide), e, into: &engineRows, key: key)
        run(loaded.image, SlipImageOptions(detectPaper: false), e, into: &anchorRows, key: key)

        let t0 = ContinuousClock.now
        var candidates: [ParseCandidate] = []
        if let loaded = try? ImageLoader().load([UInt8](bytes)), case let image = OCRImage(loaded.image),
           let page = try? engine.recognize(image, settings: OCRSettings(languages: ["eng"], layout: .sparse)) {
            let text = SlipReader.lines(page).text.joined(separator: "\n")
            let country = String(cls.prefix(2)).uppercased()
            candidates = (try? ParserGroup.standard().parse(text, context: ParseContext(country: country))) ?? []
        }
        let elapsed = ContinuousClock.now - t0
        var base = baseRows[key] ?? Tally()
        base.images += 1
        base.ms += Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let iban = candidates.first { $0.type == "iban" && $0.status == .valid }?.value
        let amount = candidates.first { $0.parser == .amount }.flatMap { c in c.amount.map { "\(Amount(value: $0, currency: c.currency ?? "").formattedValue) \(c.currency ?? "")" } }
        let reference = candidates.first { $0.parser == .reference }.map { $0.fields["reference"] ?? $0.value }
        base.score("iban", e.iban, iban)
        base.score("amount", e.amount, amount)
        base.score("reference", e.reference, reference)
        base.score("creditor", e.creditor, nil)
        base.score("debtor", e.debtor, nil)
        baseRows[key] = base
    }
}

print("| class degradation | images | template ms/img (CPU) | anchor-only ms/img (CPU) | baseline ms/img | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|---|" + fields.map { _ in "---|" }.joined())
func per(_ t: Tally, _ v: Double) -> Int { Int(v / Double(max(t.images, 1))) }
for key in engineRows.keys.sorted() {
    guard let t = engineRows[key], let a = anchorRows[key], let b = baseRows[key] else { continue }
    let cells = fields.map { "\(t.cell($0)) / \(b.cell($0))" }
    print("| \(key) | \(t.images) | \(per(t, t.ms)) (\(per(t, t.cpu))) | \(per(a, a.ms)) (\(per(a, a.cpu))) | \(per(b, b.ms)) | " + cells.joined(separator: " | ") + " |")
}

// Where the template engine's time goes (wall clock per image): sheet search, first (label) pass, zones.
print("\n| class degradation | sheets found | sheet search ms | first pass ms | zone OCR ms (calls) |")
print("|---|---|---|---|---|")
for key in engineRows.keys.sorted() {
    guard let t = engineRows[key] else { continue }
    print("| \(key) | \(t.timings.papers) | \(per(t, ms(t.timings.paperSearch))) | \(per(t, ms(t.timings.firstPass))) | \(per(t, ms(t.timings.zones))) (\(t.timings.zoneCalls / max(t.images, 1))) |")
}

// Exact matches per degradation over all classes (IBAN, amount, reference): template engine / anchor-only path.
print("\n| degradation | iban | amount | reference | creditor | debtor | (anchor-only: iban, amount, reference) |")
print("|---|---|---|---|---|---|---|")
let degradations = Set(engineRows.keys.compactMap { $0.split(separator: " ").last.map(String.init) }).sorted()
for d in degradations {
    var t = Tally(), a = Tally()
    for (key, row) in engineRows where key.hasSuffix(" " + d) {
        for f in fields { t.hit[f, default: 0] += row.hit[f] ?? 0; t.total[f, default: 0] += row.total[f] ?? 0 }
        if let r = anchorRows[key] { for f in fields { a.hit[f, default: 0] += r.hit[f] ?? 0; a.total[f, default: 0] += r.total[f] ?? 0 } }
    }
    func pct(_ x: Tally, _ f: String) -> String {
        guard let n = x.total[f], n > 0 else { return "–" }
        return "\(x.hit[f] ?? 0)/\(n) (\(Int((Double(x.hit[f] ?? 0) * 100 / Double(n)).rounded())) %)"
    }
    print("| \(d) | " + fields.map { pct(t, $0) }.joined(separator: " | ") + " | " + ["iban", "amount", "reference"].map { pct(a, $0) }.joined(separator: ", ") + " |")
}

// Several slips on one photo: two 12 MP photos' sheets (their rows, cropped) stacked on one 4000-px-wide picture
// (about 13 MP), read in one call; every slip must come back, in order, with its fields.
let pairs = [("hr.hub-3a/water-bill", "ch.esr/spec-example"), ("si.upn/rent", "at.zahlungsanweisung/utility"),
             ("de.sepa-ueberweisung/invoice", "ch.es/donation")]
print("\n| two slips on one photo | pixels | ms (CPU) | sheets | sheet search / first passes / zones ms (zone calls) | classes found | iban, amount, reference exact |")
print("|---|---|---|---|---|---|---|")
for (top, bottom) in pairs {
    var parts: [(GrayImage, SlipExpectation, String)] = []
    for name in [top, bottom] {
        guard let bytes = fm.contents(atPath: root.appendingPathComponent("\(name)-photo12mp.jpg").path),
              let image = try? ImageLoader().load([UInt8](bytes)).image,
              let e = try? SlipExpectation(contentsOf: root.appendingPathComponent("\(name).expect")),
              let sheet = QuadDetector().detect(image).first else { continue }
        // The sheet's rows with a margin of background.
        let ys = sheet.corners.map(\.y)
        let y0 = max(0, Int(ys.min() ?? 0) - 40), y1 = min(image.height, Int(ys.max() ?? 0) + 40)
        guard y1 > y0, let rows = GrayImage(width: image.width, height: y1 - y0,
                                            pixels: Array(image.pixels[(y0 * image.width)..<(y1 * image.width)])) else { continue }
        parts.append((rows, e, String(name.split(separator: "/").first ?? "")))
    }
    guard parts.count == 2 else { continue }
    let width = parts[0].0.width, height = parts[0].0.height + parts[1].0.height
    guard let page = GrayImage(width: width, height: height, pixels: parts[0].0.pixels + parts[1].0.pixels) else { continue }
    var timings = SlipImageTimings()
    let c0 = cpuMilliseconds(), t0 = ContinuousClock.now
    let found = (try? reader.read(image: page, engine: engine, options: SlipImageOptions(), timings: &timings)) ?? []
    let elapsed = ms(ContinuousClock.now - t0), cpu = cpuMilliseconds() - c0
    var hits = 0, total = 0
    for (reading, part) in zip(found, parts) where reading.slipClass == part.2 {
        for f in ["iban", "amount", "reference"] where part.1.expected(f) != nil {
            total += 1
            if SlipExpectation.observed(f, in: reading.record) == part.1.expected(f) { hits += 1 }
        }
    }
    let expectedTotal = parts.reduce(0) { n, p in n + ["iban", "amount", "reference"].filter { p.1.expected($0) != nil }.count }
    print("| \(parts[0].2) + \(parts[1].2) | \(width)×\(height) | \(Int(elapsed)) (\(Int(cpu))) | \(timings.papers) | \(Int(ms(timings.paperSearch))) / \(Int(ms(timings.firstPass))) / \(Int(ms(timings.zones))) (\(timings.zoneCalls)) | \(found.map(\.slipClass).joined(separator: ", ")) | \(hits)/\(max(total, expectedTotal)) |")
}
