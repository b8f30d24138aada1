/// The Pike VM: simulates the NFA with one thread per state, carrying capture slots.
/// O(states × text) time in every case, and the only engine that reports capture groups.
struct PikeVM {
    let nfa: NFA

    /// Per-search memory, reused across calls through ``RegexCache``.
    final class Scratch {
        var curr: SparseSet, next: SparseSet
        var currSlots: [Int], nextSlots: [Int]
        var stack: [Frame] = []
        var threadSlots: [Int]
        var steps = 0
        let slotCount: Int

        init(nfa: NFA) {
            let n = nfa.states.count
            slotCount = nfa.slotCount
            curr = SparseSet(capacity: n); next = SparseSet(capacity: n)
            currSlots = [Int](repeating: -1, count: n * slotCount)
            nextSlots = [Int](repeating: -1, count: n * slotCount)
            threadSlots = [Int](repeating: -1, count: slotCount)
        }
    }

    enum Frame { case explore(Int32), restore(Int32, Int) }

    /// Runs a leftmost-first search in `hay[start..<end]`. Returns capture slots (group 0 = slots 0/1) or nil.
    /// - `earliest`: stop at the first match position found (for `isMatch`).
    /// - `notEmptyAtStart`: ignore an empty match at `start` (PCRE2_NOTEMPTY_ATSTART, used by iteration).
    func search(_ hay: UnsafeBufferPointer<UInt8>, start: Int, end: Int, anchored: Bool,
                earliest: Bool = false, notEmptyAtStart: Bool = false, scratch s: Scratch) -> [Int]? {
        let slotCount = s.slotCount
        var best: [Int]? = nil
        s.curr.clear(); s.next.clear()
        let anchored = anchored || nfa.anchoredAtStart
        if nfa.anchoredAtStart && start > 0 { return nil }
        var at = start
        while true {
            if best == nil && (!anchored || at == start) {
                for i in 0..<slotCount { s.threadSlots[i] = -1 }
                addClosure(nfa.startAnchored, at: at, hay, into: &s.curr, table: &s.currSlots, s)
            }
            if s.curr.count == 0 { break }
            var i = 0
            let byte: Int = at < end ? Int(hay[at]) : -1
            while i < s.curr.count {
                let sid = s.curr[i]
                i += 1
                s.steps += 1
                switch nfa.states[Int(sid)] {
                case .byteRange(let lo, let hi, let nxt):
                    if byte >= Int(lo) && byte <= Int(hi) { step(from: sid, to: nxt, at: at + 1, hay, s) }
                case .sparse(let ts):
                    if byte >= 0 {
                        for t in ts where byte >= Int(t.lo) && byte <= Int(t.hi) { step(from: sid, to: t.next, at: at + 1, hay, s) }
                    }
                case .match:
                    if notEmptyAtStart && at == start { continue }
                    let base = Int(sid) * slotCount
                    var slots = Array(s.currSlots[base..<(base + slotCount)])
                    if slotCount >= 2 { slots[1] = at }
                    best = slots
                    if earliest { return best }
                    i = s.curr.count  // cut lower-priority threads
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
    private func step(from sid: Int32, to nxt: Int32, at: Int, _ hay: UnsafeBufferPointer<UInt8>, _ s: Scratch) {
        let base = Int(sid) * s.slotCount
        for k in 0..<s.slotCount { s.threadSlots[k] = s.currSlots[base + k] }
        addClosure(nxt, at: at, hay, into: &s.next, table: &s.nextSlots, s)
    }

    /// Follows epsilon transitions from `sid` in priority order, recording slots; consuming states are added to `set`.
    private func addClosure(_ sid: Int32, at: Int, _ hay: UnsafeBufferPointer<UInt8>, into set: inout SparseSet,
                            table: inout [Int], _ s: Scratch) {
        s.stack.append(.explore(sid))
        while let frame = s.stack.popLast() {
            switch frame {
            case .restore(let slot, let v): s.threadSlots[Int(slot)] = v
            case .explore(var id):
                while true {
                    if case .loopExit(let loop, let exit) = nfa.states[Int(id)] {
                        s.stack.append(.explore(exit)); id = loop; continue
                    }
                    if set.contains(id) { break }
                    set.insert(id)
                    s.steps += 1
                    switch nfa.states[Int(id)] {
                    case .byteRange, .sparse, .match:
                        let base = Int(id) * s.slotCount
                        for k in 0..<s.slotCount { table[base + k] = s.threadSlots[k] }
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
                        if Int(slot) < s.slotCount {
                            s.stack.append(.restore(slot, s.threadSlots[Int(slot)]))
                            s.threadSlots[Int(slot)] = at
                        }
                        id = n; continue
                    }
                    break
                }
            }
        }
    }
}
