/// Engine selection ("meta" engine): lazy DFA forward for the end, reverse DFA for the start, Pike VM only for
/// captures (on the match window) or when the DFA cannot be used or gives up.
@_spi(Testing) public enum RegexEngineKind: String, Sendable, CaseIterable {
    case auto, pikeVM, lazyDFA, ocrK0
}

enum EngineResult { case slots([Int]?), unsupported }

extension RegexCore {
    /// Can the DFA answer for this haystack? (`$` may match before a final `\n`, which needs two bytes of context.)
    @inline(__always)
    func dfaApplies(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
        dfaUsable && !(dollarNeedsTwoBytes && hay.last == 0x0A)
    }

    /// Core search: returns slots (group 0 at 0/1; other groups only if `captures`) or nil.
    ///
    /// Empty matches inside a multi-byte UTF-8 character are not matches (PCRE2 in UTF mode never tries those
    /// positions); such a result is skipped by searching again one byte later. Non-empty matches always consist of
    /// whole characters, so only empty matches need this.
    func find(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, captures: Bool,
              earliest: Bool, notEmptyAtStart: Bool, engine: RegexEngineKind, cache: RegexCache) -> EngineResult {
        var from = start
        while true {
            let r = findRaw(hay, start: from, end: end, anchored: anchored, captures: captures, earliest: earliest,
                            notEmptyAtStart: notEmptyAtStart, engine: engine, cache: cache)
            guard case .slots(let s?) = r else { return r }
            if earliest {
                if isCharBoundary(hay, s[1]) { return r }
                return find(hay, start: from, end: end, anchored: anchored, captures: captures, earliest: false,
                            notEmptyAtStart: notEmptyAtStart, engine: engine, cache: cache)
            }
            if s[0] != s[1] || isCharBoundary(hay, s[0]) { return r }
            if anchored || s[0] >= end { return .slots(nil) }
            from = s[0] + 1
        }
    }

    private func findRaw(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, captures: Bool,
              earliest: Bool, notEmptyAtStart: Bool, engine: RegexEngineKind, cache: RegexCache) -> EngineResult {
        if start > end || end > hay.count || start < 0 { return .slots(nil) }
        switch engine {
        case .pikeVM:
            return .slots(PikeVM(nfa: nfa).search(hay, start: start, end: end, anchored: anchored, earliest: earliest,
                                                  notEmptyAtStart: notEmptyAtStart, scratch: cache.pike))
        case .ocrK0:
            let m = OCRPikeVM.find(core: self, hay, start: start, end: end, anchored: anchored,
                                   notEmptyAtStart: notEmptyAtStart, options: OCRMatchOptions(maxSubstitutions: 0), cache: cache)
            return .slots(m?.slots)
        case .lazyDFA:
            if notEmptyAtStart || !dfaApplies(hay) { return .unsupported }
            guard let r = dfaFind(hay, start: start, end: end, anchored: anchored, earliest: earliest, cache: cache) else {
                return .unsupported
            }
            return .slots(r)
        case .auto:
            if !notEmptyAtStart && dfaApplies(hay),
               let r = dfaFind(hay, start: start, end: end, anchored: anchored, earliest: earliest, cache: cache) {
                guard let r else { return .slots(nil) }
                if captures && nfa.slotCount > 2 && !earliest {
                    // Captures: run the Pike VM on the known window only.
                    let slots = PikeVM(nfa: nfa).search(hay, start: r[0], end: r[1], anchored: true, scratch: cache.pike)
                    return .slots(slots ?? r)
                }
                return .slots(r)
            }
            return .slots(PikeVM(nfa: nfa).search(hay, start: start, end: end, anchored: anchored, earliest: earliest,
                                                  notEmptyAtStart: notEmptyAtStart, scratch: cache.pike))
        }
    }

    /// Allocation-free span search with the automatic engine choice (no captures). Used by counting/iteration.
    func findSpan(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, notEmptyAtStart: Bool,
                  cache: RegexCache) -> (Int, Int)? {
        if start > end || end > hay.count || start < 0 { return nil }
        if let lit = literal, let base = hay.baseAddress {
            // Literal: the prefilter is the whole search.
            if anchored {
                guard end - start >= lit.count else { return nil }
                for k in 0..<lit.count where base[start + k] != lit[k] { return nil }
                return (start, start + lit.count)
            }
            return lit.withUnsafeBufferPointer { n in
                Prefilter.find(n, rare: literalRare, in: base, start, end).map { ($0, $0 + lit.count) }
            }
        }
        var from = start
        while true {
            var r: (Int, Int)?
            if !notEmptyAtStart && dfaApplies(hay),
               let d = dfaSpan(hay, start: from, end: end, anchored: anchored, cache: cache) {
                r = d
            } else {
                r = PikeVM(nfa: nfa).search(hay, start: from, end: end, anchored: anchored,
                                            notEmptyAtStart: notEmptyAtStart, scratch: cache.pike).map { ($0[0], $0[1]) }
            }
            guard let m = r else { return nil }
            if m.0 != m.1 || isCharBoundary(hay, m.0) { return m }
            if anchored || m.0 >= end { return nil }
            from = m.0 + 1
        }
    }

    /// DFA span search. Outer nil: the DFA gave up. Inner nil: no match.
    private func dfaSpan(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, cache: RegexCache) -> (Int, Int)?? {
        if anchoredAtStart && start > 0 { return .some(nil) }
        let anchoredSearch = anchored || anchoredAtStart
        var from = start
        if !anchoredSearch && !prefix.isEmpty, let base = hay.baseAddress {
            // Every match starts with `prefix`: try an anchored forward search at each occurrence. The first success
            // is the leftmost-first match and needs no reverse scan. Failed attempts may read ahead, so their total
            // work is budgeted against the progress made; past the budget, use the unanchored DFA (linear).
            var wasted = 0
            while true {
                let c: Int? = prefix.withUnsafeBufferPointer { Prefilter.find($0, rare: prefixRare, in: base, from, end) }
                guard let c else { return .some(nil) }
                switch cache.forward.searchAnchored(hay, start: c, end: end) {
                case .gaveUp: return nil
                case .match(let e): return .some((c, e))
                case .noMatch:
                    wasted += cache.forward.lastScanEnd - c
                    from = c + 1
                }
                if wasted > 4 * (from - start) + 256 { break }
            }
        }
        switch cache.forward.searchForward(hay, start: from, end: end, anchored: anchoredSearch, earliest: false) {
        case .gaveUp: return nil
        case .noMatch: return .some(nil)
        case .match(let e):
            if anchoredSearch { return .some((start, e)) }
            switch cache.reverse.searchReverse(hay, start: from, end: e) {
            case .match(let s): return .some((s, e))
            case .noMatch, .gaveUp: return nil
            }
        }
    }

    /// DFA search. Outer nil: the DFA gave up (caller falls back). Inner nil: no match.
    private func dfaFind(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, earliest: Bool,
                         cache: RegexCache) -> [Int]?? {
        if nfa.anchoredAtStart && start > 0 { return .some(nil) }
        let anchoredSearch = anchored || nfa.anchoredAtStart
        switch cache.forward.searchForward(hay, start: start, end: end, anchored: anchoredSearch, earliest: earliest) {
        case .gaveUp: return nil
        case .noMatch: return .some(nil)
        case .match(let e):
            if earliest { return .some([start, e]) }
            if anchoredSearch { return .some([start, e]) }
            switch cache.reverse.searchReverse(hay, start: start, end: e) {
            case .match(let s): return .some([s, e])
            case .noMatch, .gaveUp: return nil
            }
        }
    }
}

/// False only for a position strictly inside a valid multi-byte UTF-8 sequence.
@inline(__always)
func isCharBoundary(_ hay: UnsafeBufferPointer<UInt8>, _ p: Int) -> Bool {
    if p <= 0 || p >= hay.count || hay[p] & 0xC0 != 0x80 { return true }
    var j = p - 1
    while j > 0 && j > p - 3 && hay[j] & 0xC0 == 0x80 { j -= 1 }
    guard let (_, len) = utf8Decode(hay, at: j, end: hay.count) else { return true }
    return j + len <= p
}
