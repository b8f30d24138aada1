/// A set of Unicode code points as sorted, non-overlapping, non-adjacent closed ranges.
struct CodePointSet: Hashable, Sendable {
    static let maxCodePoint: UInt32 = 0x10FFFF
    private(set) var ranges: [ClosedRange<UInt32>] = []

    init() {}
    init(_ ranges: [ClosedRange<UInt32>]) { for r in ranges { insert(r) }; canonicalize() }

    static let all = CodePointSet([0...maxCodePoint])

    var isEmpty: Bool { ranges.isEmpty }

    mutating func insert(_ r: ClosedRange<UInt32>) { ranges.append(r); isCanonical = false }
    mutating func insert(_ cp: UInt32) { insert(cp...cp) }
    mutating func formUnion(_ other: CodePointSet) { ranges += other.ranges; isCanonical = false; canonicalize() }

    private var isCanonical = true

    /// Sorts and merges; surrogates are kept (they never match valid UTF-8 anyway and are dropped at compile time).
    mutating func canonicalize() {
        if isCanonical { return }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count)
        for r in ranges {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                if r.upperBound > last.upperBound { merged[merged.count - 1] = last.lowerBound...r.upperBound }
            } else {
                merged.append(r)
            }
        }
        ranges = merged
        isCanonical = true
    }

    func contains(_ cp: UInt32) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < cp { lo = mid + 1 } else if ranges[mid].lowerBound > cp { hi = mid } else { return true }
        }
        return false
    }

    func inverted() -> CodePointSet {
        var out = CodePointSet()
        var next: UInt32 = 0
        for r in ranges {
            if r.lowerBound > next { out.ranges.append(next...(r.lowerBound - 1)) }
            if r.upperBound == CodePointSet.maxCodePoint { return out }
            next = r.upperBound + 1
        }
        if next <= CodePointSet.maxCodePoint { out.ranges.append(next...CodePointSet.maxCodePoint) }
        return out
    }

    /// Adds the simple case variants of every member (see `CaseFolding.swift`).
    func caseFolded() -> CodePointSet {
        var out = self
        for r in ranges {
            // Only code points covered by the folding table can have variants; skip the rest of huge ranges.
            let hi = min(r.upperBound, CaseFolding.maxFoldable)
            if r.lowerBound > hi { continue }
            for cp in r.lowerBound...hi {
                for v in CaseFolding.variants(of: cp) { out.ranges.append(v...v) }
            }
        }
        out.isCanonical = false
        out.canonicalize()
        return out
    }

    /// True when every member is ASCII.
    var isASCII: Bool { ranges.last.map { $0.upperBound < 0x80 } ?? true }
}
