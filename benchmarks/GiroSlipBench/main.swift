// giro-slip-bench (make bench-slips): every slip class found under fixtures/slips, per class × degradation: ms per
// image, classification (the confusion matrix printed: rows the true class, columns what was read, `slip.unknown` and
// `none` included) and per-field exact matches of the template engine, against a baseline run in the same process
// on the same inputs: whole-page Tesseract (sparse) + ParserGroup with no template (which has no way to tell a
// creditor's name from a debtor's).
//
//   giro-slip-bench [DIR]            images (`make fixtures-slips IMAGES=1`: <class>/<case>-<degradation>.png|jpg)
//   giro-slip-bench --words [DIR]    the words files instead (no OCR: seconds; baseline = ParserGroup on their text)
//   --only=scan,skew                 these degradations only; --class=si.upn,sk.  classes starting with these
//   --misses                         one line per template field that differs (image, field, expected, read)
import Foundation
import Giro
import GiroTestSupport

struct Tally {
    var images = 0
    var ms = 0.0
    var classified = 0
    var hit: [String: Int] = [:]
    var total: [String: Int] = [:]
    mutating func score(_ field: String, _ expected: String?, _ got: String?) {
        guard let expected else { return }
        total[field, default: 0] += 1
        if got == expected { hit[field, default: 0] += 1 }
    }
    mutating func add(_ o: Tally) {
        images += o.images; ms += o.ms; classified += o.classified
        hit.merge(o.hit, uniquingKeysWith: +); total.merge(o.total, uniquingKeysWith: +)
    }
    func cell(_ f: String) -> String { total[f].map { "\(hit[f] ?? 0)/\($0)" } ?? "–" }
    func percent(_ f: String) -> String {
        guard let t = total[f], t > 0 else { return "–" }
        return String(format: "%.1f %%", 100 * Double(hit[f] ?? 0) / Double(t))
    }
}

func milliseconds(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

let arguments = CommandLine.arguments.dropFirst()
let wordsMode = arguments.contains("--words")
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

var engineRows: [String: Tally] = [:], baseRows: [String: Tally] = [:]
var confusion: [String: [String: Int]] = [:]
for s in samples {
    guard let bytes = fm.contents(atPath: s.file.path) else { continue }
    let key = "\(s.cls) \(s.degradation)"
    var page: PageWords?
    if wordsMode { page = try? JSONDecoder().decode(PageWords.self, from: bytes) }

    let t0 = ContinuousClock.now
    let readings = wordsMode ? page.map { reader.read(words: $0) } ?? [] : (try? reader.read(imageBytes: [UInt8](bytes), engine: engine)) ?? []
    let engineMS = milliseconds(ContinuousClock.now - t0)
    let (cls, record) = predicted(readings)
    confusion[s.cls, default: [:]][cls, default: 0] += 1
    var row = engineRows[key] ?? Tally()
    row.images += 1
    row.ms += engineMS
    if cls == s.cls { row.classified += 1 }
    for field in fields {
        let got = SlipExpectation.observed(field, in: cls == s.cls ? record : nil)
        row.score(field, s.expect.expected(field), got)
        if printMisses, let want = s.expect.expected(field), got != want {
            print("miss \(s.file.lastPathComponent) [\(cls)] \(field): expected \(want) read \(got ?? "nil")")
            // What the zones read, so a miss can be traced to OCR, zone box or parser.
            let zonePrefix = field == "iban" ? "creditor.account" : field
            for e in record?.source.evidence ?? [] where e.field.hasPrefix(zonePrefix) {
                print("    zone \(e.field): \((e.text ?? "nil").debugDescription) conf \(e.confidence.map(String.init) ?? "–") \(e.corrections)")
            }
            for d in record?.diagnostics ?? [] where d.field.hasPrefix(zonePrefix) { print("    \(d)") }
        }
    }
    engineRows[key] = row

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
print("| class degradation | inputs | template ms | baseline ms | classified | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|---|" + fields.map { _ in "---|" }.joined())
for key in engineRows.keys.sorted() {
    guard let t = engineRows[key], let b = baseRows[key] else { continue }
    let cells = fields.map { "\(t.cell($0)) / \(b.cell($0))" }
    let n = Double(max(t.images, 1))
    print("| \(key) | \(t.images) | \(String(format: "%.1f", t.ms / n)) | \(String(format: "%.1f", b.ms / n)) | \(t.classified)/\(t.images) | "
          + cells.joined(separator: " | ") + " |")
}

// Per degradation, all classes: classification accuracy and per-field exact matches in per cent.
print("\n| degradation | inputs | template ms | baseline ms | classification | " + fields.map { "\($0) (template / baseline)" }.joined(separator: " | ") + " |")
print("|---|---|---|---|---|" + fields.map { _ in "---|" }.joined())
let degradations = Set(samples.map(\.degradation)).sorted()
for d in degradations + ["all"] {
    var t = Tally(), b = Tally()
    for (key, row) in engineRows where d == "all" || key.hasSuffix(" \(d)") { t.add(row); b.add(baseRows[key] ?? Tally()) }
    let n = Double(max(t.images, 1))
    print("| \(d) | \(t.images) | \(String(format: "%.1f", t.ms / n)) | \(String(format: "%.1f", b.ms / n)) | "
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
