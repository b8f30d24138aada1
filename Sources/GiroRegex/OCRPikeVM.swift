/// OCR-tolerant Pike VM: the NFA is run over the product of NFA states × substitution counts (k+1 layers), so the
/// cost stays O(states × (k+1) × text). A byte may be replaced by one of its confusions when that lets a thread
/// move on; each replacement costs one layer.
///
/// Two passes keep the preference order exact:
/// 1. an unanchored pass finds the best (start, substitution count) key — leftmost start, then fewest substitutions —
///    pruning any thread that another thread dominates (earlier-or-equal start and fewer-or-equal substitutions);
/// 2. an anchored leftmost-first pass from that start with at most that many substitutions picks the match and
///    records captures and substitutions.
enum OCRPikeVM {
    final class Scratch {
        let k: Int
        let n: Int
        let width: Int  // slots per thread: captures, then k substitution records (offset << 8 | byte)
        var curr: SparseSet, next: SparseSet
        var currSlots: [Int], nextSlots: [Int]
        var thread: [Int]
        var stack: [PikeVM.Frame] = []
        var steps = 0

        init(nfa: NFA, k: Int) {
            self.k = k
            n = nfa.states.count
            width = nfa.slotCount + k
            let total = n * (k + 1)
            curr = SparseSet(capacity: total); next = SparseSet(capacity: total)
            currSlots = [Int](repeating: -1, count: total * width)
            nextSlots = [Int](repeating: -1, count: total * width)
            thread = [Int](repeating: -1, count: width)
        }
    }

    /// states × (k+1) × (slots+k) against 4 × the capture-table limit, without overflowing on extreme limits.
    static func ocrTableTooLarge(_ core: RegexCore, _ k: Int) -> Bool {
        let (rows, o1) = core.nfa.states.count.multipliedReportingOverflow(by: k + 1)
        let (entries, o2) = rows.multipliedReportingOverflow(by: core.nfa.slotCount + k)
        let (budget, o3) = core.limits.maxCaptureTableEntries.multipliedReportingOverflow(by: 4)
        if o1 || o2 { return true }
        return !o3 && entries > budget
    }

    struct Found { var slots: [Int]; var subs: Int }

    static func find(core: RegexCore, _ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool,
                     notEmptyAtStart: Bool, options: OCRMatchOptions, cache: RegexCache) -> OCRMatch? {
        // The product table grows with k; bound it like the capture table (k is reduced, never the text).
        var k = OCRMatchOptions.clamp(options.maxSubstitutions)
        while k > 0 && ocrTableTooLarge(core, k) { k -= 1 }
        if cache.ocr == nil || cache.ocr?.k != k { cache.ocr = Scratch(nfa: core.nfa, k: k) }
        guard let scratch = cache.ocr else { return nil }
        let vm = Machine(nfa: core.nfa, hay: hay, confusions: options.confusions.alternatives, s: scratch)
        var from = start
        var keyFound: Found? = nil
        while keyFound == nil {
            guard let key = vm.run(start: from, end: end, anchored: anchored, notEmptyAtStart: notEmptyAtStart,
                                   maxSubs: k, bestKeyMode: true) else { return nil }
            // Empty matches inside a UTF-8 character do not count (see `RegexCore.find`).
            if key.slots[0] == key.slots[1] && !isCharBoundary(hay, key.slots[0]) {
                if anchored || key.slots[0] >= end { return nil }
                from = key.slots[0] + 1
                continue
            }
            keyFound = key
        }
        guard let key = keyFound else { return nil }
        let s0 = key.slots[0]
        guard let found = vm.run(start: s0, end: end, anchored: true, notEmptyAtStart: notEmptyAtStart && s0 == start,
                                 maxSubs: key.subs, bestKeyMode: false) else { return nil }
        let slotCount = core.nfa.slotCount
        let range = found.slots[0]..<found.slots[1]
        var corrected = Array(hay[range])
        var subs: [OCRSubstitution] = []
        for i in 0..<found.subs {
            let rec = found.slots[slotCount + i]
            let off = rec >> 8, byte = UInt8(rec & 0xFF)
            subs.append(OCRSubstitution(offset: off, original: Unicode.Scalar(hay[off]), replacement: Unicode.Scalar(byte)))
            corrected[off - range.lowerBound] = byte
        }
        subs.sort { $0.offset < $1.offset }
        let capSlots = Array(found.slots[0..<slotCount])
        return OCRMatch(range: range, corrected: corrected, substitutions: subs,
                        captures: RegexCaptures(slots: capSlots, names: core.nameToIndex), slots: capSlots)
    }

    struct Machine {
        let nfa: NFA
        let hay: UnsafeBufferPointer<UInt8>
        let confusions: [[UInt8]]
        let s: Scratch

        /// Product state id.
        @inline(__always) func pid(_ sid: Int32, _ layer: Int) -> Int32 { Int32(layer * s.n) + sid }

        func run(start: Int, end: Int, anchored: Bool, notEmptyAtStart: Bool, maxSubs: Int, bestKeyMode: Bool) -> Found? {
            let slotCount = nfa.slotCount
            var best: Found? = nil
            s.curr.clear(); s.next.clear()
            let anchored = anchored || nfa.anchoredAtStart
            if nfa.anchoredAtStart && start > 0 { return nil }
            var at = start
            while true {
                if best == nil && (!anchored || at == start) {
                    for i in 0..<s.width { s.thread[i] = -1 }
                    addClosure(nfa.startAnchored, layer: 0, at: at, into: &s.curr, table: &s.currSlots, dominance: bestKeyMode)
                }
                if s.curr.count == 0 { break }
                let byte: Int = at < end ? Int(hay[at]) : -1
                var i = 0
                while i < s.curr.count {
                    let p = s.curr[i]
                    i += 1
                    s.steps += 1
                    let layer = Int(p) / s.n
                    let sid = Int32(Int(p) % s.n)
                    let base = Int(p) * s.width
                    if bestKeyMode, let b = best {
                        let st = s.currSlots[base]
                        if st > b.slots[0] || (st == b.slots[0] && layer >= b.subs) { continue }
                    }
                    switch nfa.states[Int(sid)] {
                    case .byteRange(let lo, let hi, let nxt):
                        transition(lo, hi, nxt, byte: byte, p: p, layer: layer, at: at, maxSubs: maxSubs, dominance: bestKeyMode)
                    case .sparse(let ts):
                        for t in ts { transition(t.lo, t.hi, t.next, byte: byte, p: p, layer: layer, at: at, maxSubs: maxSubs, dominance: bestKeyMode) }
                    case .match:
                        if notEmptyAtStart && at == start { continue }
                        var slots = Array(s.currSlots[base..<(base + s.width)])
                        if slotCount >= 2 { slots[1] = at }
                        let cand = Found(slots: slots, subs: layer)
                        if bestKeyMode {
                            if let b = best, !(slots[0] < b.slots[0] || (slots[0] == b.slots[0] && layer < b.subs)) { continue }
                            best = cand
                        } else {
                            best = cand
                            i = s.curr.count  // leftmost-first cut
                        }
                    default: break
                    }
                }
                if at >= end { break }
                swap(&s.curr, &s.next); swap(&s.currSlots, &s.nextSlots)
                s.next.clear()
                at += 1
            }
            return best
        }

        @inline(__always)
        private func transition(_ lo: UInt8, _ hi: UInt8, _ nxt: Int32, byte: Int, p: Int32, layer: Int, at: Int,
                                maxSubs: Int, dominance: Bool) {
            guard byte >= 0 else { return }
            let base = Int(p) * s.width
            if byte >= Int(lo) && byte <= Int(hi) {
                for k in 0..<s.width { s.thread[k] = s.currSlots[base + k] }
                addClosure(nxt, layer: layer, at: at + 1, into: &s.next, table: &s.nextSlots, dominance: dominance)
                return
            }
            guard layer < maxSubs, byte < 128 else { return }
            for alt in confusions[byte] where alt >= lo && alt <= hi {
                for k in 0..<s.width { s.thread[k] = s.currSlots[base + k] }
                s.thread[nfa.slotCount + layer] = at << 8 | Int(alt)
                addClosure(nxt, layer: layer + 1, at: at + 1, into: &s.next, table: &s.nextSlots, dominance: dominance)
                return
            }
        }

        private func addClosure(_ sid: Int32, layer: Int, at: Int, into set: inout SparseSet, table: inout [Int], dominance: Bool) {
            s.stack.append(.explore(sid))
            while let frame = s.stack.popLast() {
                switch frame {
                case .restore(let slot, let v): s.thread[Int(slot)] = v
                case .explore(var id):
                    while true {
                        if case .loopExit(let loop, let exit) = nfa.states[Int(id)] {
                            s.stack.append(.explore(exit)); id = loop; continue
                        }
                        let p = pid(id, layer)
                        if set.contains(p) { break }
                        if dominance {
                            // A thread with fewer substitutions in the same NFA state (and an earlier-or-equal start,
                            // since the list is ordered by start) dominates this one.
                            var dominated = false
                            var l = 0
                            while l < layer { if set.contains(pid(id, l)) { dominated = true; break }; l += 1 }
                            if dominated { break }
                        }
                        set.insert(p)
                        s.steps += 1
                        switch nfa.states[Int(id)] {
                        case .byteRange, .sparse, .match:
                            let base = Int(p) * s.width
                            for k in 0..<s.width { table[base + k] = s.thread[k] }
                        case .fail, .loopExit: break
                        case .empty(let n): id = n; continue
                        case .look(let l, let n):
                            if LookEval.matches(l, hay, at) { id = n; continue }
                        case .union(let alts):
                            guard let first = alts.first else { break }
                            var k = alts.count - 1
                            while k >= 1 { s.stack.append(.explore(alts[k])); k -= 1 }
                            id = first; continue
                        case .capture(let slot, let n):
                            if Int(slot) < nfa.slotCount {
                                s.stack.append(.restore(slot, s.thread[Int(slot)]))
                                s.thread[Int(slot)] = at
                            }
                            id = n; continue
                        }
                        break
                    }
                }
            }
        }
    }
}

extension RegexPattern {
    /// The best OCR-tolerant match in `range`: leftmost start, then fewest substitutions, then leftmost-first.
    ///
    /// ```swift
    /// let p = try RegexPattern(#"HR\d{19}"#)
    /// let m = p.ocrFirstMatch(in: "HR5O41240003200000000", options: .init(maxSubstitutions: 2))
    /// m?.correctedText        // "HR5041240003200000000"
    /// m?.substitutions        // [2+1: O→0]
    /// ```
    public func ocrFirstMatch(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, anchored: Bool = false,
                              options: OCRMatchOptions = OCRMatchOptions(), cache: RegexCache? = nil) -> OCRMatch? {
        let r = range ?? 0..<haystack.count
        if r.lowerBound < 0 || r.upperBound > haystack.count { return nil }
        return OCRPikeVM.find(core: core, haystack, start: r.lowerBound, end: r.upperBound, anchored: anchored,
                              notEmptyAtStart: false, options: options, cache: cache ?? makeCache())
    }

    /// All non-overlapping OCR-tolerant matches (same iteration rules as ``forEachMatch(in:range:captures:cache:_:)``).
    public func ocrMatches(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil,
                           options: OCRMatchOptions = OCRMatchOptions(), cache: RegexCache? = nil) -> [OCRMatch] {
        let r = range ?? 0..<haystack.count
        if r.lowerBound < 0 || r.upperBound > haystack.count { return [] }
        let c = cache ?? makeCache()
        var out: [OCRMatch] = []
        var last: OCRMatch? = nil
        Self.iterate(haystack, r) { start, anchored, notEmpty in
            last = OCRPikeVM.find(core: core, haystack, start: start, end: r.upperBound, anchored: anchored,
                                  notEmptyAtStart: notEmpty, options: options, cache: c)
            return last.map { [$0.range.lowerBound, $0.range.upperBound] }
        } body: { _ in
            if let m = last { out.append(m) }
            return true
        }
        return out
    }

    /// The best OCR-tolerant match in a byte array.
    public func ocrFirstMatch(in haystack: [UInt8], options: OCRMatchOptions = OCRMatchOptions(), cache: RegexCache? = nil) -> OCRMatch? {
        haystack.withUnsafeBufferPointer { ocrFirstMatch(in: $0, options: options, cache: cache) }
    }
    /// The best OCR-tolerant match in a string (UTF-8 byte offsets).
    public func ocrFirstMatch(in haystack: String, options: OCRMatchOptions = OCRMatchOptions()) -> OCRMatch? {
        ocrFirstMatch(in: Array(haystack.utf8), options: options)
    }
    /// All non-overlapping OCR-tolerant matches in a byte array.
    public func ocrMatches(in haystack: [UInt8], options: OCRMatchOptions = OCRMatchOptions(), cache: RegexCache? = nil) -> [OCRMatch] {
        haystack.withUnsafeBufferPointer { ocrMatches(in: $0, options: options, cache: cache) }
    }
    /// All non-overlapping OCR-tolerant matches in a string.
    public func ocrMatches(in haystack: String, options: OCRMatchOptions = OCRMatchOptions()) -> [OCRMatch] {
        ocrMatches(in: Array(haystack.utf8), options: options)
    }

    /// OCR matching with one engine (testing): all matches with k substitutions as slot arrays.
    @_spi(Testing) public func _ocrAllMatches(in haystack: [UInt8], k: Int, cache: RegexCache) -> [[Int]] {
        var out: [[Int]] = []
        haystack.withUnsafeBufferPointer { h in
            Self.iterate(h, 0..<h.count) { start, anchored, notEmpty in
                OCRPikeVM.find(core: core, h, start: start, end: h.count, anchored: anchored, notEmptyAtStart: notEmpty,
                               options: OCRMatchOptions(maxSubstitutions: k), cache: cache).map { padded($0.slots) }
            } body: { out.append($0); return true }
        }
        return out
    }
}
