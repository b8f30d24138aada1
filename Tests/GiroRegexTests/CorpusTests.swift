import Foundation
import Testing
@_spi(Testing) import GiroRegex

/// Runs the hand-written corpus against every engine: Pike VM, lazy DFA, meta (auto) and the OCR VM with k = 0.
@Suite struct CorpusTests {
    static func options(_ flags: String) -> RegexOptions {
        var o: RegexOptions = []
        for f in flags {
            switch f {
            case "i": o.insert(.caseInsensitive)
            case "m": o.insert(.multiline)
            case "s": o.insert(.dotMatchesNewline)
            case "x": o.insert(.extended)
            case "U": o.insert(.swapGreed)
            case "u": o.insert(.unicodeClasses)
            default: break
            }
        }
        return o
    }

    struct Tally { var cases = 0, checks = 0, failures: [String] = [], dfaSkipped = 0 }

    /// Checks one case on all engines; returns failure descriptions.
    static func check(_ c: CorpusCase, tally: inout Tally) {
        tally.cases += 1
        let where_ = "\(c.file):\(c.line) /\(c.pattern)/\(c.flags)"
        let compiled: RegexPattern
        do {
            compiled = try RegexPattern(c.pattern, options: options(c.flags))
        } catch {
            if let want = c.error, want == error.kind.rawValue { tally.checks += 1; return }
            tally.failures.append("\(where_): unexpected error \(error)")
            return
        }
        if let want = c.error { tally.failures.append("\(where_): expected error \(want), compiled"); return }
        for (h, exp) in zip(c.haystacks, c.expected) {
            guard let exp else { tally.failures.append("\(where_): haystack without matches line"); continue }
            let hs = String(decoding: h, as: UTF8.self).debugDescription
            for engine in [RegexEngineKind.pikeVM, .auto, .lazyDFA] {
                let cache = compiled.makeCache()
                guard let got = compiled._allMatches(in: h, engine: engine, cache: cache) else { tally.dfaSkipped += 1; continue }
                tally.checks += 1
                let want = engine == .lazyDFA ? exp.map { Array($0.prefix(2)) } : exp
                let have = engine == .lazyDFA ? got.map { Array($0.prefix(2)) } : got
                if want != have {
                    tally.failures.append("\(where_) on \(hs) [\(engine)]: want \(CorpusFormat.formatMatches(want)) got \(CorpusFormat.formatMatches(have))")
                }
            }
            let ocr = compiled._ocrAllMatches(in: h, k: 0, cache: compiled.makeCache())
            tally.checks += 1
            if ocr != exp { tally.failures.append("\(where_) on \(hs) [ocrK0]: want \(CorpusFormat.formatMatches(exp)) got \(CorpusFormat.formatMatches(ocr))") }
            // Public API consistency.
            tally.checks += 1
            let spans = compiled.matches(in: h).map { [$0.range.lowerBound, $0.range.upperBound] }
            if spans != exp.map({ Array($0.prefix(2)) }) { tally.failures.append("\(where_) on \(hs) [sequence]: got \(spans)") }
            if compiled.isMatch(in: h) != !exp.isEmpty { tally.failures.append("\(where_) on \(hs) [isMatch]") }
            if let f = exp.first, compiled.captures(in: h).map({ caps in caps.groups.flatMap { g in g.map { [$0.lowerBound, $0.upperBound] } ?? [-1, -1] } }) != f {
                tally.failures.append("\(where_) on \(hs) [captures]")
            }
        }
    }

    @Test(arguments: CorpusFormat.files())
    func corpusFile(_ file: String) throws {
        if ProcessInfo.processInfo.environment["GIRO_REGEX_REGEN"] == "1" {
            // Like GIRO_RECORD: a regenerating run writes the file and fails, so it can never pass as a test run.
            try CorpusFormat.regenerate(file)
            Issue.record("GIRO_REGEX_REGEN=1: rewrote Corpus/\(file); review the diff and run again without it")
        }
        let cases = CorpusFormat.load(file)
        #expect(!cases.isEmpty)
        var tally = Tally()
        for c in cases { Self.check(c, tally: &tally) }
        print("corpus \(file): \(tally.cases) cases, \(tally.checks) engine checks, \(tally.failures.count) failures, \(tally.dfaSkipped) DFA-not-applicable")
        for f in tally.failures.prefix(30) { Issue.record(Comment(rawValue: f)) }
    }

    /// Every corpus expectation that came from PCRE2 must still agree with PCRE2 (guards against stale files).
    @Test func corpusAgreesWithPCRE2() {
        var n = 0
        for file in CorpusFormat.files() {
            for c in CorpusFormat.load(file) where c.oracle && c.error == nil {
                for (h, exp) in zip(c.haystacks, c.expected) where utf8Valid(h) {
                    n += 1
                    let o = PCRE2Oracle.run(pattern: Array(c.pattern.utf8), flags: c.flags, haystack: h)
                    #expect(o == .matches(exp ?? []), "\(file):\(c.line) /\(c.pattern)/ on \(String(decoding: h, as: UTF8.self).debugDescription)")
                }
            }
        }
        print("corpus vs PCRE2: \(n) haystacks checked")
        #expect(CorpusFormat.files().count >= 11 && n > 0, "the committed corpus in Tests/GiroRegexTests/Corpus was not found")
    }
}

func utf8Valid(_ b: [UInt8]) -> Bool { String(validating: b, as: UTF8.self) != nil }
