/// Public search API. The primitive works on `UnsafeBufferPointer<UInt8>`; `[UInt8]`, `String` and `Span`
/// overloads forward to it. `range` limits where a match may start and end (assertions still see the bytes around
/// it, like a PCRE2 start offset); `anchored` requires the match to start at `range.lowerBound`.
extension RegexPattern {
    // MARK: primitive (buffer)

    /// True if the pattern matches anywhere in `range`.
    public func isMatch(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, anchored: Bool = false,
                        cache: RegexCache? = nil) -> Bool {
        let r = range ?? 0..<haystack.count
        let c = cache ?? makeCache()
        if case .slots(let s) = core.find(haystack, start: r.lowerBound, end: r.upperBound, anchored: anchored, captures: false,
                                          earliest: true, notEmptyAtStart: false, engine: .auto, cache: c) { return s != nil }
        return false
    }

    /// The leftmost-first match in `range`.
    public func firstMatch(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, anchored: Bool = false,
                           cache: RegexCache? = nil) -> RegexMatch? {
        let r = range ?? 0..<haystack.count
        let c = cache ?? makeCache()
        guard let s = core.findSpan(haystack, start: r.lowerBound, end: r.upperBound, anchored: anchored,
                                    notEmptyAtStart: false, cache: c) else { return nil }
        return RegexMatch(range: s.0..<s.1)
    }

    /// The leftmost-first match with its capture groups.
    public func captures(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, anchored: Bool = false,
                         cache: RegexCache? = nil) -> RegexCaptures? {
        let r = range ?? 0..<haystack.count
        let c = cache ?? makeCache()
        guard case .slots(let s?) = core.find(haystack, start: r.lowerBound, end: r.upperBound, anchored: anchored,
                                              captures: true, earliest: false, notEmptyAtStart: false, engine: .auto, cache: c)
        else { return nil }
        return RegexCaptures(slots: padded(s), names: core.nameToIndex)
    }

    /// Calls `body` for every non-overlapping match, left to right; return false from `body` to stop.
    /// After an empty match the next attempt is a non-empty anchored match at the same place, then the search
    /// moves on by one character — exactly like `pcre2test -g` / pcre2grep.
    public func forEachMatch(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, captures: Bool = false,
                             cache: RegexCache? = nil, _ body: (RegexCaptures) -> Bool) {
        let c = cache ?? makeCache()
        Self.iterate(haystack, range ?? 0..<haystack.count) { start, anchored, notEmpty in
            if case .slots(let s) = core.find(haystack, start: start, end: (range ?? 0..<haystack.count).upperBound,
                                              anchored: anchored, captures: captures, earliest: false,
                                              notEmptyAtStart: notEmpty, engine: .auto, cache: c) { return s }
            return nil
        } body: { slots in body(RegexCaptures(slots: padded(slots), names: core.nameToIndex)) }
    }

    /// Calls `body` with the byte range of every non-overlapping match (no capture work, no allocation per match).
    public func forEachMatchRange(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, cache: RegexCache? = nil,
                                  _ body: (Range<Int>) -> Bool) {
        let c = cache ?? makeCache()
        let r = range ?? 0..<haystack.count
        if r.lowerBound < 0 || r.upperBound > haystack.count { return }
        var pos = r.lowerBound
        var emptyAt = -1
        while pos <= r.upperBound {
            let retry = emptyAt == pos
            guard let m = core.findSpan(haystack, start: pos, end: r.upperBound, anchored: retry, notEmptyAtStart: retry, cache: c) else {
                if retry && pos < r.upperBound {
                    pos += Self.charLength(haystack, pos, r.upperBound)
                    emptyAt = -1
                    continue
                }
                return
            }
            if !body(m.0..<m.1) { return }
            emptyAt = m.0 == m.1 ? m.1 : -1
            pos = m.1
        }
    }

    /// Number of non-overlapping matches (no capture work at all).
    public func count(in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil, cache: RegexCache? = nil) -> Int {
        var n = 0
        forEachMatchRange(in: haystack, range: range, cache: cache) { _ in n += 1; return true }
        return n
    }

    func padded(_ s: [Int]) -> [Int] {
        if s.count >= core.nfa.slotCount { return s }
        return s + [Int](repeating: -1, count: core.nfa.slotCount - s.count)
    }

    /// PCRE2-style iteration driver shared by the normal and the OCR engines.
    /// `find(start, anchored, notEmptyAtStart)` returns slots of a match or nil.
    static func iterate(_ hay: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                        find: (Int, Bool, Bool) -> [Int]?, body: ([Int]) -> Bool) {
        var pos = range.lowerBound
        var emptyAt = -1
        while pos <= range.upperBound {
            var m: [Int]?
            if emptyAt == pos {
                m = find(pos, true, true)
                if m == nil {
                    if pos >= range.upperBound { return }
                    pos += charLength(hay, pos, range.upperBound)
                    emptyAt = -1
                    continue
                }
            } else {
                m = find(pos, false, false)
            }
            guard let m else { return }
            if !body(m) { return }
            if m[1] == m[0] { emptyAt = m[1] }
            pos = m[1]
        }
    }

    /// Length of the UTF-8 character at `i` (1 for invalid bytes).
    static func charLength(_ hay: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        utf8Decode(hay, at: i, end: end)?.1 ?? 1
    }

    // MARK: [UInt8]

    /// True if the pattern matches in `haystack` (see the buffer overload).
    public func isMatch(in haystack: [UInt8], range: Range<Int>? = nil, anchored: Bool = false, cache: RegexCache? = nil) -> Bool {
        haystack.withUnsafeBufferPointer { isMatch(in: $0, range: range, anchored: anchored, cache: cache) }
    }
    /// The leftmost-first match (see the buffer overload).
    public func firstMatch(in haystack: [UInt8], range: Range<Int>? = nil, anchored: Bool = false, cache: RegexCache? = nil) -> RegexMatch? {
        haystack.withUnsafeBufferPointer { firstMatch(in: $0, range: range, anchored: anchored, cache: cache) }
    }
    /// The leftmost-first match with capture groups (see the buffer overload).
    public func captures(in haystack: [UInt8], range: Range<Int>? = nil, anchored: Bool = false, cache: RegexCache? = nil) -> RegexCaptures? {
        haystack.withUnsafeBufferPointer { captures(in: $0, range: range, anchored: anchored, cache: cache) }
    }
    /// All non-overlapping matches, as a lazy sequence.
    public func matches(in haystack: [UInt8], range: Range<Int>? = nil) -> RegexMatchSequence {
        RegexMatchSequence(pattern: self, haystack: haystack, range: range ?? 0..<haystack.count)
    }
    /// All non-overlapping matches with captures.
    public func allCaptures(in haystack: [UInt8], range: Range<Int>? = nil, cache: RegexCache? = nil) -> [RegexCaptures] {
        var out: [RegexCaptures] = []
        haystack.withUnsafeBufferPointer { forEachMatch(in: $0, range: range, captures: true, cache: cache) { out.append($0); return true } }
        return out
    }
    /// Number of non-overlapping matches.
    public func count(in haystack: [UInt8], range: Range<Int>? = nil, cache: RegexCache? = nil) -> Int {
        haystack.withUnsafeBufferPointer { count(in: $0, range: range, cache: cache) }
    }

    // MARK: String (offsets are UTF-8 byte offsets)

    /// True if the pattern matches anywhere in the string.
    public func isMatch(_ haystack: String) -> Bool { isMatch(in: Array(haystack.utf8)) }
    /// The leftmost-first match (UTF-8 byte offsets; use `RegexMatch.text(in:)` for the text).
    public func firstMatch(in haystack: String) -> RegexMatch? { firstMatch(in: Array(haystack.utf8)) }
    /// The leftmost-first match with capture groups (UTF-8 byte offsets).
    public func captures(in haystack: String) -> RegexCaptures? { captures(in: Array(haystack.utf8)) }
    /// All non-overlapping matches (UTF-8 byte offsets).
    public func matches(in haystack: String) -> RegexMatchSequence { matches(in: Array(haystack.utf8)) }
    /// All non-overlapping matches with capture groups.
    public func allCaptures(in haystack: String) -> [RegexCaptures] { allCaptures(in: Array(haystack.utf8)) }
    /// The matched substrings.
    public func matchedStrings(in haystack: String) -> [String] {
        let bytes = Array(haystack.utf8)
        return matches(in: bytes).map { $0.text(in: bytes) }
    }

    // MARK: Span

    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    /// True if the pattern matches in the span.
    public func isMatch(in haystack: Span<UInt8>, anchored: Bool = false, cache: RegexCache? = nil) -> Bool {
        haystack.withUnsafeBufferPointer { isMatch(in: $0, anchored: anchored, cache: cache) }
    }
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    /// The leftmost-first match in the span.
    public func firstMatch(in haystack: Span<UInt8>, anchored: Bool = false, cache: RegexCache? = nil) -> RegexMatch? {
        haystack.withUnsafeBufferPointer { firstMatch(in: $0, anchored: anchored, cache: cache) }
    }
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    /// The leftmost-first match with capture groups in the span.
    public func captures(in haystack: Span<UInt8>, anchored: Bool = false, cache: RegexCache? = nil) -> RegexCaptures? {
        haystack.withUnsafeBufferPointer { captures(in: $0, anchored: anchored, cache: cache) }
    }

    // MARK: testing hooks

    /// All matches (PCRE2 iteration) with one engine; nil if the engine cannot run this pattern/haystack.
    @_spi(Testing) public func _allMatches(in haystack: [UInt8], engine: RegexEngineKind, cache: RegexCache) -> [[Int]]? {
        var out: [[Int]] = []
        var unsupported = false
        haystack.withUnsafeBufferPointer { h in
            Self.iterate(h, 0..<h.count) { start, anchored, notEmpty in
                var eng = engine
                // The DFA cannot do NOTEMPTY_ATSTART retries; those go to the Pike VM, as in `auto`.
                if notEmpty && engine == .lazyDFA { eng = .pikeVM }
                switch core.find(h, start: start, end: h.count, anchored: anchored, captures: true, earliest: false,
                                 notEmptyAtStart: notEmpty, engine: eng, cache: cache) {
                case .unsupported: unsupported = true; return nil
                case .slots(let s): return s.map(padded)
                }
            } body: { out.append($0); return true }
        }
        return unsupported ? nil : out
    }
}

/// A lazy sequence of non-overlapping matches over a byte array (owns its own ``RegexCache``).
public struct RegexMatchSequence: Sequence, Sendable {
    let pattern: RegexPattern
    let haystack: [UInt8]
    let range: Range<Int>

    public struct Iterator: IteratorProtocol {
        let pattern: RegexPattern
        let haystack: [UInt8]
        let end: Int
        let cache: RegexCache
        var pos: Int
        var emptyAt = -1
        var done = false

        public mutating func next() -> RegexMatch? {
            while !done && pos <= end {
                let anchored = emptyAt == pos
                let (p, e) = (pos, end)
                let r: [Int]? = haystack.withUnsafeBufferPointer { h in
                    pattern.core.findSpan(h, start: p, end: e, anchored: anchored, notEmptyAtStart: anchored, cache: cache).map { [$0.0, $0.1] }
                }
                guard let m = r else {
                    if anchored && pos < end {
                        pos += haystack.withUnsafeBufferPointer { RegexPattern.charLength($0, p, e) }
                        emptyAt = -1
                        continue
                    }
                    done = true
                    return nil
                }
                emptyAt = m[1] == m[0] ? m[1] : -1
                pos = m[1]
                return RegexMatch(range: m[0]..<m[1])
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(pattern: pattern, haystack: haystack, end: range.upperBound, cache: pattern.makeCache(), pos: range.lowerBound)
    }
}
