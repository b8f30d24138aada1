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
public struct RegexLimits: Sendable, Hashable {
    /// Maximum pattern length in UTF-8 bytes.
    public var maxPatternLength: Int = 64 * 1024
    /// Maximum nesting depth of groups and repetitions.
    public var maxNestDepth: Int = 250
    /// Maximum number of Thompson NFA states (counted repetitions are expanded before this is checked).
    public var maxNFAStates: Int = 200_000
    /// Maximum number of bytes used by one lazy DFA transition cache before it is cleared.
    public var lazyDFACacheBytes: Int = 4 << 20
    /// Maximum number of capture groups.
    public var maxCaptureGroups: Int = 10_000
    /// Maximum NFA states × capture slots (the Pike VM keeps one slot row per state; this bounds its memory).
    public var maxCaptureTableEntries: Int = 4_000_000

    public init() {}
}
