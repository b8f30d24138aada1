import Foundation
import GiroTestSupport
import Testing

/// Third-party regex corpora in `corpora/` (scripts/fetch-corpora.sh; never committed; without them the tests are
/// skipped by name, under GIRO_REQUIRE_CORPORA=1 they fail): rust-lang/regex `testdata/*.toml` and PCRE2 `testdata/testinput1`, `4` and `5`
/// (compared with PCRE2 itself). The Fowler `.dat` files of rust-lang/regex are not run.
/// Pass counts may not fall and fail (and skip) counts may not rise; raise the pins when the engine gets better.
@Suite struct ExternalCorpusTests {
    /// Per TOML file: passes (at least), failures and skipped or unsupported tests (at most).
    static let rustPins: [String: (pass: Int, fail: Int, notRun: Int)] = [
        "anchored.toml": (10, 0, 2),
        "bytes.toml": (0, 0, 26),
        "crazy.toml": (44, 2, 6),
        "crlf.toml": (0, 0, 15),
        "earliest.toml": (0, 0, 7),
        "empty.toml": (11, 8, 0),
        "expensive.toml": (1, 0, 1),
        "flags.toml": (11, 0, 0),
        "iter.toml": (16, 6, 0),
        "leftmost-all.toml": (0, 0, 3),
        "line-terminator.toml": (0, 0, 10),
        "misc.toml": (15, 0, 1),
        "multiline.toml": (21, 25, 94),
        "no-unicode.toml": (11, 2, 10),
        "overlapping.toml": (0, 0, 23),
        "regex-lite.toml": (3, 6, 0),
        "regression.toml": (66, 4, 35),
        "set.toml": (0, 0, 52),
        "substring.toml": (4, 0, 0),
        "unicode.toml": (18, 0, 66),
        "utf8.toml": (7, 0, 21),
        "word-boundary-special.toml": (18, 72, 2),
        "word-boundary.toml": (50, 1, 52),
    ]

    @Test(.corpus("rust-regex-testdata")) func rustRegexCorpus() throws {
        let files = try Corpora.contents(of: "rust-regex-testdata").filter { $0.hasSuffix(".toml") }
        #expect(files.sorted() == Self.rustPins.keys.sorted(), "the TOML files differ from the pinned list")
        var totalPass = 0, totalRun = 0
        for file in files {
            let text = try String(contentsOf: try Corpora.url("rust-regex-testdata/\(file)"), encoding: .utf8)
            let tally = RustRegexCorpus.run(text)
            let notRun = tally.unsupported + tally.skipped
            totalPass += tally.pass
            totalRun += tally.pass + tally.fail
            print("rust \(file): \(tally.pass) pass, \(tally.fail) fail, \(tally.unsupported) rejected as unsupported, "
                  + "\(tally.skipped) skipped (sets/bytes/other modes)"
                  + (tally.failing.isEmpty ? "" : " — failing: " + tally.failing.prefix(12).joined(separator: ", ")))
            let pin = Self.rustPins[file] ?? (pass: 0, fail: 0, notRun: 0)
            #expect(tally.pass >= pin.pass, "\(file): \(tally.pass) pass, pinned \(pin.pass)")
            #expect(tally.fail <= pin.fail, "\(file): \(tally.fail) fail, pinned \(pin.fail); failing: \(tally.failing)")
            #expect(notRun <= pin.notRun, "\(file): \(notRun) not run (unsupported or skipped), pinned \(pin.notRun)")
        }
        print("rust total: \(totalPass)/\(totalRun) pass")
    }

    /// Per pcre2test input: subjects compared with PCRE2 that pass (at least) and fail (at most), and patterns
    /// the harness or the engine leaves out (at most).
    static let pcre2Pins: [String: (pass: Int, fail: Int, patternsNotRun: Int)] = [
        "testinput1": (1206, 0, 742),
        // UTF and Unicode properties: the failures are Unicode case folding beyond simple folds, POSIX classes
        // under `ucp`, and U+180E (PCRE2's newer Unicode tables).
        "testinput4": (519, 179, 315),
        "testinput5": (299, 15, 550),
    ]

    @Test(.corpus("pcre2-testdata"), arguments: ["testinput1", "testinput4", "testinput5"])
    func pcre2TestInput(_ file: String) throws {
        let text = try String(contentsOf: try Corpora.url("pcre2-testdata/\(file)"), encoding: .isoLatin1)
        let tally = PCRE2Differential.run(PCRE2TestInput.blocks(text))
        print("pcre2 \(file): \(tally.summary)")
        for failure in tally.failures.prefix(40) { print("  FAIL \(failure)") }
        let pin = try #require(Self.pcre2Pins[file], "no pins for \(file)")
        let notRun = tally.modifierSkipped + tally.rejected.values.reduce(0, +)
        #expect(tally.pass >= pin.pass, "\(file): \(tally.pass) pass, pinned \(pin.pass)")
        #expect(tally.fail <= pin.fail, "\(file): \(tally.fail) fail, pinned \(pin.fail): \(tally.failures.prefix(10))")
        #expect(notRun <= pin.patternsNotRun, "\(file): \(notRun) patterns not run, pinned \(pin.patternsNotRun)")
    }
}
