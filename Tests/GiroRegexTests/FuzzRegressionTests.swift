import Foundation
import Testing
import GiroTestSupport
@_spi(Testing) import GiroRegex

/// Replays `fuzz/regressions/regex/*` as the regex harness reads them (option byte, pattern, 0x00, haystack),
/// without the fuzzer: compile or a typed error, and every engine agrees with the Pike VM.
@Suite struct RegexFuzzRegressionTests {
    static let directory = RepositoryRoot.appending("fuzz/regressions/regex")

    static func inputs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: inputs())
    func enginesAgree(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let flags = bytes.first ?? 0
        let bits: [RegexOptions] = [.caseInsensitive, .multiline, .dotMatchesNewline, .extended, .swapGreed, .unicodeClasses]
        let options = RegexOptions(bits.enumerated().filter { flags & (1 << $0.offset) != 0 }.map(\.element))
        let body = bytes.dropFirst()
        let pattern = Array(body.prefix { $0 != 0 })
        let haystack = Array(body.drop { $0 != 0 }.dropFirst().prefix(256))
        var limits = RegexLimits()
        (limits.maxPatternLength, limits.maxNFAStates, limits.lazyDFACacheBytes, limits.maxCaptureGroups) = (512, 20_000, 256 << 10, 200)
        let regex: RegexPattern
        do { regex = try RegexPattern(utf8: pattern, options: options, limits: limits) } catch { return }
        let cache = regex.makeCache()
        let pike = regex._allMatches(in: haystack, engine: .pikeVM, cache: cache)
        #expect(regex._allMatches(in: haystack, engine: .auto, cache: cache) == pike)
        if let dfa = regex._allMatches(in: haystack, engine: .lazyDFA, cache: cache) {
            #expect(dfa.map { Array($0.prefix(2)) } == pike?.map { Array($0.prefix(2)) })
        }
        #expect(regex._ocrAllMatches(in: haystack, k: 0, cache: cache) == pike)
        _ = regex._ocrAllMatches(in: haystack, k: Int(flags >> 6) + 1, cache: cache)
        #expect(regex.count(in: haystack, cache: cache) == (pike ?? []).count)
    }
}
