/// Compile-time options of a ``RegexPattern``.
///
/// The flags correspond to the inline flags `(?i)`, `(?m)`, `(?s)`, `(?x)` and `(?U)`; inline flags inside the
/// pattern override them locally.
public struct RegexOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `(?i)`: case-insensitive (ASCII, Latin-1, Latin Extended, basic Greek and Cyrillic simple case folding).
    public static let caseInsensitive = RegexOptions(rawValue: 1 << 0)
    /// `(?m)`: `^`/`$` also match at line starts/ends.
    public static let multiline = RegexOptions(rawValue: 1 << 1)
    /// `(?s)`: `.` also matches `\n`.
    public static let dotMatchesNewline = RegexOptions(rawValue: 1 << 2)
    /// `(?x)`: whitespace and `#` comments outside classes are ignored.
    public static let extended = RegexOptions(rawValue: 1 << 3)
    /// `(?U)`: quantifiers are lazy by default and `?` makes them greedy.
    public static let swapGreed = RegexOptions(rawValue: 1 << 4)
    /// Unicode semantics for `\d \w \s \b` (like PCRE2_UCP). Default is ASCII.
    public static let unicodeClasses = RegexOptions(rawValue: 1 << 5)
}

/// Resource limits. Patterns are untrusted input; every limit produces a ``RegexError`` instead of exhausting memory.
///
/// Every limit is clamped to `0...ceiling` whenever it is set (the ceilings keep the engine's 32-bit state ids,
/// its recursion depth and its size arithmetic in range), so no value can make a search trap.
public struct RegexLimits: Sendable, Hashable {
    /// Maximum pattern length in UTF-8 bytes (ceiling 2³⁰).
    public var maxPatternLength: Int = 64 * 1024 { didSet { maxPatternLength = Self.clamp(maxPatternLength, 1 << 30) } }
    /// Maximum nesting depth of groups and repetitions. The default is also the ceiling: the parser recurses
    /// once per level, and deeper nesting could overflow a thread's stack.
    public var maxNestDepth: Int = 250 { didSet { maxNestDepth = Self.clamp(maxNestDepth, 250) } }
    /// Maximum number of Thompson NFA states (counted repetitions are expanded before this is checked; ceiling 2²⁴).
    public var maxNFAStates: Int = 200_000 { didSet { maxNFAStates = Self.clamp(maxNFAStates, 1 << 24) } }
    /// Maximum number of bytes used by one lazy DFA transition cache before it is cleared (ceiling 2³⁰).
    public var lazyDFACacheBytes: Int = 4 << 20 { didSet { lazyDFACacheBytes = Self.clamp(lazyDFACacheBytes, 1 << 30) } }
    /// Maximum number of capture groups (ceiling 2²⁰).
    public var maxCaptureGroups: Int = 10_000 { didSet { maxCaptureGroups = Self.clamp(maxCaptureGroups, 1 << 20) } }
    /// Maximum NFA states × capture slots (the Pike VM keeps one slot row per state; this bounds its memory;
    /// ceiling 2³²).
    public var maxCaptureTableEntries: Int = 4_000_000 {
        didSet { maxCaptureTableEntries = Self.clamp(maxCaptureTableEntries, 1 << 32) }
    }

    public init() {}

    static func clamp(_ value: Int, _ ceiling: Int) -> Int { min(max(value, 0), ceiling) }
}
