import Testing
import GiroRegex

@Suite struct GrepTests {
    let input = Array("IBAN HR5O41240003200000000 x\nnothing here\nHR1210010051863000160\n".utf8)

    func run(_ p: String, _ configure: (inout RegexGrep.Options) -> Void = { _ in }) throws -> (String, Bool) {
        var o = RegexGrep.Options()
        configure(&o)
        let r = RegexGrep.run(try RegexPattern(p), input: input, options: o)
        return (String(decoding: r.output, as: UTF8.self), r.matched)
    }

    @Test func linesAndExitStatus() throws {
        #expect(try run(#"HR\d{19}"#) == ("HR1210010051863000160\n", true))
        #expect(try run("zzz") == ("", false))
        #expect(try run("HR", { $0.countOnly = true }) == ("2\n", true))
    }

    @Test func ocrCorrectedOutput() throws {
        #expect(try run(#"HR\d{19}"#, { $0.ocrSubstitutions = 2; $0.onlyMatching = true }).0 == "HR5041240003200000000\nHR1210010051863000160\n")
        #expect(try run(#"HR\d{19}"#, { $0.ocrSubstitutions = 1 }).0 == "IBAN HR5041240003200000000 x\nHR1210010051863000160\n")
        let json = try run(#"HR\d{19}"#, { $0.ocrSubstitutions = 1; $0.json = true }).0
        #expect(json.hasPrefix(#"{"line":1,"start":5,"end":26,"text":"HR5O41240003200000000","corrected":"HR5041240003200000000","substitutions":[{"offset":8,"from":"O","to":"0"}]}"#))
    }

    @Test func multilineAndJSONCount() throws {
        #expect(try run(#"(?m)^HR\d+$"#, { $0.multiline = true }).0 == "HR1210010051863000160\n")
        #expect(try run("x", { $0.countOnly = true; $0.json = true }).0 == "{\"count\":1}\n")
    }

    /// `-c` finds each matching line by its earliest match end when a match cannot span lines; it must count
    /// exactly the lines that printing finds, also for patterns that take the general path (`\s`, empty matches).
    @Test func countEqualsPrintedLines() throws {
        var text: [UInt8] = []
        for i in 0..<400 {
            text += Array("r\(i) IBAN HR12 1001 0051 8630 0016 \(i % 7 == 0 ? "EUR" : "kn") \(i % 5 == 0 ? "" : "x")\n".utf8)
            if i % 11 == 0 { text += Array("\n  \n".utf8) }
        }
        text += Array("HR99 tail".utf8)
        for p in [#"HR\d{2}( \d{4}){2}"#, "EUR", "x$", #"\d+ I"#, #"\s+\d"#, "x*", "^$", #"[A-Z]{2}\d{2}"#, "(?i)iban hr"] {
            let pattern = try RegexPattern(p)
            var count = RegexGrep.Options(); count.countOnly = true
            let counted = String(decoding: RegexGrep.run(pattern, input: text, options: count).output, as: UTF8.self)
            let printed = RegexGrep.run(pattern, input: text, options: RegexGrep.Options()).output.filter { $0 == 0x0A }.count
            #expect(counted == "\(printed)\n", "pattern \(p)")
        }
    }

    @Test func errorMessageShowsKindAndSpan() {
        do { _ = try RegexPattern("a(?=b)") } catch {
            let m = RegexGrep.errorMessage(error, pattern: "a(?=b)")
            #expect(m.hasPrefix("error: unsupported_lookaround at 1..<4"))
        }
        #expect(RegexGrep.jsonString([0x22, 0x0A, 0x01]) == "\"\\\"\\n\\u0001\"")
    }
}
