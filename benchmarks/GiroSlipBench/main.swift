// giro-slip-bench (make bench-slips): every slip class found under fixtures/slips, per class × degradation: ms per
// image, classification (the confusion matrix printed: rows the true class, columns what was read, `slip.unknown` and
// `none` included) and per-field exact matches of the template engine, against a baseline run in the same process
// on the same inputs: whole-page Tesseract (sparse) + ParserGroup with no template (which has no way to tell a
// creditor's name from a debtor's).
//
//   giro-slip-bench [DIR]            images (`make fixtures-slips IMAGES=1`: <class>/<case>-<degradation>.png|jpg)
//   giro-slip-bench --words [DIR]    the words files instead (no OCR: seconds; baseline = ParserGroup on their text)
//
// Images: wall and CPU time (the process's user + system time: Tesseract runs on a thread of its own), one image at
// a time, with where the time goes (sheet search, label pass, zones); two slips on one 13 MP photo; and with
// `--anchor-only` the same images once more with the sheet search off (the path it falls back to), in the same run.
// GIRO_BENCH_VERBOSE=1 prints what each input got wrong on stderr.
//   --only=scan,skew                 these degradations only; --class=si.upn,sk.  classes starting with these
//   --misses                         one line per template field that differs (image, field, expected, read)
import Foundation
import Giro
import GiroImaging
import GiroSlips
import GiroTestSupport

struct Tally {
    var images = 0
    var ms = 0.0
    var classified = 0
    var cpu = 0.0
    var timings = SlipImageTimings()
    var hit: [String: Int] = [:]
    var total: [String: Int] = [:]
    mutating func score(_ field: String, _ expected: String?, _ got: String?) {
        guard let expected else { return }
        total[field, default: 0] += 1
        if got == expected { hit[field, default: 0] += 1 }
    }
    mutating func add(_ o: Tally) {
        images += o.images; ms += o.ms; classified += o.classified; cpu += o.cpu
        hit.merge(o.hit, uniquingKeysWith: +); total.merge(o.total, uniquingKeysWith: +)
    }
    func cell(_ f: String) -> String { total[f].map { "\(hit[f] ?? 0)/\($0)" } ?? "–" }
    func percent(_ f: String) -> String {
        guard let t = total[f], t > 0 else { return "–" }
        return String(format: "%.1f %%", 100 * Double(hit[f] ?? 0) / Double(t))
    }
}

func milliseconds(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

func cpuMilliseconds() -> Double {
    var u = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &u)
    #else
    getrusage(RUSAGE_SELF, &u)
    #endif
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000 + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000
}

let arguments = CommandLine.arguments.dropFirst()
let wordsMode = arguments.contains("--words")
let anchorOnly = arguments.contains("--anchor-only") && !wordsMode
let verbose = ProcessInfo.processInfo.environment["GIRO_BENCH_VERBOSE"] == "1"
let root = URL(fileURLWithPath: arguments.first { !$0.hasPrefix("--") } ?? "fixtures/slips")
/// `--name=a,b` → [a, b]; nil when the option is absent (no filter).
func listOption(_ name: String) -> [String]? {
    arguments.first { $0.hasPrefix("--\(name)=") }.map { $0.dropFirst(name.count + 3).split(separator: ",").map(String.init) }
}
let onlyDegradations = listOption("only"), onlyClasses = listOption("class")
let printMisses = arguments.contains("--misses")
let fields = SlipExpectation.fields
let reader = SlipReader.builtIn
let engine = TesseractEngine()
let fm = FileManager.default
let inputSuffixes = wordsMode ? [".words"] : [".png", ".jpg"]

/// Every `<class>/<case>-<degradation>.<ext>` with its `<case>.expect`, classes in name order.
var samples: [(cls: String, degradation: String, file: URL, expect: SlipExpectation)] = []
let classes = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.contains(".") }.sorted()
for cls in classes {
    let dir = root.appendingPathComponent(cls)
    for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() {
        guard let ext = inputSuffixes.first(where: { file.hasSuffix($0) }) else { continue }
        let stem = String(file.dropLast(ext.count))
        guard let dash = stem.lastIndex(of: "-"),
              let e = try? SlipExpectation(contentsOf: dir.appendingPathComponent("\(stem[..<dash]).expect")) else { continue }
        let degradation = String(stem[stem.index(after: dash)...])
        if let onlyDegradations, !onlyDegradations.contains(degradation) { continue }
        if let onlyClasses, !onlyClasses.contains(where: { cls.hasPrefix($0) }) { continue }
        samples.append((cls, degradation, dir.appendingPathComponent(file), e))
    }
}
guard !samples.isEmpty else {
    print("giro-slip-bench: no \(wordsMode ? "words files" : "images (make fixtures-slips IMAGES=1)") under \(root.path)")
    exit(1)
}

/// The record for the slip's class: the first classified slip, else the first unknown one; `none` when nothing.
func predicted(_ readings: [SlipReading]) -> (cls: String, record: PaymentRecord?) {
    let hit = readings.first { $0.slipClass != SlipReader.unknownClass } ?? readings.first
    return (hit?.slipClass ?? "none", hit?.record)
}

/// Baseline: the page's text (lines by height) through every generic parser, the first candidate of each kind.
func baseline(_ page: PageWords?, country: String) -> [String: String] {
    guard let page else { return [:] }
    let text = SlipReader.lines(page).text.joined(separator: "\n")
    let candidates = (try? ParserGroup.standard().parse(text, context: ParseContext(country: country))) ?? []
    var out: [String: String] = [:]
    out["iban"] = candidates.first { $0.type == "iban" && $0.status == .valid }?.value
    out["amount"] = candidates.first { $0.parser == .amount }.flatMap { c in
        c.amount.map { "\(Amount(value: $0, currency: c.currency ?? "").formattedValue) \(c.currency ?? "")" }
    }
    out["reference"] = candidates.first { $0.parser == .reference }.map { $0.fields["reference"] ?? $0.value }
    return out
}

var engineRows: [String: Tally] = [:], baseRows: [String: Tally] = [:], anchorRows: [String: Tally] = [:]

/// One template-engine run (words, or an image with `options`), scored into `rows[key]`; returns the class read.
func run(_ page: PageWords?, _ image: GrayImage?, _ options: SlipImageOptions, _ e: SlipExpectation, trueClass: String,
         into rows: inout [String: Tally], key: String) -> String {
    var timings = SlipImageTimings()
    let c0 = cpuMilliseconds(), t0 = ContinuousClock.now
    var readings: [SlipReading] = []
    if let page { readings = reader.read(words: page) }
    if let image { readings = (try? reader.read(image: image, engine: engine, options: options, timings: &timings)) ?? [] }
    let elapsed = ContinuousClock.now - t0, cpu = cpuMilliseconds() - c0
    let (cls, record) = predicted(readings)
    var row = rows[key] ?? Tally()
    row.images += 1
    row.ms += milliseconds(elapsed)
    row.cpu += cpu
    row.timings.paperSearch += timings.paperSearch
    row.timings.firstPass += timings.firstPass
    row.timings.zones += timings.zones
    row.timings.zoneCalls += timings.zoneCalls
    row.timings.papers += timings.papers
    if cls == trueClass { row.classified += 1 }
    let scored = cls == trueClass ? record : nil
    for field in fields {
        let got = SlipExpectation.observed(field, in: scored)
        row.score(field, e.expected(field), got)
        if printMisses, let want = e.expected(field), got != want {
            print("miss \(key) [\(cls), sheets \(options.detectPaper)] \(field): expected \(want) read \(got ?? "nil")")
            // What the zones read, so a miss can be traced to OCR, zone box or parser.
            let zonePrefix = field == "iban" ? "creditor.account" : field
            for ev in record?.source.evidence ?? [] where ev.field.hasPrefix(zonePrefix) {
                print("    zone \(ev.field): \((ev.text ?? "nil").debugDescription) conf \(ev.confidence.map(String.init) ?? "–") \(ev.corrections)")
            }
            for d in record?.diagnostics ?? [] where d.field.hasPrefix(zonePrefix) { print("    \(d)") }
        }
    }
    rows[key] = row
    if verbose {
        let wrong = scored.map { e.mismatches($0) } ?? ["read as \(cls)"]
        let notes = scored?.diagnostics.map { "\($0.field): \($0.message)" } ?? []
        if !wrong.isEmpty { FileHandle.standardError.write(Data("\(key) [sheets \(options.detectPaper)]: \(wrong) \(notes)\n".utf8)) }
    }
    return cls
}
var confusion: [String: [String: Int]] = [:]
for s in samples {
    guard let bytes = fm.contents(atPath: s.file.path) else { continue }
    let key = "\(s.cls) \(s.degradation)"
    var page: PageWords?
    if wordsMode { page = try? JSONDecoder().decode(PageWords.self, from: bytes) }

    let image = wordsMode ? nil : try? ImageLoader().load([UInt8](bytes)).image
    let cls = run(page, image, SlipImageOptions(), s.expect, trueClass: s.cls, into: &engineRows, key: key)
    confusion[s.cls, default: [:]][cls, default: 0] += 1
    if anchorOnly, image != nil { _ = run(nil, image, SlipImageOptions(detectPaper: false), s.expect, trueClass: s.cls, into: &anchorRows, key: key) }

    let t1 = ContinuousClock.now
    if !wordsMode, let loaded = try? ImageLoader().load([UInt8](bytes)) {
        page = try? engine.recognize(OCRImage(loaded.image), settings: OCRSettings(languages: ["eng"], layout: .sparse))
    }
    let found = baseline(page, country: String(s.cls.prefix(2)).uppercased())
    var base = baseRows[key] ?? Tally()
    base.images += 1
    base.ms += milliseconds(ContinuousClock.now - t1)
    for field in fields { base.score(field, s.expect.expected(field), found[field]) }
    baseRows[key] = base
}

let mode = wordsMode ? "words files (no OCR; baseline: ParserGroup on the words' text)" : "images (baseline: whole-page Tesseract + ParserGroup)"
print("## giro-slip-bench: \(samples.count) \(mode), \(Set(samples.map(\.cls)).count) classes\n")
print("| class degradation | inputs | template ms (CPU) | baseline ms | classified | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|---|" + fields.map { _ in "---|" }.joined())
for key in engineRows.keys.sorted() {
    guard let t = engineRows[key], let b = baseRows[key] else { continue }
    let cells = fields.map { "\(t.cell($0)) / \(b.cell($0))" }
    let n = Double(max(t.images, 1))
    print("| \(key) | \(t.images) | \(String(format: "%.1f", t.ms / n)) (\(String(format: "%.0f", t.cpu / n))) | \(String(format: "%.1f", b.ms / n)) | \(t.classified)/\(t.images) | "
          + cells.joined(separator: " | ") + " |")
}

// Per degradation, all classes: classification accuracy and per-field exact matches in per cent.
print("\n| degradation | inputs | template ms (CPU) | baseline ms | classification | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|---|" + fields.map { _ in "---|" }.joined())
let degradations = Set(samples.map(\.degradation)).sorted()
for d in degradations + ["all"] {
    var t = Tally(), b = Tally()
    for (key, row) in engineRows where d == "all" || key.hasSuffix(" \(d)") { t.add(row); b.add(baseRows[key] ?? Tally()) }
    let n = Double(max(t.images, 1))
    print("| \(d) | \(t.images) | \(String(format: "%.1f", t.ms / n)) (\(String(format: "%.0f", t.cpu / n))) | \(String(format: "%.1f", b.ms / n)) | "
          + String(format: "%.1f %%", 100 * Double(t.classified) / n) + " | " + fields.map { "\(t.percent($0)) / \(b.percent($0))" }.joined(separator: " | ") + " |")
}

// Confusion matrix: rows the true class, columns the class read (`slip.unknown`: a slip-like block no template
// matched; `none`: nothing found).
let readClasses = Set(confusion.values.flatMap(\.keys)).union(SlipReader.builtInTemplates.map(\.id))
let columns = readClasses.subtracting([SlipReader.unknownClass, "none"]).sorted() + [SlipReader.unknownClass, "none"]
print("\nConfusion matrix (rows: true class, columns: class read)\n")
print("| true \\ read | " + columns.joined(separator: " | ") + " |")
print("|---|" + columns.map { _ in "---|" }.joined())
for row in classes where confusion[row] != nil {
    print("| \(row) | " + columns.map { c in confusion[row]?[c].map(String.init) ?? "·" }.joined(separator: " | ") + " |")
}

if !wordsMode {
    // Where the template engine's time goes (wall clock per image): sheet search, first (label) pass, zones.
    func per(_ t: Tally, _ v: Double) -> Int { Int(v / Double(max(t.images, 1))) }
    print("\n| class degradation | sheets found | sheet search ms | first pass ms | zone OCR ms (calls) |")
    print("|---|---|---|---|---|")
    for key in engineRows.keys.sorted() {
        guard let t = engineRows[key] else { continue }
        print("| \(key) | \(t.timings.papers) | \(per(t, milliseconds(t.timings.paperSearch))) | \(per(t, milliseconds(t.timings.firstPass))) | \(per(t, milliseconds(t.timings.zones))) (\(t.timings.zoneCalls / max(t.images, 1))) |")
    }
    if anchorOnly {
        print("\n| degradation | anchor-only ms (CPU) | anchor-only classification | " + fields.map { "\($0) (anchor-only)" }.joined(separator: " | ") + " |")
        print("|---|---|---|" + fields.map { _ in "---|" }.joined())
        for d in degradations {
            var a = Tally()
            for (key, row) in anchorRows where key.hasSuffix(" \(d)") { a.add(row) }
            let n = Double(max(a.images, 1))
            print("| \(d) | \(String(format: "%.1f", a.ms / n)) (\(String(format: "%.0f", a.cpu / n))) | " + String(format: "%.1f %%", 100 * Double(a.classified) / n)
                  + " | " + fields.map { a.percent($0) }.joined(separator: " | ") + " |")
        }
    }
    twoSlipsOnOnePhoto()
}

/// Several slips on one photo: two 12 MP photos' sheets (their rows, cropped) stacked on one 4000-px-wide picture
/// (about 13 MP), read in one call; every slip must come back, in order, with its fields.
func twoSlipsOnOnePhoto() {
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
        guard parts.count == 2, parts[0].0.width == parts[1].0.width else { continue }
        let width = parts[0].0.width, height = parts[0].0.height + parts[1].0.height
        guard let page = GrayImage(width: width, height: height, pixels: parts[0].0.pixels + parts[1].0.pixels) else { continue }
        var timings = SlipImageTimings()
        let c0 = cpuMilliseconds(), t0 = ContinuousClock.now
        let found = (try? reader.read(image: page, engine: engine, options: SlipImageOptions(), timings: &timings)) ?? []
        let elapsed = milliseconds(ContinuousClock.now - t0), cpu = cpuMilliseconds() - c0
        var hits = 0
        for (reading, part) in zip(found, parts) where reading.slipClass == part.2 {
            for f in ["iban", "amount", "reference"] where part.1.expected(f) != nil
                && SlipExpectation.observed(f, in: reading.record) == part.1.expected(f) { hits += 1 }
        }
        let total = parts.reduce(0) { n, p in n + ["iban", "amount", "reference"].filter { p.1.expected($0) != nil }.count }
        print("| \(parts[0].2) + \(parts[1].2) | \(width)×\(height) | \(Int(elapsed)) (\(Int(cpu))) | \(timings.papers) | \(Int(milliseconds(timings.paperSearch))) / \(Int(milliseconds(timings.firstPass))) / \(Int(milliseconds(timings.zones))) (\(timings.zoneCalls)) | \(found.map(\.slipClass).joined(separator: ", ")) | \(hits)/\(total) |")
    }
}
