/// High-level intermediate representation: flags applied, case folding done, classes resolved to code point
/// sets, literals as UTF-8 bytes. Engines never see the AST.
indirect enum HIR {
    case empty
    /// A sequence of bytes matched exactly (UTF-8 encoded literal text).
    case literal([UInt8])
    /// Exactly one code point from the set (an empty set never matches).
    case codePoints(CodePointSet)
    case look(Look)
    case repetition(HIR, min: Int, max: Int?, greedy: Bool)
    case capture(HIR, index: Int)
    case concat([HIR])
    case alternation([HIR])
}

/// Zero-width assertions. Each is decidable from the code points just before and just after a position,
/// which is what lets the lazy DFA handle them with one byte of look-ahead.
enum Look: UInt8, Sendable {
    case startText          // \A, ^ without (?m)
    case endText            // \z
    case endTextOptionalNewline  // \Z, $ without (?m): end, or before a final \n (PCRE2 default)
    case startLine          // ^ with (?m): start, or after \n unless at the very end (PCRE2)
    case endLine            // $ with (?m): before \n or at end
    case wordBoundaryASCII, notWordBoundaryASCII
    case wordBoundaryUnicode, notWordBoundaryUnicode
}

extension HIR {
    /// True if any assertion is present.
    var hasLook: Bool {
        switch self {
        case .look: return true
        case .empty, .literal, .codePoints: return false
        case .repetition(let h, _, _, _), .capture(let h, _): return h.hasLook
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.hasLook }
        }
    }

    func containsLook(_ pred: (Look) -> Bool) -> Bool {
        switch self {
        case .look(let l): return pred(l)
        case .empty, .literal, .codePoints: return false
        case .repetition(let h, _, _, _), .capture(let h, _): return h.containsLook(pred)
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.containsLook(pred) }
        }
    }

    /// True when every match must start at the beginning of the text (leading `\A`).
    var isAnchoredAtStart: Bool {
        switch self {
        case .look(let l): return l == .startText
        case .capture(let h, _): return h.isAnchoredAtStart
        case .repetition(let h, let mn, _, _): return mn > 0 && h.isAnchoredAtStart
        case .concat(let hs):
            for h in hs {
                if h.isAnchoredAtStart { return true }
                if !h.isZeroWidthEmpty { return false }
            }
            return false
        case .alternation(let hs): return !hs.isEmpty && hs.allSatisfy { $0.isAnchoredAtStart }
        default: return false
        }
    }

    /// Matches only the empty string without assertions (e.g. empty group).
    private var isZeroWidthEmpty: Bool {
        switch self {
        case .empty: return true
        case .capture(let h, _): return h.isZeroWidthEmpty
        case .concat(let hs): return hs.allSatisfy { $0.isZeroWidthEmpty }
        default: return false
        }
    }

    /// A literal byte string every match must start with (case-sensitive), used by the prefilter.
    var requiredPrefix: [UInt8] {
        var out: [UInt8] = []
        _ = collectPrefix(into: &out)
        return out
    }

    /// Appends the required prefix; returns true if the whole node was consumed exactly (so we may continue).
    private func collectPrefix(into out: inout [UInt8]) -> Bool {
        switch self {
        case .empty: return true
        case .literal(let b): out += b; return true
        case .codePoints(let set):
            if set.ranges.count == 1, set.ranges[0].lowerBound == set.ranges[0].upperBound {
                out += utf8Encode(set.ranges[0].lowerBound); return true
            }
            return false
        case .capture(let h, _): return h.collectPrefix(into: &out)
        case .repetition(let h, let mn, let mx, _):
            if mn >= 1 {
                let complete = h.collectPrefix(into: &out)
                return complete && mn == 1 && mx == 1
            }
            return false
        case .concat(let hs):
            for h in hs where !h.collectPrefix(into: &out) { return false }
            return true
        case .look, .alternation: return false
        }
    }
}

extension HIR {
    /// True if a repetition whose body can match the empty string contains a capture group. Only for such patterns
    /// can group captures differ from PCRE2 (PCRE2 records one extra empty iteration); match spans never differ.
    var hasNullableRepetitionWithCapture: Bool {
        switch self {
        case .repetition(let h, _, let mx, _):
            if (mx ?? 2) > 1 && h.canMatchEmpty && h.hasCapture { return true }
            return h.hasNullableRepetitionWithCapture
        case .capture(let h, _): return h.hasNullableRepetitionWithCapture
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.hasNullableRepetitionWithCapture }
        default: return false
        }
    }

    /// True if a repetition (max > 1) has a body that can match the empty string. PCRE2 stops such a loop after an
    /// empty iteration even when a later alternative of the body could consume; the automata engines may prefer the
    /// consuming alternative, so spans can differ from PCRE2 for these (rare) patterns, e.g. `(|a)*`.
    var hasNullableLoop: Bool {
        switch self {
        case .repetition(let h, _, let mx, _):
            if (mx ?? 2) > 1 && h.canMatchEmpty { return true }
            return h.hasNullableLoop
        case .capture(let h, _): return h.hasNullableLoop
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.hasNullableLoop }
        default: return false
        }
    }

    var canMatchEmpty: Bool {
        switch self {
        case .empty, .look: return true
        case .literal(let b): return b.isEmpty
        case .codePoints: return false
        case .repetition(let h, let mn, _, _): return mn == 0 || h.canMatchEmpty
        case .capture(let h, _): return h.canMatchEmpty
        case .concat(let hs): return hs.allSatisfy { $0.canMatchEmpty }
        case .alternation(let hs): return hs.contains { $0.canMatchEmpty }
        }
    }

    /// Whether some match can contain the byte `b` (literals, and code point sets holding it as an ASCII byte).
    func canMatchByte(_ b: UInt8) -> Bool {
        switch self {
        case .empty, .look: return false
        case .literal(let bytes): return bytes.contains(b)
        case .codePoints(let set): return b < 0x80 && set.contains(UInt32(b))
        case .repetition(let h, _, let mx, _): return mx != 0 && h.canMatchByte(b)
        case .capture(let h, _): return h.canMatchByte(b)
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.canMatchByte(b) }
        }
    }

    var hasCapture: Bool {
        switch self {
        case .capture: return true
        case .repetition(let h, _, _, _): return h.hasCapture
        case .concat(let hs), .alternation(let hs): return hs.contains { $0.hasCapture }
        default: return false
        }
    }
}
