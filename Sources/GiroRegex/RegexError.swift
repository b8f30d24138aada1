/// A byte range inside the pattern text (UTF-8 offsets), used to point at the offending syntax.
public struct PatternSpan: Sendable, Hashable, CustomStringConvertible {
    public var start: Int
    public var end: Int
    package init(start: Int, end: Int) { self.start = start; self.end = end }
    public var description: String { "\(start)..<\(end)" }
}

/// The error thrown when a pattern cannot be compiled.
///
/// Every error carries a stable ``Kind`` (its raw value is part of the public contract, e.g. for JSON output)
/// and the span of the pattern that caused it. Unsupported features are rejected with a dedicated kind instead of
/// being silently compiled into something else.
public struct RegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable error categories. Raw values never change once released.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        // Unsupported (valid in PCRE2 but deliberately not implemented: they need backtracking).
        case unsupportedBackreference = "unsupported_backreference"
        case unsupportedLookaround = "unsupported_lookaround"
        case unsupportedAtomicGroup = "unsupported_atomic_group"
        case unsupportedPossessiveQuantifier = "unsupported_possessive_quantifier"
        case unsupportedConditional = "unsupported_conditional"
        case unsupportedRecursion = "unsupported_recursion"
        case unsupportedResetMatchStart = "unsupported_reset_match_start"
        case unsupportedUnicodeProperty = "unsupported_unicode_property"
        case unsupportedEscape = "unsupported_escape"
        case unsupportedVerb = "unsupported_verb"
        case unsupportedCallout = "unsupported_callout"
        case unsupportedBranchReset = "unsupported_branch_reset"
        case unsupportedFlag = "unsupported_flag"
        case unsupportedAnchor = "unsupported_anchor"
        // Syntax errors.
        case invalidEscape = "invalid_escape"
        case invalidHexEscape = "invalid_hex_escape"
        case invalidCodePoint = "invalid_code_point"
        case unclosedGroup = "unclosed_group"
        case unopenedGroup = "unopened_group"
        case unclosedClass = "unclosed_class"
        case invalidClassRange = "invalid_class_range"
        case invalidPosixClass = "invalid_posix_class"
        case repetitionMissing = "repetition_missing"
        case repetitionCountInvalid = "repetition_count_invalid"
        case repetitionCountTooLarge = "repetition_count_too_large"
        case invalidGroupName = "invalid_group_name"
        case duplicateGroupName = "duplicate_group_name"
        case invalidGroupSyntax = "invalid_group_syntax"
        case invalidUTF8 = "invalid_utf8"
        // Limits.
        case patternTooLong = "pattern_too_long"
        case nestLimitExceeded = "nest_limit_exceeded"
        case sizeLimitExceeded = "size_limit_exceeded"
        case tooManyCaptureGroups = "too_many_capture_groups"
    }

    public var kind: Kind
    public var span: PatternSpan
    public var message: String

    package init(_ kind: Kind, _ span: PatternSpan, _ message: String) {
        self.kind = kind; self.span = span; self.message = message
    }

    public var description: String { "\(kind.rawValue) at \(span): \(message)" }
}
