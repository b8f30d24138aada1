/// A Thompson NFA over bytes. States are stored in one array and referenced by index.
/// Capture states are epsilon transitions that record a slot; the DFA ignores them.
struct NFA: Sendable {
    enum State: Sendable {
        case byteRange(lo: UInt8, hi: UInt8, next: Int32)
        case sparse([ByteTransition])
        /// Epsilon alternatives in priority order (leftmost-first).
        case union([Int32])
        /// End of a nullable loop body: go back to the loop head, or exit if the head was already visited at this
        /// position (the iteration was empty). Never deduplicated, so an empty iteration can still reach `exit`
        /// with its own priority — PCRE2 semantics.
        case loopExit(loop: Int32, exit: Int32)
        case capture(slot: Int32, next: Int32)
        case look(Look, next: Int32)
        case empty(next: Int32)
        case match
        case fail
    }

    struct ByteTransition: Sendable {
        var lo: UInt8, hi: UInt8, next: Int32
    }

    var states: [State]
    /// Start for anchored searches.
    var startAnchored: Int32
    /// Start for unanchored searches (a lazy `(?s-u:.)*?` loop in front of the anchored start).
    var startUnanchored: Int32
    /// Number of capture slots (2 per group, group 0 included).
    var slotCount: Int
    var hasLook: Bool
    var hasUnicodeWordBoundary: Bool
    var hasEndTextOptionalNewline: Bool
    /// Matches can only start at offset 0 of the haystack.
    var anchoredAtStart: Bool

    /// Byte-range boundaries used to build the DFA's byte equivalence classes.
    func byteClassBoundaries() -> [Bool] {
        var boundary = [Bool](repeating: false, count: 257)
        func mark(_ lo: UInt8, _ hi: UInt8) { boundary[Int(lo)] = true; boundary[Int(hi) + 1] = true }
        for s in states {
            switch s {
            case .byteRange(let lo, let hi, _): mark(lo, hi)
            case .sparse(let ts): for t in ts { mark(t.lo, t.hi) }
            default: break
            }
        }
        if hasLook {
            // Assertions look at "word byte" / "\n" categories: keep those bytes in their own classes.
            mark(0x0A, 0x0A)
            mark(0x30, 0x39); mark(0x41, 0x5A); mark(0x5F, 0x5F); mark(0x61, 0x7A)
        }
        return boundary
    }
}
