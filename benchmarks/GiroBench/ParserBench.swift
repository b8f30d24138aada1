// giro-bench --parsers: the field parsers over the ~10 MB OCR-like text the regex benchmark uses, one core,
// and NSRegularExpression equivalents over the same text in the same run (a rough baseline: they only find
// shapes, no validation, repair or typed values).
import Dispatch
import Foundation
import GiroParsers
import GiroTestSupport

func runParserBench(seconds: Double) {
    let text = OCRTextGenerator.tenMegabytes()
    let mb = Double(text.count) / 1_048_576
    func clock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    /// Best of at least 3 runs (and about `seconds` in total); returns seconds per run and the result count.
    func time(_ body: () -> Int) -> (Double, Int) {
        var best = Double.infinity
        var count = 0
        let deadline = clock() + UInt64(seconds * 1e9)
        var runs = 0
        repeat {
            let start = clock()
            count = body()
            best = min(best, Double(clock() - start) / 1e9)
            runs += 1
        } while runs < 3 || clock() < deadline
        return (best, count)
    }
    func row(_ name: String, _ r: (Double, Int)) {
        let name = name.padding(toLength: 34, withPad: " ", startingAt: 0)
        print(name, String(format: "%8.1f MB/s %12.0f candidates/s %9d candidates", mb / r.0, Double(r.1) / r.0, r.1))
    }
    print(String(format: "giro-bench --parsers — %.1f MB OCR-like text (OCRTextGenerator seed 4711), one core, release\n", mb))
    let context = ParseContext()
    let parsers: [(String, any FieldParser)] = [
        ("iban", IBANParser()), ("amount", AmountParser()), ("date", DateParser()), ("reference", ReferenceParser()),
        ("email", EmailParser()), ("vin", VINParser()), ("raw", RawParser()),
    ]
    // GIRO_BENCH_ONLY=group (or a parser name) measures just that row, for profiling.
    let only = ProcessInfo.processInfo.environment["GIRO_BENCH_ONLY"]
    for (name, p) in parsers where only == nil || only == name { row(name, time { p.scan(text, context: context).count }) }
    let group = ParserGroup.standard()
    row("4 scans, no overlap resolution", time { group.parsers.reduce(0) { $0 + $1.scan(text, context: context).count } })
    let g = time { (try? group.parse(bytes: text, context: context).count) ?? -1 }
    row("group (iban+amount+date+reference)", g)
    if only != nil { return }

    // NSRegularExpression: shape-only patterns for the same four fields, run one after another.
    let patterns = [
        #"\b[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,4})?\b"#,
        #"\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}\b"#,
        #"\b\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\. [^\W\d_]+ \d{4}\b"#,
        #"\bRF\d{2}(?: ?[A-Z0-9]{1,4}){1,6}|\bHR\d{2} [0-9-]{1,22}|\+\+\+\d{3}/\d{4}/\d{5}\+\+\+"#,
    ]
    let regexes = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
    let ns = String(decoding: text, as: UTF8.self)
    let range = NSRange(location: 0, length: (ns as NSString).length)
    let r = time { regexes.reduce(0) { $0 + $1.numberOfMatches(in: ns, range: range) } }
    row("NSRegularExpression (4 patterns)", r)
    print(String(format: "\ngroup vs NSRegularExpression: %.1f× the throughput", r.0 / g.0))
}
