/// ``HIR`` → Thompson ``NFA``. Counted repetitions are expanded here, so this is where the size limit bites:
/// the state count is checked on every insertion, which refuses `a{1000}{1000}` long before memory grows.
struct NFACompiler {
    private var states: [NFA.State] = []
    private let maxStates: Int
    private let reverse: Bool

    /// `reverse` compiles the reversed language (for the reverse DFA that finds match starts); captures are dropped.
    init(maxStates: Int, reverse: Bool = false) {
        self.maxStates = maxStates
        self.reverse = reverse
    }

    private struct Ref { var start: Int32; var end: Int32 }

    static func compile(_ hir: HIR, captureCount: Int, maxStates: Int, reverse: Bool = false) throws(RegexError) -> NFA {
        var c = NFACompiler(maxStates: maxStates, reverse: reverse)
        let body = reverse ? hir : HIR.capture(hir, index: 0)
        let ref = try c.compile(body)
        let m = try c.add(.match)
        c.patch(ref.end, m)
        // Unanchored prefix: prefer starting here (anchored start) over skipping one more byte.
        let loop = try c.add(.union([ref.start]))
        let any = try c.add(.byteRange(lo: 0, hi: 255, next: loop))
        c.patch(loop, any)
        return NFA(
            states: c.states, startAnchored: ref.start, startUnanchored: loop,
            slotCount: reverse ? 0 : 2 * captureCount,
            hasLook: hir.hasLook,
            hasUnicodeWordBoundary: hir.containsLook { $0 == .wordBoundaryUnicode || $0 == .notWordBoundaryUnicode },
            hasEndTextOptionalNewline: hir.containsLook { $0 == .endTextOptionalNewline },
            anchoredAtStart: hir.isAnchoredAtStart
        )
    }

    private mutating func add(_ s: NFA.State) throws(RegexError) -> Int32 {
        if states.count >= maxStates {
            throw RegexError(.sizeLimitExceeded, PatternSpan(start: 0, end: 0),
                             "compiled automaton exceeds \(maxStates) states (counted repetitions are expanded)")
        }
        states.append(s)
        return Int32(states.count - 1)
    }

    /// Points the dangling exit of `from` to `to`.
    private mutating func patch(_ from: Int32, _ to: Int32) {
        let i = Int(from)
        switch states[i] {
        case .byteRange(let lo, let hi, _): states[i] = .byteRange(lo: lo, hi: hi, next: to)
        case .union(let alts): states[i] = .union(alts + [to])
        case .capture(let slot, _): states[i] = .capture(slot: slot, next: to)
        case .look(let l, _): states[i] = .look(l, next: to)
        case .empty: states[i] = .empty(next: to)
        case .sparse, .match, .fail, .loopExit: break
        }
    }

    private mutating func emptyRef() throws(RegexError) -> Ref {
        let e = try add(.empty(next: -1)); return Ref(start: e, end: e)
    }

    private mutating func compile(_ h: HIR) throws(RegexError) -> Ref {
        switch h {
        case .empty: return try emptyRef()
        case .literal(let bytes):
            let seq = reverse ? Array(bytes.reversed()) : bytes
            guard let first = seq.first else { return try emptyRef() }
            let start = try add(.byteRange(lo: first, hi: first, next: -1))
            var end = start
            for b in seq.dropFirst() {
                let s = try add(.byteRange(lo: b, hi: b, next: -1))
                patch(end, s); end = s
            }
            return Ref(start: start, end: end)
        case .codePoints(let set): return try compileClass(set)
        case .look(let l):
            let s = try add(.look(l, next: -1)); return Ref(start: s, end: s)
        case .capture(let sub, let index):
            if reverse { return try compile(sub) }
            let open = try add(.capture(slot: Int32(2 * index), next: -1))
            let inner = try compile(sub)
            let close = try add(.capture(slot: Int32(2 * index + 1), next: -1))
            patch(open, inner.start); patch(inner.end, close)
            return Ref(start: open, end: close)
        case .concat(let hs):
            let parts = reverse ? Array(hs.reversed()) : hs
            var ref: Ref? = nil
            for p in parts {
                let r = try compile(p)
                if let prev = ref { patch(prev.end, r.start); ref = Ref(start: prev.start, end: r.end) } else { ref = r }
            }
            if let ref { return ref }
            return try emptyRef()
        case .alternation(let hs):
            let u = try add(.union([]))
            let end = try add(.empty(next: -1))
            for b in hs {
                let r = try compile(b)
                patch(u, r.start); patch(r.end, end)
            }
            return Ref(start: u, end: end)
        case .repetition(let sub, let mn, let mx, let greedy):
            return try compileRepetition(sub, mn, mx, greedy)
        }
    }

    private mutating func compileRepetition(_ sub: HIR, _ mn: Int, _ mx: Int?, _ greedy: Bool) throws(RegexError) -> Ref {
        // Union whose alternatives are ordered by greediness: greedy prefers entering `sub`.
        func optionalUnion(_ enter: Int32, _ skip: Int32) -> NFA.State { .union(greedy ? [enter, skip] : [skip, enter]) }
        // PCRE2 leaves a loop as soon as an iteration matched the empty string, with that exit taking the
        // iteration's priority. In the NFA: after a nullable body, prefer looping (the loop head is already
        // visited in the same closure if the iteration was empty) and otherwise exit right here.
        let nullable = sub.canMatchEmpty
        if mn == 0, mx == nil {  // x*
            let u = try add(.union([]))
            let r = try compile(sub)
            let end = try add(.empty(next: -1))
            states[Int(u)] = optionalUnion(r.start, end)
            if nullable && greedy {
                let back = try add(.loopExit(loop: u, exit: end))
                patch(r.end, back)
            } else {
                patch(r.end, u)
            }
            return Ref(start: u, end: end)
        }
        // Required copies.
        var ref: Ref? = nil
        let required = mx == nil ? mn - 1 : mn
        for _ in 0..<max(required, 0) {
            let r = try compile(sub)
            if let prev = ref { patch(prev.end, r.start); ref = Ref(start: prev.start, end: r.end) } else { ref = r }
        }
        if mx == nil {  // x{m,} = x{m-1} x+
            let r = try compile(sub)
            let u = try add(.union([]))
            let end = try add(.empty(next: -1))
            if nullable && greedy {
                let back = try add(.loopExit(loop: u, exit: end))
                patch(r.end, back)
            } else {
                patch(r.end, u)
            }
            states[Int(u)] = optionalUnion(r.start, end)
            if let prev = ref { patch(prev.end, r.start); return Ref(start: prev.start, end: end) }
            return Ref(start: r.start, end: end)
        }
        let optional = (mx ?? mn) - mn
        if optional == 0 { if let ref { return ref }; return try emptyRef() }
        // x{0,k} as nested optionals that all exit to one end.
        let end = try add(.empty(next: -1))
        var tail: Int32? = ref?.end
        var start: Int32? = ref?.start
        for _ in 0..<optional {
            let r = try compile(sub)
            let u = try add(optionalUnion(r.start, end))
            if let t = tail { patch(t, u) } else { start = u }
            tail = r.end
        }
        if let t = tail { patch(t, end) }
        return Ref(start: start ?? end, end: end)
    }

    private mutating func compileClass(_ set: CodePointSet) throws(RegexError) -> Ref {
        let end = try add(.empty(next: -1))
        if set.isEmpty {
            let f = try add(.fail)
            return Ref(start: f, end: end)
        }
        var transitions: [NFA.ByteTransition] = []
        for r in set.ranges {
            for seq in utf8Sequences(r) {
                let ordered = reverse ? Array(seq.reversed()) : seq
                // Build the chain back to front so each state knows its successor.
                var next = end
                for br in ordered.dropFirst().reversed() {
                    next = try add(.byteRange(lo: br.lowerBound, hi: br.upperBound, next: next))
                }
                transitions.append(NFA.ByteTransition(lo: ordered[0].lowerBound, hi: ordered[0].upperBound, next: next))
            }
        }
        if transitions.count == 1 {
            let t = transitions[0]
            let s = try add(.byteRange(lo: t.lo, hi: t.hi, next: t.next))
            return Ref(start: s, end: end)
        }
        let s = try add(.sparse(transitions))
        return Ref(start: s, end: end)
    }
}
