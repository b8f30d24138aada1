// giro-image-bench: per generated fixture (symbology × variant), ms per image and success for each single
// backend, the combined strategy, and the zbarimg / ZXingReader command-line tools, in one run.
// Run in release: `make bench-images`. In-process timings exclude file decoding; CLI timings include process
// start and image decoding (that is what a caller of those tools pays).
import Dispatch
import Foundation
import Giro
import GiroTestSupport

let repoRoot = RepositoryRoot.url
let args = CommandLine.arguments
let minSeconds = Double(args.first { $0.hasPrefix("--seconds=") }.map { String($0.dropFirst(10)) } ?? "") ?? 0.15

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

struct Case {
    var file: URL
    var name: String
    var symbology: String
    var payloads: [[UInt8]]
    /// A payment format claims the payload (the strategy stops at it); otherwise it searches on until the budget.
    var payment: Bool
}

func cases() -> [Case] {
    let dir = repoRoot.appendingPathComponent("fixtures/images")
    guard let text = try? String(contentsOf: dir.appendingPathComponent("manifest.tsv"), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
        let f = line.split(separator: "\t").map(String.init)
        guard f.count == 5, !line.hasPrefix("#") else { return nil }
        let payloads = f[2].split(separator: ",").compactMap { try? [UInt8](Data(contentsOf: repoRoot.appendingPathComponent(String($0)))) }
        let name = (f[0] as NSString).lastPathComponent
        return Case(file: dir.appendingPathComponent(f[0]), name: (name as NSString).deletingPathExtension, symbology: f[1], payloads: payloads, payment: f[3] == "golden")
    }
}

let decoder = PaymentDecoder()
/// The engine's predicate: a payment format claims the bytes (decoded, or rejected as an invalid payment).
func isPayment(_ s: DetectedSymbol) -> Bool {
    do throws(GiroError) {
        _ = try decoder.decode(s.payload)
        return true
    } catch {
        return error.code != .unknownFormat && error.code != .notAPayment
    }
}

/// Repeats `body` until `minSeconds` (at least 3 runs, at most 200); the median run in ms and the last result.
/// The median, not the mean: the build machine is shared, and a few slow runs must not decide a row.
func timed(_ body: () -> [DetectedSymbol]) -> (ms: Double, symbols: [DetectedSymbol]) {
    var runs: [Double] = []
    var last: [DetectedSymbol] = []
    let start = now()
    repeat {
        let t0 = now()
        last = body()
        runs.append(Double(now() - t0) / 1e6)
    } while (runs.count < 3 || Double(now() - start) / 1e9 < minSeconds) && runs.count < 200
    return (runs.sorted()[runs.count / 2], last)
}

func success(_ symbols: [DetectedSymbol], _ c: Case) -> Bool {
    c.payloads.allSatisfy { p in symbols.contains { $0.bytes == p } }
}

func runTool(_ path: String, _ arguments: [String]) -> (ms: Double, output: Data) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    let start = now()
    guard (try? p.run()) != nil else { return (0, Data()) }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (Double(now() - start) / 1e6, data)
}

/// A tool succeeds when every payload's bytes appear in its output (zbarimg -Sbinary prints raw bytes;
/// ZXingReader prints its text, so a payload counts when each of its lines is in the output).
func toolSuccess(_ output: Data, _ c: Case) -> Bool {
    let text = String(decoding: output, as: UTF8.self)
    return c.payloads.allSatisfy { p in
        if output.range(of: Data(p)) != nil { return true }
        let lines = String(decoding: p, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return !lines.isEmpty && lines.allSatisfy { $0.isEmpty || text.contains($0) }
    }
}

let backends: [(String, (GrayImage) -> [DetectedSymbol])] = [
    ("zxing", { (try? ZXingReader().read($0, options: ReadOptions())) ?? [] }),
    ("zbar", { (try? ZBarReader().read($0, options: ReadOptions())) ?? [] }),
    ("dmtx", { (try? DmtxReader().read($0, options: ReadOptions(timeBudgetMilliseconds: 1000))) ?? [] }),
    ("combined", { ReadingStrategy().read($0, recognises: isPayment).symbols }),
]
let zbarimg = "/usr/bin/zbarimg", zxingReader = "/usr/bin/ZXingReader"
let haveTools = FileManager.default.isExecutableFile(atPath: zbarimg) && FileManager.default.isExecutableFile(atPath: zxingReader)

// `--file=PATH`: also time the whole pipeline (file decode + EXIF + combined strategy) on that image.
for path in args.filter({ $0.hasPrefix("--file=") }).map({ String($0.dropFirst(7)) }) {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { print("cannot read \(path)"); continue }
    let bytes = [UInt8](data)
    let t0 = now()
    guard let loaded = try? ImageLoader().load(bytes) else { print("cannot load \(path)"); continue }
    let t1 = now()
    let result = ImageDecoder().decode(image: loaded.image)
    let t2 = now()
    let exhaustive = ImageDecoder(strategy: ReadingStrategy(budgetMilliseconds: 5000, exhaustive: true)).decode(image: loaded.image)
    let t3 = now()
    print(String(format: "%@ (%d×%d, orientation %d): load %.1f ms; strategy %.1f ms → %d symbol(s) %@; exhaustive %.1f ms → %d symbol(s) %@",
                 (path as NSString).lastPathComponent, loaded.image.width, loaded.image.height, loaded.orientation,
                 Double(t1 - t0) / 1e6, Double(t2 - t1) / 1e6, result.symbols.count,
                 result.symbols.map { "\($0.symbology.rawValue)/\($0.pass)" }.joined(separator: ","),
                 Double(t3 - t2) / 1e6, exhaustive.symbols.count, exhaustive.symbols.map { "\($0.symbology.rawValue)/\($0.pass)" }.joined(separator: ",")))
}
if args.contains("--files-only") { exit(0) }

// `--corpus=DIR`: the zxing-cpp sample corpus (`DIR/<folder>/<image>`), one JSON line per image on stdout with the
// median reading time of 3 runs (file decoding not timed) and what the combined strategy found; the budget and the
// stop rule are the sample ratchet's (stop after the first pass that finds any symbol, 1000 ms). benchmarks/
// zxingcpp-compare.py scores these lines against zxing-cpp 3.1.1 run on the same files.
if let corpus = args.first(where: { $0.hasPrefix("--corpus=") }).map({ String($0.dropFirst(9)) }) {
    let fm = FileManager.default
    let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp"]
    for folder in ((try? fm.contentsOfDirectory(atPath: corpus)) ?? []).sorted() where !folder.hasPrefix("_") && !folder.hasPrefix(".") {
        let dir = URL(fileURLWithPath: corpus).appendingPathComponent(folder)
        for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where imageExtensions.contains((file as NSString).pathExtension.lowercased()) {
            var line: [String: Any] = ["folder": folder, "file": file]
            if let data = try? Data(contentsOf: dir.appendingPathComponent(file)), let loaded = try? ImageLoader().load([UInt8](data)) {
                var runs: [Double] = []
                var found: [DetectedSymbol] = []
                var passes: [String] = []
                for _ in 0..<3 {
                    let t0 = now()
                    let result = ReadingStrategy().read(loaded.image) { _ in true }
                    runs.append(Double(now() - t0) / 1e6)
                    found = result.symbols
                    passes = result.passes
                }
                line["ms"] = runs.sorted()[1]
                line["passes"] = passes.count
                line["lastPass"] = passes.last ?? "" 
                line["symbols"] = found.map { s in
                    ["hex": s.bytes.map { String(format: "%02x", $0) }.joined(), "text": SymbolText.interpret(s).text, "pass": s.pass]
                }
            } else {
                line["error"] = "cannot load"
            }
            if let json = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
                print(String(decoding: json, as: UTF8.self))
            }
        }
    }
    exit(0)
}

print("giro-image-bench: ms per image (✓ exact payload bytes, · not found); \(ProcessInfo.processInfo.activeProcessorCount) cores, 1 thread")
print("| symbology | image | size | zxing | zbar | dmtx | **combined** | zbarimg CLI | ZXingReader CLI |")
print("|---|---|---|---|---|---|---|---|---|")
var wins: [String: Int] = [:]
var total = 0
var combinedOnBest = 0.0, bestTime = 0.0
var perBackendRatio: [String: (combined: Double, single: Double)] = [:]
for c in cases() {
    guard let bytes = try? Data(contentsOf: c.file), let loaded = try? ImageLoader().load([UInt8](bytes)) else { continue }
    total += 1
    var cells: [String] = []
    var times: [String: (Double, Bool)] = [:]
    for (name, read) in backends {
        let (ms, symbols) = timed { read(loaded.image) }
        let ok = success(symbols, c)
        times[name] = (ms, ok)
        if ok { wins[name, default: 0] += 1 }
        cells.append(String(format: "%.1f %@", ms, ok ? "✓" : "·"))
    }
    if haveTools {
        let z = runTool(zbarimg, ["--nodbus", "-q", "--raw", "-Sbinary", c.file.path])
        let x = runTool(zxingReader, [c.file.path])
        let zok = toolSuccess(z.output, c), xok = toolSuccess(x.output, c)
        if zok { wins["zbarimg", default: 0] += 1 }
        if xok { wins["ZXingReader", default: 0] += 1 }
        cells.append(String(format: "%.1f %@", z.ms, zok ? "✓" : "·"))
        cells.append(String(format: "%.1f %@", x.ms, xok ? "✓" : "·"))
    } else {
        cells += ["n/a", "n/a"]
    }
    // Overhead of the combined strategy where a single backend succeeds: against the fastest one that does.
    let singles = ["zxing", "zbar", "dmtx"].compactMap { n in times[n].flatMap { $0.1 ? (n, $0.0) : nil } }
    if c.payment, let best = singles.min(by: { $0.1 < $1.1 }), let comb = times["combined"] {
        combinedOnBest += comb.0
        bestTime += best.1
    }
    for (n, single) in singles where c.payment {
        let comb = times["combined"]?.0 ?? 0
        perBackendRatio[n, default: (0, 0)].combined += comb
        perBackendRatio[n, default: (0, 0)].single += single
    }
    cells[3] = "**\(cells[3])**"
    print("| \(c.symbology) | \(c.name) | \(loaded.image.width)×\(loaded.image.height) | " + cells.joined(separator: " | ") + " |")
}
print("")
print("recall over \(total) images: " + ["zxing", "zbar", "dmtx", "combined", "zbarimg", "ZXingReader"].map { "\($0) \(wins[$0] ?? 0)/\(total)" }.joined(separator: ", "))
if bestTime > 0 {
    print(String(format: "combined time ÷ fastest successful single backend, summed over payment images some backend decodes: %.2f×", combinedOnBest / bestTime))
}
for (n, r) in perBackendRatio.sorted(by: { $0.key < $1.key }) where r.single > 0 {
    print(String(format: "combined ÷ %@ on the payment images %@ decodes: %.2f×", n, n, r.combined / r.single))
}
