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

    @Test func errorMessageShowsKindAndSpan() {
        do { _ = try RegexPattern("a(?=b)") } catch {
            let m = RegexGrep.errorMessage(error, pattern: "a(?=b)")
            #expect(m.hasPrefix("error: unsupported_lookaround at 1..<4"))
        }
        #expect(RegexGrep.jsonString([0x22, 0x0A, 0x01]) == "\"\\\"\\n\\u0001\"")
    }
}
