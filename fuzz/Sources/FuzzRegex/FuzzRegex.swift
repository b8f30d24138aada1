import FuzzSupport
@_spi(Testing) import GiroRegex

/// The regex compiler and each engine. Input: one option byte, the pattern, a 0x00 byte, the haystack.
/// The Pike VM is the reference: the meta engine and the OCR VM with k = 0 must give the same matches and
/// captures, the lazy DFA (where it applies) the same match spans. The OCR VM with k > 0 must only not trap.
private let optionBits: [RegexOptions] = [.caseInsensitive, .multiline, .dotMatchesNewline, .extended, .swapGreed, .unicodeClasses]

/// Small limits keep one execution in the milliseconds (huge counted repetitions are legal but slow).
private let limits: RegexLimits = {
    var l = RegexLimits()
    l.maxPatternLength = 512
    l.maxNFAStates = 20_000
    l.lazyDFACacheBytes = 256 << 10
    l.maxCaptureGroups = 200
    return l
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let flags = input.byte()
    let options = RegexOptions(optionBits.enumerated().filter { flags & (1 << $0.offset) != 0 }.map(\.element))
    let pattern = input.bytes(upTo: 0)
    let haystack = Array(input.rest().prefix(256))
    guard let regex = try? RegexPattern(utf8: pattern, options: options, limits: limits) else { return 0 }
    let shown = "/\(String(decoding: pattern, as: UTF8.self))/ flags \(flags) on \(haystack)"

    let cache = regex.makeCache()
    let pike = regex._allMatches(in: haystack, engine: .pikeVM, cache: cache)
    let meta = regex._allMatches(in: haystack, engine: .auto, cache: cache)
    fuzzCheck(pike == meta, "meta engine disagrees with the Pike VM: \(shown)\npike \(String(describing: pike))\nmeta \(String(describing: meta))")
    if let dfa = regex._allMatches(in: haystack, engine: .lazyDFA, cache: cache) {
        let spans = { (m: [[Int]]?) in m?.map { Array($0.prefix(2)) } }
        fuzzCheck(spans(dfa) == spans(pike), "lazy DFA disagrees with the Pike VM: \(shown)\npike \(String(describing: pike))\ndfa \(dfa)")
    }
    let ocr = regex._ocrAllMatches(in: haystack, k: 0, cache: cache)
    fuzzCheck(ocr == pike, "OCR VM (k = 0) disagrees with the Pike VM: \(shown)\npike \(String(describing: pike))\nocr \(ocr)")
    _ = regex._ocrAllMatches(in: haystack, k: Int(flags >> 6) + 1, cache: cache)

    // Public entry points with a sub-range and anchoring.
    let half = 0..<(haystack.count / 2)
    _ = regex.firstMatch(in: haystack, range: half, anchored: flags & 0x40 != 0, cache: cache)
    fuzzCheck(regex.isMatch(in: haystack) == !(pike ?? []).isEmpty, "isMatch disagrees with the Pike VM: \(shown)")
    fuzzCheck(regex.count(in: haystack, cache: cache) == (pike ?? []).count, "count disagrees with the Pike VM: \(shown)")
    return 0
}

@_cdecl("FuzzRegex_main")
func fuzzRegexMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzRegex($0, size) } ?? 0 }
}
