@_spi(Testing) import GiroRegex

/// Runs a pcre2test input file through `RegexPattern` and PCRE2 itself (the oracle) and compares the first
/// match of every subject, as pcre2test without `/g` reports it.
enum PCRE2Differential {
    struct Tally {
        var patterns = 0, modifierSkipped = 0, compiled = 0
        var rejected: [String: Int] = [:]
        var subjects = 0, pass = 0, fail = 0, subjectSkipped = 0, oracleErrors = 0
        var failures: [String] = []

        var summary: String {
            "\(patterns) patterns (\(modifierSkipped) skipped for modifiers or non-UTF-8 bytes, \(compiled) compiled, "
                + "rejected by kind \(rejected.sorted { $0.key < $1.key })); \(subjects) subjects: \(pass) pass, \(fail) fail, "
                + "\(subjectSkipped) skipped, \(oracleErrors) PCRE2 errors"
        }
    }

    /// Modifiers that do not change what the first match is, or that map to engine options.
    static let harmlessModifiers: Set<String> = [
        "g", "aftertext", "allaftertext", "I", "B", "no_auto_possess", "no_start_optimize", "auto_callout", "mark",
        "dupnames", "utf",
    ]
    /// pcre2test modifier → flag letter of `CorpusTests.options` and `PCRE2Oracle.flagsToOptions`.
    static let flagModifiers: [String: String] = ["i": "i", "m": "m", "s": "s", "x": "x", "xx": "x", "ungreedy": "U", "ucp": "u"]

    /// The engine's flags for a block, or nil when a modifier is outside what the harness can express.
    static func flags(_ modifiers: [String]) -> String? {
        var flags = ""
        for m in modifiers {
            if let f = flagModifiers[m] {
                flags += f
            } else if m.allSatisfy({ "imsxgBI".contains($0) }) {
                flags += m.filter { "imsx".contains($0) }
            } else if !harmlessModifiers.contains(m) {
                return nil
            }
        }
        return flags
    }

    static func run(_ blocks: [PCRE2TestInput.Block]) -> Tally {
        var tally = Tally()
        for block in blocks {
            tally.patterns += 1
            guard let flags = flags(block.modifiers), utf8Valid(block.pattern) else { tally.modifierSkipped += 1; continue }
            let pattern: RegexPattern
            do { pattern = try RegexPattern(utf8: block.pattern, options: CorpusTests.options(flags)) } catch {
                tally.rejected[error.kind.rawValue, default: 0] += 1
                continue
            }
            tally.compiled += 1
            for subject in block.subjects {
                guard let subject, utf8Valid(subject) else { tally.subjectSkipped += 1; continue }
                compare(pattern, block.pattern, flags, subject, &tally)
            }
        }
        return tally
    }

    static func compare(_ pattern: RegexPattern, _ source: [UInt8], _ flags: String, _ subject: [UInt8], _ tally: inout Tally) {
        guard case .matches(let want) = PCRE2Oracle.run(pattern: source, flags: flags, haystack: subject) else {
            tally.oracleErrors += 1
            return
        }
        tally.subjects += 1
        let got = pattern._allMatches(in: subject, engine: .auto, cache: pattern.makeCache()) ?? []
        // Where the engine documents different capture semantics, only the overall span is compared.
        let spansOnly = pattern._capturesMayDifferFromPCRE2
        let expected = want.first.map { spansOnly ? Array($0.prefix(2)) : $0 }
        let actual = got.first.map { spansOnly ? Array($0.prefix(2)) : $0 }
        if expected == actual {
            tally.pass += 1
        } else {
            tally.fail += 1
            let shown = String(decoding: source, as: UTF8.self)
            tally.failures.append("/\(shown)/\(flags) on \(String(decoding: subject, as: UTF8.self).debugDescription): "
                                  + "PCRE2 \(expected ?? []) ours \(actual ?? [])")
        }
    }
}
