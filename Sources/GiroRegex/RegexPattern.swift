/// A compiled regular expression. Immutable and `Sendable`: share one instance across threads.
///
/// ```swift
/// let iban = try RegexPattern(#"(?<country>[A-Z]{2})(?<check>\d{2})[A-Z0-9 ]{11,30}"#)
/// if let caps = iban.captures(in: "Pay to HR1210010051863000160 today") {
///     print(caps["country"]!)   // byte range of "HR"
/// }
/// ```
///
/// Matching is on UTF-8 bytes with code point semantics for `.` and classes, leftmost-first like PCRE2 and Perl.
/// All offsets in results are UTF-8 byte offsets into the haystack.
public struct RegexPattern: Sendable {
    /// The pattern text as given.
    public let pattern: String
    /// The options the pattern was compiled with.
    public let options: RegexOptions
    let core: RegexCore

    /// Compiles `pattern`. Throws ``RegexError`` for syntax errors, unsupported features and exceeded limits.
    public init(_ pattern: String, options: RegexOptions = [], limits: RegexLimits = RegexLimits()) throws(RegexError) {
        self.pattern = pattern
        self.options = options
        self.core = try RegexCore(pattern: Array(pattern.utf8), options: options, limits: limits)
    }

    /// Compiles a pattern given as UTF-8 bytes (invalid UTF-8 is rejected with ``RegexError/Kind/invalidUTF8``).
    public init(utf8 pattern: [UInt8], options: RegexOptions = [], limits: RegexLimits = RegexLimits()) throws(RegexError) {
        self.pattern = String(decoding: pattern, as: UTF8.self)
        self.options = options
        self.core = try RegexCore(pattern: pattern, options: options, limits: limits)
    }

    /// Number of capture groups, not counting the implicit group 0 (the whole match).
    public var captureGroupCount: Int { core.captureNames.count - 1 }
    /// Group names by index (index 0 is the whole match and has no name).
    public var captureNames: [String?] { core.captureNames }
    /// Index of the named group, if any.
    public func captureIndex(named name: String) -> Int? { core.nameToIndex[name] }

    /// Creates reusable per-thread search memory (lazy DFA caches, Pike VM scratch).
    /// Pass it to the `cache:` parameters in loops to avoid re-building DFA states on every call.
    public func makeCache() -> RegexCache { RegexCache(core) }

    /// Group captures may differ from PCRE2 for this pattern (a nullable repetition contains a group).
    @_spi(Testing) public var _capturesMayDifferFromPCRE2: Bool { core.capturesMayDifferFromPCRE2 }
    /// Match spans may differ from PCRE2 for this pattern (a loop whose body can match empty, see `HIR.hasNullableLoop`).
    @_spi(Testing) public var _spansMayDifferFromPCRE2: Bool { core.spansMayDifferFromPCRE2 }
    /// Number of states of the forward NFA.
    @_spi(Testing) public var _nfaStateCount: Int { core.nfa.states.count }
}

/// Mutable per-search memory for one ``RegexPattern``. Not thread safe: use one per thread.
public final class RegexCache {
    let core: RegexCore
    let forward: LazyDFA
    let reverse: LazyDFA
    lazy var pike: PikeVM.Scratch = PikeVM.Scratch(nfa: core.nfa)
    var ocr: OCRPikeVM.Scratch? = nil

    init(_ core: RegexCore) {
        self.core = core
        forward = LazyDFA(nfa: core.nfa, reverse: false, cacheBytes: core.limits.lazyDFACacheBytes, prefix: core.prefix)
        reverse = LazyDFA(nfa: core.reverseNFA, reverse: true, cacheBytes: core.limits.lazyDFACacheBytes)
    }

    /// Number of NFA steps taken by the Pike VM and the OCR VM since creation (linearity tests).
    @_spi(Testing) public var steps: Int { (pike.steps) + (ocr?.steps ?? 0) }
    /// Number of times the lazy DFA caches were cleared because they were full.
    @_spi(Testing) public var dfaCacheClears: Int { forward.clearCount + reverse.clearCount }
}

/// The compiled program shared by all copies of a pattern.
final class RegexCore: Sendable {
    let nfa: NFA
    let reverseNFA: NFA
    let captureNames: [String?]
    let nameToIndex: [String: Int]
    let prefix: [UInt8]
    let limits: RegexLimits
    let dfaUsable: Bool
    let capturesMayDifferFromPCRE2: Bool
    let spansMayDifferFromPCRE2: Bool
    /// The whole pattern is one case-sensitive literal: searched with the prefilter alone.
    let literal: [UInt8]?
    let literalRare: Int
    let prefixRare: Int
    let anchoredAtStart: Bool
    let dollarNeedsTwoBytes: Bool
    /// Every match is non-empty and holds no `\n`: a match found in a buffer of lines lies inside one line.
    let matchesWithinOneLine: Bool

    init(pattern: [UInt8], options: RegexOptions, limits: RegexLimits) throws(RegexError) {
        var parser = Parser(pattern: pattern, options: options, limits: limits)
        let ast = try parser.parse()
        let hir = Translator(unicodeClasses: options.contains(.unicodeClasses)).translate(ast, flags: options)
        captureNames = parser.captureNames
        var names: [String: Int] = [:]
        for (i, n) in captureNames.enumerated() { if let n { names[n] = i } }
        nameToIndex = names
        do {
            nfa = try NFACompiler.compile(hir, captureCount: captureNames.count, maxStates: limits.maxNFAStates)
            reverseNFA = try NFACompiler.compile(hir, captureCount: 0, maxStates: limits.maxNFAStates, reverse: true)
        } catch {
            throw RegexError(error.kind, PatternSpan(start: 0, end: pattern.count), error.message)
        }
        if nfa.states.count * nfa.slotCount > limits.maxCaptureTableEntries {
            throw RegexError(.sizeLimitExceeded, PatternSpan(start: 0, end: pattern.count),
                             "\(nfa.states.count) states × \(nfa.slotCount) capture slots exceed \(limits.maxCaptureTableEntries)")
        }
        prefix = hir.requiredPrefix
        self.limits = limits
        dfaUsable = !nfa.hasUnicodeWordBoundary
        capturesMayDifferFromPCRE2 = hir.hasNullableRepetitionWithCapture
        spansMayDifferFromPCRE2 = hir.hasNullableLoop
        if case .literal(let bytes) = hir, !bytes.isEmpty { literal = bytes } else { literal = nil }
        literalRare = literal.map(Prefilter.rareIndex) ?? 0
        prefixRare = Prefilter.rareIndex(prefix)
        anchoredAtStart = nfa.anchoredAtStart
        dollarNeedsTwoBytes = nfa.hasEndTextOptionalNewline
        matchesWithinOneLine = !hir.canMatchEmpty && !hir.canMatchByte(0x0A)
    }
}
