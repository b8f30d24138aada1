/// The abstract syntax tree: a faithful picture of the pattern text, before flags and case folding are applied.
/// Translation into ``HIR`` happens in `Translator.swift`.
indirect enum AST {
    case empty
    case literal(UInt32, PatternSpan)
    case dot(PatternSpan)
    case assertion(ASTAssertion, PatternSpan)
    case perlClass(PerlClass, negated: Bool, PatternSpan)
    case bracketClass(BracketClass)
    case repetition(AST, min: Int, max: Int?, greedy: Bool, PatternSpan)
    case capture(AST, index: Int, name: String?, PatternSpan)
    /// `(?flags:…)` or `(?:…)`.
    case group(AST, FlagChange?, PatternSpan)
    /// `(?flags)`: changes flags for the rest of the enclosing group (including later branches, as in PCRE2).
    case setFlags(FlagChange, PatternSpan)
    case concat([AST])
    case alternation([AST])
}

enum ASTAssertion {
    case caret, dollar, startText, endText, endTextOptionalNewline, wordBoundary, notWordBoundary
}

enum PerlClass { case digit, word, space, horizontalSpace, verticalSpace, notNewline }

struct FlagChange {
    var enable: RegexOptions = []
    var disable: RegexOptions = []
    func applied(to flags: RegexOptions) -> RegexOptions { flags.union(enable).subtracting(disable) }
}

struct BracketClass {
    enum Item {
        case range(UInt32, UInt32)
        case perl(PerlClass, negated: Bool)
        case posix(CodePointSet)
    }
    var negated: Bool
    var items: [Item]
    var span: PatternSpan
}
