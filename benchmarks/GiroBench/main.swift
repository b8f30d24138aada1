// giro-bench: decode+validate throughput per format over the fixture corpus, and batch scaling.
// Run in release: `make bench`. Numbers are ratios and rates measured in this process, not assertions.
import Dispatch
import Foundation
import Giro
import GiroTestSupport

let repoRoot = RepositoryRoot.url
let args = CommandLine.arguments
let seconds = Double(args.first { $0.hasPrefix("--seconds=") }.map { String($0.dropFirst(10)) } ?? "") ?? 1.0
if args.contains("--parsers") { runParserBench(seconds: seconds); exit(0) }
if args.contains("--uk") { runUKBench(seconds: seconds); exit(0) }
// `--format=de.bezahlcode`: only that fixture directory (one format's row, without the batch runs);
// `--formats-only`: every format's rows, without the JSON and batch runs.
let onlyFormat = args.first { $0.hasPrefix("--format=") }.map { String($0.dropFirst(9)) }

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
/// This thread's CPU time: on a shared machine, what one core does while it runs (the wall-clock rate drops with load).
func threadCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Payloads of every fixture that decodes, grouped by format directory: `clean` are the `valid-` cases
/// (what most real payloads look like), `all` adds the tolerated ones (diagnostics cost extra).
/// Formats claimed only from one symbology (Kos-GIRO: Code128) name it in a `symbology` file in their fixture
/// folder, so their fixtures are decoded as the reader hands them over.
let symbologyHints: [String: Symbology] = {
    let root = repoRoot.appendingPathComponent("fixtures/payloads")
    var hints: [String: Symbology] = [:]
    for dir in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
        let file = root.appendingPathComponent(dir).appendingPathComponent("symbology")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            hints[dir] = Symbology(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
    return hints
}()

func corpus() -> [(format: String, clean: [[UInt8]], payloads: [[UInt8]])] {
    let root = repoRoot.appendingPathComponent("fixtures/payloads")
    let fm = FileManager.default
    let decoder = PaymentDecoder()
    var out: [(String, [[UInt8]], [[UInt8]])] = []
    for dir in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where onlyFormat == nil || dir == onlyFormat {
        let d = root.appendingPathComponent(dir)
        var payloads: [[UInt8]] = []
        var clean: [[UInt8]] = []
        for f in ((try? fm.contentsOfDirectory(atPath: d.path)) ?? []).sorted() where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
            guard let data = fm.contents(atPath: d.appendingPathComponent(f).path) else { continue }
            let bytes = [UInt8](data)
            if (try? decoder.decode(bytes: bytes, symbology: symbologyHints[dir])) != nil {
                payloads.append(bytes)
                if f.hasPrefix("valid-") { clean.append(bytes) }
            }
        }
        if !payloads.isEmpty { out.append((dir, clean, payloads)) }
    }
    return out
}

/// Runs `body` over the payloads repeatedly for about `seconds`; returns payloads per wall-clock second and per
/// second of this thread's CPU time (best of 3 rounds each).
func measure(_ payloads: [[UInt8]], _ body: ([UInt8]) -> Bool) -> (rate: Double, cpuRate: Double, ok: Int) {
    var best = 0.0, bestCPU = 0.0
    var ok = 0
    for _ in 0..<3 {
        var n = 0
        let start = now(), startCPU = threadCPU()
        let deadline = start + UInt64(seconds / 3 * 1e9)
        repeat {
            for p in payloads where body(p) { ok += 1 }
            n += payloads.count
        } while now() < deadline
        best = max(best, Double(n) / (Double(now() - start) / 1e9))
        bestCPU = max(bestCPU, Double(n) / (Double(max(1, threadCPU() - startCPU)) / 1e9))
    }
    return (best, bestCPU, ok)
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func fmt(_ v: Double) -> String { String(format: "%.0f", v) }

print("giro-bench — one core, release build, best of 3 rounds of \(seconds / 3) s\n")
print(pad("format", 26), pad("payloads", 9), pad("payloads/s", 12), pad("ns/payload", 11), "payloads/CPU-s")
let decoder = PaymentDecoder()
let groups = corpus()
var all: [[UInt8]] = []
for (format, clean, payloads) in groups {
    all += payloads
    for (label, set) in [("valid", clean), ("valid+tolerated", payloads)] where !set.isEmpty {
        let (rate, cpuRate, _) = measure(set) { (try? decoder.decode(bytes: $0, symbology: symbologyHints[format])) != nil }
        print(pad("\(format) \(label)", 26), pad(String(set.count), 9), pad(fmt(rate), 12), pad(String(format: "%.0f", 1e9 / rate), 11), fmt(cpuRate))
    }
}
if all.isEmpty { print("no decodable fixtures found under fixtures/payloads"); exit(1) }
if onlyFormat != nil || args.contains("--formats-only") { exit(0) }

// JSON encoding is part of every CLI/batch result: Giro's writer vs Foundation's JSONEncoder (same bytes).
let records = all.compactMap { try? decoder.decode(bytes: $0) }
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
func encodeRate(_ body: (PaymentRecord) -> Int) -> Double {
    var n = 0
    let start = now()
    repeat { for r in records where body(r) > 0 { n += 1 } } while now() - start < UInt64(seconds / 3 * 1e9)
    return Double(n) / (Double(now() - start) / 1e9)
}
let fast = encodeRate { $0.jsonBytes().count }
let foundation = encodeRate { ((try? encoder.encode($0)) ?? Data()).count }
print(pad("json JSONWriter", 26), pad(String(records.count), 9), pad(fmt(fast), 12), String(format: "%.0f", 1e9 / fast))
print(pad("json JSONEncoder", 26), pad(String(records.count), 9), pad(fmt(foundation), 12), String(format: "%.0f", 1e9 / foundation))

// Batch scaling: the same NDJSON block decoded with 1 and 2 workers in this process.
print("\nbatch (in process, NDJSON in → NDJSON out)")
var lines: [ArraySlice<UInt8>] = []
while lines.count < 100_000 {
    for p in all {
        let line = #"{"id":\#(lines.count),"payloadBase64":"\#(Data(p).base64EncodedString())"}"#
        lines.append(Array(line.utf8)[...])
    }
}
var rates: [Int: Double] = [:]
let cores = ProcessInfo.processInfo.activeProcessorCount
for jobs in Set([1, 2, cores]).sorted() {
    let batch = BatchDecoder(jobs: jobs)
    _ = batch.decodeBlock(Array(lines.prefix(2000)), firstLineNumber: 1)  // warm-up
    var best = 0.0
    for _ in 0..<3 {
        let start = now()
        let result = batch.decodeBlock(lines, firstLineNumber: 1)
        let rate = Double(lines.count) / (Double(now() - start) / 1e9)
        if result.errorCount != 0 { print("unexpected errors: \(result.errorCount)") }
        best = max(best, rate)
    }
    rates[jobs] = best
    print("  --jobs \(jobs): \(fmt(best)) lines/s")
}
if let r1 = rates[1], let r2 = rates[2] {
    print(String(format: "  scaling --jobs 2 / --jobs 1: %.2f× (%d cores available)", r2 / r1, cores))
}

// The same through the CLI process, if the release binary is there (`make bench` builds it).
let giro = repoRoot.appendingPathComponent(".build/release/giro")
if FileManager.default.isExecutableFile(atPath: giro.path) {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("giro-bench-\(getpid()).ndjson")
    let text = (lines + lines + lines).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
    try? text.write(to: input, atomically: true, encoding: .utf8)
    print("\ngiro batch (process, \(lines.count * 3) lines, output to /dev/null)")
    var cli: [Int: Double] = [:]
    for jobs in [1, 2] {
        var best = Double.infinity
        for _ in 0..<2 {
            let p = Process()
            p.executableURL = giro
            p.arguments = ["batch", "--input", input.path, "--output", "/dev/null", "--jobs", String(jobs)]
            p.standardError = FileHandle.nullDevice
            let start = now()
            try? p.run()
            p.waitUntilExit()
            best = min(best, Double(now() - start) / 1e9)
        }
        cli[jobs] = Double(lines.count * 3) / best
        print("  --jobs \(jobs): \(fmt(cli[jobs] ?? 0)) lines/s (\(String(format: "%.2f", best)) s)")
    }
    if let a = cli[1], let b = cli[2] { print(String(format: "  scaling: %.2f×", b / a)) }
    try? FileManager.default.removeItem(at: input)
}
