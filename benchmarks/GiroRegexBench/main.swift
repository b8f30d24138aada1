import Foundation
import GiroRegex
import GiroTestSupport

// giro-regex-bench: count all matches of slip-field patterns in ~10 MB of OCR-like text with GiroRegex, PCRE2
// (interpreter and JIT), NSRegularExpression and Swift Regex. Run:
//   swift run -c release --scratch-path .build-regex giro-regex-bench [--quick] [--cli .build/release/giro]
// With --cli, also times the release `giro grep -c` against `pcre2grep --no-jit -c` on the generated file.

let quick = CommandLine.arguments.contains("--quick")
let fullSize = quick ? 2 * 1024 * 1024 : 10 * 1024 * 1024
var generator = OCRTextGenerator(seed: 4711)
let text = generator.generate(bytes: fullSize)
if let i = CommandLine.arguments.firstIndex(of: "--dump"), i + 1 < CommandLine.arguments.count {
    // Write the generated text to a file (for profiling / other tools) and exit.
    _ = FileManager.default.createFile(atPath: CommandLine.arguments[i + 1], contents: Data(text))
    exit(0)
}
let swiftSlice = Array(text.prefix(1 << 20))
let cliGiro = CommandLine.arguments.firstIndex(of: "--cli").flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
let redosSlice = Array(text.prefix(2 * 1024))

struct Case { let name: String; let pattern: String; let redos: Bool }
let cases: [Case] = [
    Case(name: "IBAN", pattern: "[A-Z]{2}[0-9]{2}[A-Z0-9 ]{11,30}", redos: false),
    Case(name: "amount", pattern: "[0-9]{1,3}([.,' ][0-9]{3})*[.,][0-9]{2}", redos: false),
    Case(name: "date", pattern: "[0-9]{1,2}\\.[0-9]{1,2}\\.[0-9]{4}|[0-9]{4}-[0-9]{2}-[0-9]{2}", redos: false),
    Case(name: "HR reference", pattern: "HR[0-9]{2} [0-9-]{1,22}", redos: false),
    Case(name: "literal", pattern: "Verwendungszweck", redos: false),
    Case(name: "months (?i)", pattern: "(?i)januar|februar|märz|april|mai|juni|july|august|rujan|listopad|november|prosinac", redos: false),
    Case(name: "ReDoS (\\w+\\s?)*$", pattern: "(\\w+\\s?)*$", redos: true),
    Case(name: "ReDoS (?:[0-9]+[ .,']?)+$", pattern: "(?:[0-9]+[ .,']?)+$", redos: true),
]

func measure(_ e: BenchEngine, _ buf: [UInt8], runs: Int) -> (mbps: Double, count: Int, limits: Int)? {
    var best = Double.infinity
    var result: (count: Int, limitHits: Int)? = nil
    var samples: [Double] = []
    for _ in 0..<runs {
        let t0 = ContinuousClock.now
        let r = buf.withUnsafeBufferPointer { e.count($0) }
        let dt = ContinuousClock.now - t0
        let secs = Double(dt.components.seconds) + Double(dt.components.attoseconds) / 1e18
        samples.append(secs)
        best = min(best, secs)
        guard let r else { return nil }
        result = r
    }
    samples.sort()
    let median = samples[samples.count / 2]
    _ = best
    guard let result else { return nil }
    return (Double(buf.count) / median / 1e6, result.count, result.limitHits)
}

func compileTime(_ body: () -> Any?) -> Double {
    var samples: [Double] = []
    for _ in 0..<15 {
        let t0 = ContinuousClock.now
        _ = body()
        let dt = ContinuousClock.now - t0
        samples.append(Double(dt.components.attoseconds) / 1e12 + Double(dt.components.seconds) * 1e6)
    }
    samples.sort()
    return samples[samples.count / 2]
}

print("text: \(text.count) bytes (seed 4711); Swift Regex on the first \(swiftSlice.count) bytes; ReDoS backtrackers on the first \(redosSlice.count) bytes")
print("MB/s = 10^6 bytes / median of runs (GiroRegex/PCRE2: 5 runs, NSRegularExpression: 3, Swift Regex: 1)\n")
print("| pattern | GiroRegex | PCRE2 interp | PCRE2 JIT | NSRegularExpression | Swift Regex | matches | Giro ÷ interp / JIT / NS / Swift |")
print("|---|---|---|---|---|---|---|---|")
var compileRows: [String] = []
for c in cases {
    guard let giro = GiroEngine(c.pattern) else { print("| \(c.name) | compile error |"); continue }
    let g = measure(giro, text, runs: 5)
    var cells: [String] = []
    var counts: [String: Int] = ["GiroRegex": g?.count ?? -1]
    var ratios: [String] = []
    let others: [(BenchEngine?, [UInt8], Int)] = [
        (PCRE2Engine(c.pattern, jit: false, matchLimit: c.redos ? 100_000 : 10_000_000), c.redos ? redosSlice : text, 5),
        (PCRE2Engine(c.pattern, jit: true, matchLimit: c.redos ? 100_000 : 10_000_000), c.redos ? redosSlice : text, 5),
        (c.redos ? nil : NSRegexEngine(c.pattern), text, 3),
        (c.redos ? nil : SwiftRegexEngine(c.pattern), swiftSlice, 1),
    ]
    // GiroRegex on the same slices, for count agreement.
    for (engine, buf, runs) in others {
        guard let engine else { cells.append("not run"); ratios.append("–"); continue }
        guard let r = measure(engine, buf, runs: runs) else { cells.append("error"); ratios.append("–"); continue }
        let giroOnSlice = buf.count == text.count ? g?.count : buf.withUnsafeBufferPointer { giro.count($0)?.count }
        let mismatch = r.limits == 0 && giroOnSlice != r.count
        var cell = String(format: r.mbps < 1 ? "%.4f" : "%.1f", r.mbps)
        if buf.count != text.count { cell += " (\(buf.count / 1024) KB)" }
        if r.limits > 0 { cell += " [\(r.limits) match-limit errors]" }
        if mismatch { cell += " **MISMATCH \(r.count) vs \(giroOnSlice ?? -1)**" }
        cells.append(cell)
        counts[engine.name] = r.count
        ratios.append(String(format: "%.2f×", (g?.mbps ?? 0) / r.mbps))
    }
    print("| \(c.name) `\(c.pattern)` | \(String(format: "%.1f", g?.mbps ?? 0)) | \(cells.joined(separator: " | ")) | \(g?.count ?? -1) | \(ratios.joined(separator: " / ")) |")
    let tg = compileTime { try? RegexPattern(c.pattern) }
    let tp = compileTime { PCRE2Engine(c.pattern, jit: false) }
    let tj = compileTime { PCRE2Engine(c.pattern, jit: true) }
    compileRows.append("| \(c.name) | \(String(format: "%.1f", tg)) | \(String(format: "%.1f", tp)) | \(String(format: "%.1f", tj)) |")
}
print("\nCompile time (µs, median of 15):\n")
print("| pattern | GiroRegex | PCRE2 | PCRE2 + JIT |")
print("|---|---|---|---|")
for r in compileRows { print(r) }
if let cliGiro { CLIBench.table(giro: cliGiro, text: text, cases: cases.map { ($0.name, $0.pattern, $0.redos) }) }
