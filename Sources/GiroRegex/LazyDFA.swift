/// A lazy (cached) DFA over byte equivalence classes, determinized on demand from the Thompson NFA.
///
/// A DFA state is the ordered list of NFA states reached *before* epsilon closure (its "kernel") plus the category
/// of the previous byte (for assertions). The closure is computed when the next byte is known, so assertions that
/// need one byte of look-ahead (`$`, `\b`, multiline `^`) are exact. Matches are therefore reported one transition
/// late: a transition is *tagged* when a match ended right before the byte it consumes.
///
/// Table encoding (premultiplied by the stride): `> 0` a state, `0` the dead state, `-1` not computed yet,
/// `< -1` a state whose incoming transition is tagged as a match (`-offset`).
final class LazyDFA {
    enum Outcome { case match(Int), noMatch, gaveUp }

    let nfa: NFA
    let reverse: Bool
    let leftmostFirst: Bool
    let ignoreContext: Bool
    let classCount: Int
    let stride: Int
    let classes: UnsafeMutablePointer<UInt8>
    private var classRep: [UInt8]

    /// Per-search hot fields live behind a pointer: stored `var`s of a class pay a dynamic exclusivity check on every
    /// access, which showed up at ~10 % for match-dense searches.
    struct Hot {
        var table: UnsafeMutablePointer<Int32>
        var lastScanEnd = 0
        var clearsThisSearch = 0
        var positionAtLastClear = 0
        var starts: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1, -1, -1, -1)
    }
    let hot: UnsafeMutablePointer<Hot>
    var table: UnsafeMutablePointer<Int32> {
        @inline(__always) get { hot.pointee.table }
        set { hot.pointee.table = newValue }
    }
    private var tableCapacity: Int  // in states
    private var stateCount = 1       // state 0 is the dead state
    private var kernels: [[Int32]] = [[]]
    private var contexts: [UInt8] = [0]
    private var matchFlags: [Bool] = [false]
    private var eoi: [Int8] = [0]
    private var map: [Key: Int32] = [:]
    private var memoryUsed = 0
    private let memoryLimit: Int
    private(set) var clearCount = 0
    private var clearsThisSearch: Int {
        @inline(__always) get { hot.pointee.clearsThisSearch }
        set { hot.pointee.clearsThisSearch = newValue }
    }
    private var positionAtLastClear: Int {
        @inline(__always) get { hot.pointee.positionAtLastClear }
        set { hot.pointee.positionAtLastClear = newValue }
    }

    /// Start-state acceleration for unanchored forward searches without assertions.
    private var skipTable: [Bool]? = nil
    /// The same as byte ranges that leave the start state, when there are at most three (SIMD scan).
    private(set) var skipRanges: Prefilter.ByteRanges? = nil
    private var skipComputedFor: Int32 = -1
    let prefix: [UInt8]
    let prefixRare: Int
    /// `prefix` in stable memory, so the hot loop needs no closure.
    let prefixBuffer: UnsafeMutableBufferPointer<UInt8>
    /// Where the last forward search stopped reading (for the prefilter's work budget).
    var lastScanEnd: Int {
        @inline(__always) get { hot.pointee.lastScanEnd }
        set { hot.pointee.lastScanEnd = newValue }
    }

    private var closureSet: SparseSet
    private var nextSet: SparseSet
    private var stack: [Int32] = []
    private var consuming: [Int32] = []

    private struct Key: Hashable { var kernel: [Int32]; var ctx: UInt8; var match: Bool }

    init(nfa: NFA, reverse: Bool, cacheBytes: Int, prefix: [UInt8] = []) {
        self.nfa = nfa
        self.reverse = reverse
        self.leftmostFirst = !reverse
        self.ignoreContext = !nfa.hasLook
        self.prefix = reverse ? [] : prefix
        self.prefixRare = Prefilter.rareIndex(reverse ? [] : prefix)
        prefixBuffer = .allocate(capacity: self.prefix.count + 1)
        _ = prefixBuffer.initialize(from: self.prefix + [0])
        let boundaries = nfa.byteClassBoundaries()
        classes = .allocate(capacity: 256)
        var cls = 0
        var reps: [UInt8] = []
        for b in 0..<256 {
            if b > 0 && boundaries[b] { cls += 1 }
            if reps.count == cls { reps.append(UInt8(b)) }
            classes[b] = UInt8(cls)
        }
        classCount = cls + 1
        classRep = reps
        stride = max(2, classCount)
        memoryLimit = max(cacheBytes, 64 * 1024)
        tableCapacity = 64
        let t = UnsafeMutablePointer<Int32>.allocate(capacity: tableCapacity * stride)
        t.initialize(repeating: 0, count: stride)  // dead state: every transition stays dead
        hot = .allocate(capacity: 1)
        hot.initialize(to: Hot(table: t))
        closureSet = SparseSet(capacity: nfa.states.count)
        nextSet = SparseSet(capacity: nfa.states.count)
    }

    deinit {
        prefixBuffer.deallocate()
        classes.deallocate()
        hot.pointee.table.deallocate()
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    // MARK: state management

    private func clearCache() {
        map.removeAll(keepingCapacity: true)
        kernels.removeAll(keepingCapacity: true); kernels.append([])
        contexts = [0]; matchFlags = [false]; eoi = [0]
        stateCount = 1
        hot.pointee.starts = (-1, -1, -1, -1, -1, -1, -1, -1)
        skipTable = nil; skipRanges = nil; skipComputedFor = -1
        memoryUsed = 0
        clearCount += 1
        clearsThisSearch += 1
    }

    /// Adds (or finds) a state; returns its premultiplied offset.
    private func intern(_ key: Key) -> Int32 {
        if let off = map[key] { return off }
        if stateCount == tableCapacity {
            let newCap = tableCapacity * 2
            let t = UnsafeMutablePointer<Int32>.allocate(capacity: newCap * stride)
            t.moveInitialize(from: table, count: stateCount * stride)
            table.deallocate()
            table = t
            tableCapacity = newCap
        }
        let off = Int32(stateCount * stride)
        (table + Int(off)).initialize(repeating: -1, count: stride)
        stateCount += 1
        kernels.append(key.kernel); contexts.append(key.ctx); matchFlags.append(key.match); eoi.append(-1)
        map[key] = off
        memoryUsed += stride * 4 + key.kernel.count * 8 + 96
        return off
    }

    var needsClear: Bool { memoryUsed > memoryLimit }

    func startState(anchored: Bool, ctx rawCtx: UInt8) -> Int32 {
        let ctx = ignoreContext ? 0 : rawCtx
        let slot = Int(ctx) + (anchored ? 4 : 0)
        let cached: Int32 = withUnsafeBytes(of: &hot.pointee.starts) { $0.load(fromByteOffset: slot * 4, as: Int32.self) }
        if cached >= 0 { return cached }
        let k = Key(kernel: [anchored ? nfa.startAnchored : nfa.startUnanchored], ctx: ctx, match: false)
        let off = intern(k)
        withUnsafeMutableBytes(of: &hot.pointee.starts) { $0.storeBytes(of: off, toByteOffset: slot * 4, as: Int32.self) }
        return off
    }

    // MARK: determinization

    /// Epsilon closure of a kernel under the given context; fills `consuming` in priority order.
    private func closure(_ kernel: [Int32], before: UInt8, after: UInt8) -> Bool {
        closureSet.clear(); consuming.removeAll(keepingCapacity: true)
        var isMatch = false
        for k in kernel {
            stack.append(k)
            while let id = stack.popLast() {
                if case .loopExit(let loop, let exit) = nfa.states[Int(id)] {
                    stack.append(exit); stack.append(loop); continue
                }
                if closureSet.contains(id) { continue }
                closureSet.insert(id)
                switch nfa.states[Int(id)] {
                case .byteRange, .sparse: consuming.append(id)
                case .match:
                    isMatch = true
                    if leftmostFirst { stack.removeAll(keepingCapacity: true); return true }
                case .empty(let n), .capture(_, let n): stack.append(n)
                case .look(let l, let n): if LookEval.matches(l, before: before, after: after) { stack.append(n) }
                case .union(let alts):
                    var i = alts.count - 1
                    while i >= 0 { stack.append(alts[i]); i -= 1 }
                case .fail, .loopExit: break
                }
            }
        }
        return isMatch
    }

    /// Computes the transition of state `from` on byte class `cls`; may clear the cache (then `from` is re-interned).
    /// Returns nil when the cache thrashes and the caller should fall back to the Pike VM.
    func computeTransition(_ from: inout Int32, _ cls: Int, position: Int) -> Int32? {
        let fromIndex = Int(from) / stride
        let kernel = kernels[fromIndex]
        let ctx = contexts[fromIndex]
        let rep = classRep[cls]
        let cat = ignoreContext ? 0 : LookEval.category(rep)
        let isMatch = reverse ? closure(kernel, before: cat, after: ctx) : closure(kernel, before: ctx, after: cat)
        var next: [Int32] = []
        nextSet.clear()
        for id in consuming {
            switch nfa.states[Int(id)] {
            case .byteRange(let lo, let hi, let n):
                if rep >= lo && rep <= hi && !nextSet.contains(n) { nextSet.insert(n); next.append(n) }
            case .sparse(let ts):
                for t in ts where rep >= t.lo && rep <= t.hi && !nextSet.contains(t.next) {
                    nextSet.insert(t.next); next.append(t.next)
                }
            default: break
            }
        }
        var target: Int32
        if next.isEmpty && !isMatch {
            target = 0
        } else {
            if needsClear {
                if clearsThisSearch >= 3 && position - positionAtLastClear < 10 * stateCount { return nil }
                let fromKey = Key(kernel: kernel, ctx: ctx, match: matchFlags[fromIndex])
                clearCache()
                positionAtLastClear = position
                from = intern(fromKey)
            }
            target = intern(Key(kernel: next, ctx: cat, match: isMatch))
            if isMatch { target = -target }
        }
        table[Int(from) + cls] = target
        return target
    }

    /// Whether a match ends at the end of the text when in state `s`.
    func matchesAtEOI(_ s: Int32) -> Bool {
        let idx = Int(s) / stride
        if eoi[idx] >= 0 { return eoi[idx] == 1 }
        let m = reverse ? closure(kernels[idx], before: LookEval.boundary, after: contexts[idx])
                        : closure(kernels[idx], before: contexts[idx], after: LookEval.boundary)
        eoi[idx] = m ? 1 : 0
        return m
    }

    func beginSearch() { clearsThisSearch = 0; positionAtLastClear = 0 }
    @inline(__always) func clearsThisSearchReset() { clearsThisSearch = 0; positionAtLastClear = 0 }

    /// Bytes that keep the unanchored start state in itself (for the skip loop), computed once per cache generation.
    func skipBytes(for start: Int32) -> [Bool]? {
        if skipComputedFor == start { return skipTable }
        var s = start
        var loops = [Bool](repeating: false, count: classCount)
        for c in 0..<classCount {
            var t = table[Int(s) + c]
            if t == -1 { guard let v = computeTransition(&s, c, position: 0) else { return nil }; t = v }
            if s != start { return nil }  // cache was cleared; try again later
            loops[c] = t == start
        }
        var skip = [Bool](repeating: false, count: 256)
        var exits = 0
        for b in 0..<256 { skip[b] = loops[Int(classes[b])]; if !skip[b] { exits += 1 } }
        skipTable = exits < 200 ? skip : nil
        skipRanges = exits < 200 ? Prefilter.ByteRanges(skip.map { !$0 }) : nil
        skipComputedFor = start
        return skipTable
    }
}
