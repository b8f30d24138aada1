/// ``AST`` → ``HIR``: applies flags (case folding, dot, multiline anchors, greediness), resolves classes.
struct Translator {
    let unicodeClasses: Bool

    func translate(_ ast: AST, flags: RegexOptions) -> HIR {
        var f = flags
        return translate(ast, &f)
    }

    /// `flags` is inout because `(?i)` changes the rest of the enclosing group, including later branches.
    private func translate(_ ast: AST, _ flags: inout RegexOptions) -> HIR {
        switch ast {
        case .empty: return .empty
        case .literal(let cp, _):
            if flags.contains(.caseInsensitive) {
                let variants = CaseFolding.variants(of: cp)
                if !variants.isEmpty { return .codePoints(CodePointSet([cp...cp] + variants.map { $0...$0 })) }
            }
            return .literal(utf8Encode(cp))
        case .dot:
            return .codePoints(flags.contains(.dotMatchesNewline) ? .all : PerlClasses.set(.notNewline, unicode: false))
        case .assertion(let a, _):
            let multi = flags.contains(.multiline)
            switch a {
            case .caret: return .look(multi ? .startLine : .startText)
            case .dollar: return .look(multi ? .endLine : .endTextOptionalNewline)
            case .startText: return .look(.startText)
            case .endText: return .look(.endText)
            case .endTextOptionalNewline: return .look(.endTextOptionalNewline)
            case .wordBoundary: return .look(unicodeClasses ? .wordBoundaryUnicode : .wordBoundaryASCII)
            case .notWordBoundary: return .look(unicodeClasses ? .notWordBoundaryUnicode : .notWordBoundaryASCII)
            }
        case .perlClass(let k, let negated, _):
            // Perl classes are not case-folded (PCRE2 agrees: `(?i)\w` does not match U+212A KELVIN SIGN).
            let set = PerlClasses.set(k, unicode: unicodeClasses)
            return .codePoints(negated ? set.inverted() : set)
        case .bracketClass(let c):
            var set = CodePointSet()
            var perl = CodePointSet()
            for item in c.items {
                switch item {
                case .range(let a, let b): set.insert(a...b)
                case .perl(let k, let neg):
                    let s = PerlClasses.set(k, unicode: unicodeClasses)
                    for r in (neg ? s.inverted() : s).ranges { perl.insert(r) }
                case .posix(let s): for r in s.ranges { set.insert(r) }
                }
            }
            set.canonicalize()
            perl.canonicalize()
            if flags.contains(.caseInsensitive) { set = set.caseFolded() }
            set.formUnion(perl)
            return .codePoints(c.negated ? set.inverted() : set)
        case .repetition(let sub, let mn, let mx, let greedy, _):
            let h = translate(sub, &flags)
            let g = flags.contains(.swapGreed) ? !greedy : greedy
            return .repetition(h, min: mn, max: mx, greedy: g)
        case .capture(let sub, let index, _, _):
            var inner = flags
            return .capture(translate(sub, &inner), index: index)
        case .group(let sub, let change, _):
            var inner = change?.applied(to: flags) ?? flags
            return translate(sub, &inner)
        case .setFlags(let change, _):
            flags = change.applied(to: flags)
            return .empty
        case .concat(let items):
            var out: [HIR] = []
            for item in items {
                let h = translate(item, &flags)
                // Merge adjacent literals so prefix extraction and compilation see whole strings.
                if case .literal(let b) = h, case .literal(let a)? = out.last {
                    out[out.count - 1] = .literal(a + b)
                } else if case .empty = h {
                    continue
                } else {
                    out.append(h)
                }
            }
            if out.isEmpty { return .empty }
            return out.count == 1 ? out[0] : .concat(out)
        case .alternation(let branches):
            return .alternation(branches.map { translate($0, &flags) })
        }
    }
}
