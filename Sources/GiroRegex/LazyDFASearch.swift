/// The hot loops of the lazy DFA: forward search for the match end, reverse search for the match start.
extension LazyDFA {
    /// Leftmost-first forward search in `hay[start..<end]`; returns the end of the match.
    func searchForward(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool, earliest: Bool) -> Outcome {
        beginSearch()
        let ctx = start == 0 ? LookEval.boundary : LookEval.category(hay[start - 1])
        var s = startState(anchored: anchored, ctx: ctx)
        var generation = clearCount
        let canSkip = !anchored && ignoreContext
        var startOff: Int32 = canSkip ? s : -2
        var skip: [Bool]? = canSkip && prefix.isEmpty ? skipBytes(for: s) : nil
        if generation != clearCount { generation = clearCount; s = startState(anchored: anchored, ctx: ctx); startOff = canSkip ? s : -2; skip = nil }
        var ranges = skip == nil ? nil : skipRanges
        var last = -1
        var pos = start
        lastScanEnd = start
        guard let base = hay.baseAddress, start < end else {
            if start <= end && start <= hay.count {
                if checkEnd(hay, s, end) { return .match(end) }
            }
            return .noMatch
        }
        var tbl = table
        let cls = classes
        var dead = false
        do {
            let needle = UnsafeBufferPointer(rebasing: prefixBuffer[0..<prefix.count])
            let rare = prefixRare
            outer: while pos < end {
                if s == startOff {
                    if needle.count > 0 {
                        guard let c = Prefilter.find(needle, rare: rare, in: base, pos, end) else { pos = end; break outer }
                        pos = c
                    } else if let r = ranges {
                        pos = Prefilter.findInRanges(base, pos, end, r)
                        if pos >= end { break outer }
                    } else if let sk = skip {
                        while pos < end && sk[Int(base[pos])] { pos += 1 }
                        if pos >= end { break outer }
                    }
                }
                // Unrolled fast path over untagged transitions.
                while pos + 3 < end {
                    let t0 = tbl[Int(s) + Int(cls[Int(base[pos])])]
                    if t0 <= 0 || t0 == startOff { break }
                    let t1 = tbl[Int(t0) + Int(cls[Int(base[pos + 1])])]
                    if t1 <= 0 || t1 == startOff { s = t0; pos += 1; break }
                    let t2 = tbl[Int(t1) + Int(cls[Int(base[pos + 2])])]
                    if t2 <= 0 || t2 == startOff { s = t1; pos += 2; break }
                    let t3 = tbl[Int(t2) + Int(cls[Int(base[pos + 3])])]
                    if t3 <= 0 || t3 == startOff { s = t2; pos += 3; break }
                    s = t3; pos += 4
                }
                if pos >= end { break }
                let c = Int(cls[Int(base[pos])])
                var t = tbl[Int(s) + c]
                if t == -1 {
                    guard let v = computeTransition(&s, c, position: pos) else { return .gaveUp }
                    t = v
                    tbl = table
                    if generation != clearCount {
                        generation = clearCount
                        startOff = canSkip ? startState(anchored: anchored, ctx: ctx) : -2
                        skip = nil
                        ranges = nil
                        tbl = table
                    }
                }
                if t == 0 { dead = true; break }
                if t < -1 {
                    last = pos
                    if earliest { return .match(pos) }
                    s = -t
                } else {
                    s = t
                }
                pos += 1
            }
            lastScanEnd = pos
            if !dead && checkEnd(hay, s, end) { last = end }
            return last >= 0 ? .match(last) : .noMatch
        }
    }

    /// Whether a match ends at `end`: the end-of-text transition, or the transition on the byte after the window.
    func checkEndPublic(_ hay: UnsafeBufferPointer<UInt8>, _ s0: Int32, _ end: Int) -> Bool { checkEnd(hay, s0, end) }

    private func checkEnd(_ hay: UnsafeBufferPointer<UInt8>, _ s0: Int32, _ end: Int) -> Bool {
        if end >= hay.count { return matchesAtEOI(s0) }
        var s = s0
        let c = Int(classes[Int(hay[end])])
        var t = table[Int(s) + c]
        if t == -1 { t = computeTransition(&s, c, position: end) ?? 0 }
        return t < -1
    }

    /// Anchored reverse search from `end` down to `start` (all-match semantics); returns the leftmost start.
    func searchReverse(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Outcome {
        beginSearch()
        let ctx = end >= hay.count ? LookEval.boundary : LookEval.category(hay[end])
        var s = startState(anchored: true, ctx: ctx)
        var last = -1
        var pos = end
        var dead = false
        if let base = hay.baseAddress {
            var tbl = table
            let cls = classes
            while pos > start {
                let c = Int(cls[Int(base[pos - 1])])
                var t = tbl[Int(s) + c]
                if t > 0 { s = t; pos -= 1; continue }
                if t == -1 {
                    guard let v = computeTransition(&s, c, position: end - pos) else { return .gaveUp }
                    t = v
                    tbl = table
                }
                if t == 0 { dead = true; break }
                if t < -1 { last = pos; s = -t } else { s = t }
                pos -= 1
            }
        }
        if !dead {
            if start == 0 {
                if matchesAtEOI(s) { last = 0 }
            } else {
                let c = Int(classes[Int(hay[start - 1])])
                var t = table[Int(s) + c]
                if t == -1 { t = computeTransition(&s, c, position: end - start) ?? 0 }
                if t < -1 { last = start }
            }
        }
        return last >= 0 ? .match(last) : .noMatch
    }
}

extension LazyDFA {
    /// Lean anchored forward search used at prefilter candidates (no start-state skipping, no prefix logic):
    /// returns the end of the leftmost-first match starting exactly at `start`.
    func searchAnchored(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Outcome {
        guard let base = hay.baseAddress, start < end else {
            lastScanEnd = start
            return searchForward(hay, start: start, end: end, anchored: true, earliest: false)
        }
        clearsThisSearchReset()
        let ctx = start == 0 ? LookEval.boundary : LookEval.category(base[start - 1])
        var s = startState(anchored: true, ctx: ctx)
        var tbl = table
        let cls = classes
        var last = -1
        var pos = start
        while pos < end {
            let c = Int(cls[Int(base[pos])])
            var t = tbl[Int(s) + c]
            if t > 0 { s = t; pos += 1; continue }
            if t == -1 {
                guard let v = computeTransition(&s, c, position: pos) else { return .gaveUp }
                t = v
                tbl = table
            }
            if t == 0 { lastScanEnd = pos; return last >= 0 ? .match(last) : .noMatch }
            if t < -1 { last = pos; s = -t } else { s = t }
            pos += 1
        }
        lastScanEnd = pos
        if checkEndPublic(hay, s, end) { last = end }
        return last >= 0 ? .match(last) : .noMatch
    }
}
