// giro-slip-bench (make bench-slips): the slip engine on three datasets, one table each —
//   own renders        fixtures/slips (generate.py: the templates' own geometry)
//   perturbed renders  .build/slips-perturbed (perturb.py: zones ±6 mm, scale 0.92–1.08, other fonts, combs, colours)
//   development sample $GIRO_SLIPS_DEV, else ../shared/slips-dev (drawn by a different hand; class names mapped)
// each per class × input kind (words = perfect-OCR words file, clean, scan, photo) as exact fields, with the
// classification confusion matrix, the confidence reliability table, and ms per input (wall and CPU; CPU is the
// one-core figure: Tesseract's thread is counted, nothing runs in parallel across inputs).
//
//   giro-slip-bench [--words] [--own=DIR] [--perturbed=DIR] [--dev=DIR] [--dataset=own,perturbed,dev]
//                   [--only=words,clean,scan,photo,photo12mp] [--class=si.upn,sk.] [--misses] [DIR (= --own)]
//   --words      words files only (no OCR: seconds); otherwise words files and images.
//   --misses     one line per stated field that differs (dataset, input, field, expected, read).
// GIRO_BENCH_VERBOSE=1 prints each input's class and misses on stderr. Scoring: Tests/GiroTestSupport/SlipTruth.swift.
import Foundation
import Giro
import GiroImaging
import GiroSlips
import GiroTestSupport

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
let env = ProcessInfo.processInfo.environment
let wordsOnly = arguments.contains("--words")
let verbose = env["GIRO_BENCH_VERBOSE"] == "1"
let printMisses = arguments.contains("--misses")
/// `--name=a,b` → [a, b]; nil when the option is absent (no filter).
func listOption(_ name: String) -> [String]? {
    arguments.first { $0.hasPrefix("--\(name)=") }.map { $0.dropFirst(name.count + 3).split(separator: ",").map(String.init) }
}
func pathOption(_ name: String) -> String? { listOption(name)?.joined(separator: ",") }
let onlyKinds = listOption("only"), onlyClasses = listOption("class"), onlyDatasets = listOption("dataset")
let ownRoot = URL(fileURLWithPath: pathOption("own") ?? arguments.first { !$0.hasPrefix("--") } ?? "fixtures/slips")
let perturbedRoot = URL(fileURLWithPath: pathOption("perturbed") ?? ".build/slips-perturbed")
let devRoot = URL(fileURLWithPath: pathOption("dev") ?? env["GIRO_SLIPS_DEV"] ?? "../shared/slips-dev")
let reader = SlipReader.builtIn
/// GIRO_BENCH_BUDGET_MS: the time per image (default: the engine's); raised, a machine shared with builds scores the
/// reading, not the load (zones left unread at the deadline).
let imageOptions = SlipImageOptions(budgetMilliseconds: env["GIRO_BENCH_BUDGET_MS"].flatMap { Int($0) } ?? SlipImageOptions().budgetMilliseconds)
let engine = TesseractEngine()
let fm = FileManager.default

let datasets: [(id: String, title: String, root: URL)] = [
    ("own", "Own renders (fixtures/slips, generate.py)", ownRoot),
    ("perturbed", "Perturbed renders (perturb.py)", perturbedRoot),
    ("dev", "Development sample (a different hand)", devRoot),
].filter { d in onlyDatasets.map { $0.contains(d.id) } ?? true }

func load(_ id: String, _ root: URL) -> [Sample] {
    let all: [Sample] = switch id {
    case "own": Datasets.own(root, images: !wordsOnly)
    case "dev": Datasets.sampleLayout(root, dataset: id, images: !wordsOnly, classMap: SlipTruth.devClassMap)
    default: Datasets.sampleLayout(root, dataset: id, images: !wordsOnly)
    }
    return all.filter { s in
        (onlyKinds.map { $0.contains(s.kind) } ?? true) && (onlyClasses.map { $0.contains { s.truth.slipClass.hasPrefix($0) } } ?? true)
    }
}

/// The reading scored for a slip: one of its true class, else the first classified one, else the first (unknown).
func predicted(_ readings: [SlipReading], truth: String) -> SlipReading? {
    readings.first { SlipTruth.sameClass($0.slipClass, truth) } ?? readings.first { $0.slipClass != SlipReader.unknownClass } ?? readings.first
}

struct Outcome {
    var cls: String
    var tally: Tally
    var reliability: Reliability
    var placement = Placement()
}

/// One input through the engine, scored: fields count only from a record of the true class or of the slip's country
/// (as the issue scores: a generic record of the right country counts).
func run(_ s: Sample) -> Outcome {
    var tally = Tally(), rel = Reliability()
    tally.inputs = 1
    guard let bytes = fm.contents(atPath: s.file.path) else { return Outcome(cls: "none", tally: tally, reliability: rel) }
    var timings = SlipImageTimings()
    let c0 = cpuMilliseconds(), t0 = ContinuousClock.now
    var readings: [SlipReading] = []
    if s.isWords {
        if let page = try? JSONDecoder().decode(PageWords.self, from: bytes) { readings = reader.read(words: page) }
    } else if let loaded = try? ImageLoader().load([UInt8](bytes)) {
        // With the form-colour dropout, as `giro decode` reads an image.
        readings = (try? reader.read(image: loaded.image, values: loaded.dropout, engine: engine, options: imageOptions,
                                     timings: &timings)) ?? []
    }
    tally.ms = milliseconds(ContinuousClock.now - t0)
    tally.cpu = cpuMilliseconds() - c0
    tally.timings = timings
    let reading = predicted(readings, truth: s.truth.slipClass)
    let cls = reading?.slipClass ?? "none"
    if SlipTruth.sameClass(cls, s.truth.slipClass) { tally.classified = 1 }
    let json = reading.flatMap { r in (try? JSONEncoder().encode(r.record)).flatMap(RecordJSON.init) }
    let record = SlipTruth.sameClass(cls, s.truth.slipClass) || json?.country?.uppercased() == s.truth.country.uppercased() ? json : nil
    var misses: [String] = []
    for (key, want) in s.truth.fields {
        let got = record?.observed(key) ?? []
        let ok = slipFieldExact(key, want: want, got: got)
        tally.total[key, default: 0] += 1
        if ok { tally.hit[key, default: 0] += 1 } else { misses.append("\(key): \(want.debugDescription) read \(got.first?.debugDescription ?? "nil")"
                   + (got.isEmpty ? "" : record?.confidence(key).map { " at \($0.value)" } ?? "")) }
        if let record, !got.isEmpty { rel.add(record.confidence(key), exact: ok) }
    }
    if printMisses { for m in misses.sorted() { print("miss \(s.dataset) \(s.name) \(s.kind) [\(cls)] \(m)") } }
    var placement = Placement()
    if let page = Placement.words(for: s) {
        let (p, off) = Placement.score(s.truth, record: record, page: page)
        placement = p
        if printMisses { for m in off { print("misplaced \(s.dataset) \(s.name) \(s.kind) [\(cls)] \(m)") } }
    }
    if verbose, !misses.isEmpty {
        FileHandle.standardError.write(Data("\(s.dataset) \(s.name) \(s.kind) [\(cls)]: \(misses.sorted())\n".utf8))
    }
    return Outcome(cls: cls, tally: tally, reliability: rel, placement: placement)
}

let kindOrder = ["words", "clean", "scan", "photo", "photo12mp"]
var summary: [(String, Tally, [String: Tally])] = []
var ownSamples: [Sample] = []

for d in datasets {
    print("\n## \(d.title): \(d.root.path)\n")
    guard fm.fileExists(atPath: d.root.path) else {
        let hint = d.id == "dev" ? "set GIRO_SLIPS_DEV to the development sample" : d.id == "perturbed" ? "run fixtures/slips/perturb.py" : "run fixtures/slips/generate.py"
        let msg = "!!! \(d.title): NOT FOUND at \(d.root.path) (\(hint)). This table is MISSING, not empty. !!!"
        print(msg)
        FileHandle.standardError.write(Data("giro-slip-bench: \(msg)\n".utf8))
        continue
    }
    let samples = load(d.id, d.root)
    if d.id == "own" { ownSamples = samples }
    guard !samples.isEmpty else {
        let msg = "!!! \(d.title): no inputs under \(d.root.path) (with the filters given). !!!"
        print(msg)
        FileHandle.standardError.write(Data("giro-slip-bench: \(msg)\n".utf8))
        continue
    }
    var cells: [String: [String: Tally]] = [:]   // class → kind → tally
    var confusion: [String: [String: Int]] = [:]
    var reliability = Reliability()
    var placed: [String: [String: Placement]] = [:]   // class → image kind → placement
    for s in samples {
        let o = run(s)
        if !s.isWords { placed[s.truth.slipClass, default: [:]][s.kind, default: Placement()].add(o.placement) }
        cells[s.truth.slipClass, default: [:]][s.kind, default: Tally()].add(o.tally)
        confusion[s.truth.slipClass, default: [:]][o.cls, default: 0] += 1
        reliability.add(o.reliability)
    }
    let kinds = kindOrder.filter { k in samples.contains { $0.kind == k } }
    var byKind: [String: Tally] = [:], all = Tally()
    for row in cells.values { for (k, t) in row { byKind[k, default: Tally()].add(t); all.add(t) } }
    summary.append((d.title, all, byKind))
    print("\(samples.count) inputs, \(cells.count) classes. Exact fields per class × input kind:\n")
    print("| class | " + kinds.joined(separator: " | ") + " | all |")
    print("|---|" + kinds.map { _ in "---|" }.joined() + "---|")
    for cls in cells.keys.sorted() {
        var rowAll = Tally()
        for t in cells[cls]?.values ?? [:].values { rowAll.add(t) }
        print("| \(cls) | " + kinds.map { cells[cls]?[$0]?.exactCell ?? "·" }.joined(separator: " | ") + " | \(rowAll.exactCell) |")
    }
    print("| **all classes** | " + kinds.map { byKind[$0]?.exactCell ?? "·" }.joined(separator: " | ") + " | **\(all.exactCell)** |")
    print("| classified | " + kinds.map { k in byKind[k].map { Tally.share($0.classified, $0.inputs) } ?? "·" }.joined(separator: " | ")
          + " | \(Tally.share(all.classified, all.inputs)) |")
    print("| ms per input, wall (CPU = one core) | " + kinds.map { k in
        byKind[k].map { String(format: "%.0f (%.0f)", $0.ms / Double(max($0.inputs, 1)), $0.cpu / Double(max($0.inputs, 1))) } ?? "·"
    }.joined(separator: " | ") + " | |")

    let placedKinds = kinds.filter { $0 != "words" }
    if !placedKinds.isEmpty, placed.values.contains(where: { $0.values.contains { $0.fields > 0 } }) {
        // Placement apart from reading: the record's box for each stated field covers the words printing its value
        // (from the image's own words file); a miss here is the fit, the label or the class, not the OCR.
        print("\nPlacement: stated fields whose record box covers the value's words (image's words file) per class × input kind:\n")
        print("| class | " + placedKinds.joined(separator: " | ") + " | all |")
        print("|---|" + placedKinds.map { _ in "---|" }.joined() + "---|")
        var column: [String: Placement] = [:], total = Placement()
        for cls in placed.keys.sorted() {
            var row = Placement()
            for (k, p) in placed[cls] ?? [:] { row.add(p); column[k, default: Placement()].add(p); total.add(p) }
            print("| \(cls) | " + placedKinds.map { placed[cls]?[$0]?.cell ?? "·" }.joined(separator: " | ") + " | \(row.cell) |")
        }
        print("| **all classes** | " + placedKinds.map { column[$0]?.cell ?? "·" }.joined(separator: " | ") + " | **\(total.cell)** |")
    }

    let fieldKeys = SlipTruth.order.filter { all.total[$0] != nil } + all.total.keys.filter { !SlipTruth.order.contains($0) }.sorted()
    print("\nExact per field × input kind:\n")
    print("| field | " + kinds.joined(separator: " | ") + " | all |")
    print("|---|" + kinds.map { _ in "---|" }.joined() + "---|")
    for f in fieldKeys {
        print("| \(f) | " + kinds.map { byKind[$0]?.fieldCell(f) ?? "·" }.joined(separator: " | ") + " | \(all.fieldCell(f)) |")
    }

    // Rows: the true class; columns: the class read (`slip.generic`: a slip no template fits, read by the generic reader; `none`: nothing found).
    // Past 10 classes read, the matrix is written a row per true class with its off-diagonal cells listed.
    let read = Set(confusion.values.flatMap(\.keys))
    let columns = read.subtracting([SlipReader.unknownClass, "none"]).sorted() + [SlipReader.unknownClass, "none"]
    print("\nClassification confusion matrix, all input kinds (rows: true class, columns: class read):\n")
    if columns.count <= 12 {
        print("| true \\ read | " + columns.joined(separator: " | ") + " |")
        print("|---|" + columns.map { _ in "---|" }.joined())
        for row in confusion.keys.sorted() {
            print("| \(row) | " + columns.map { c in confusion[row]?[c].map(String.init) ?? "·" }.joined(separator: " | ") + " |")
        }
    } else {
        print("| true class | inputs | read as itself | read as another class | slip.generic | none |")
        print("|---|---|---|---|---|---|")
        for row in confusion.keys.sorted() {
            let cells = confusion[row] ?? [:]
            let own = cells.filter { SlipTruth.sameClass($0.key, row) }.values.reduce(0, +)
            let others = cells.filter { !SlipTruth.sameClass($0.key, row) && ![SlipReader.unknownClass, "none"].contains($0.key) }
                .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print("| \(row) | \(cells.values.reduce(0, +)) | \(own) | \(others.isEmpty ? "·" : others) | \(cells[SlipReader.unknownClass] ?? 0) | \(cells["none"] ?? 0) |")
        }
    }

    let srcs = reliability.sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("\nConfidence reliability (fields the record reported; confidence from: \(srcs.isEmpty ? "–" : srcs)):\n")
    print("| reported confidence | fields | exact | share exact |")
    print("|---|---|---|---|")
    for label in Reliability.edges.map(\.0) + ["none reported"] {
        guard let r = reliability.rows[label] else { continue }
        print("| \(label) | \(r.n) | \(r.exact) | " + String(format: "%.1f %%", 100 * Double(r.exact) / Double(max(r.n, 1))) + " |")
    }
    let hi = reliability.atLeast90
    print("\nReported at ≥ 0.9: \(Tally.share(hi.exact, hi.n)) exact (target ≥ 99 %).")

    let imageKinds = kinds.filter { $0 != "words" }
    if !imageKinds.isEmpty {
        func per(_ t: Tally, _ v: Double) -> Int { Int(v / Double(max(t.inputs, 1))) }
        print("\nWhere the image time goes (wall ms per image):\n")
        print("| input kind | images | sheets found | sheet search ms | first pass ms | zone OCR ms (calls) |")
        print("|---|---|---|---|---|---|")
        for k in imageKinds {
            guard let t = byKind[k] else { continue }
            print("| \(k) | \(t.inputs) | \(t.timings.papers) | \(per(t, milliseconds(t.timings.paperSearch))) | \(per(t, milliseconds(t.timings.firstPass))) | \(per(t, milliseconds(t.timings.zones))) (\(t.timings.zoneCalls / max(t.inputs, 1))) |")
        }
    }
}

if !summary.isEmpty {
    let kinds = kindOrder.filter { k in summary.contains { $0.2[k] != nil } }
    print("\n## Summary: exact fields per dataset × input kind\n")
    print("| dataset | " + kinds.joined(separator: " | ") + " | all | classified |")
    print("|---|" + kinds.map { _ in "---|" }.joined() + "---|---|")
    for (title, all, byKind) in summary {
        print("| \(title) | " + kinds.map { byKind[$0]?.exactCell ?? "·" }.joined(separator: " | ") + " | \(all.exactCell) | \(Tally.share(all.classified, all.inputs)) |")
    }
}

if !wordsOnly, !ownSamples.isEmpty, onlyKinds.map({ $0.contains("photo12mp") }) ?? true { twoSlipsOnOnePhoto() }

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
            guard let bytes = fm.contents(atPath: ownRoot.appendingPathComponent("\(name)-photo12mp.jpg").path),
                  let image = try? ImageLoader().load([UInt8](bytes)).image,
                  let e = try? SlipExpectation(contentsOf: ownRoot.appendingPathComponent("\(name).expect")),
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
