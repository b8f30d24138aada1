/// An insertion-ordered set of small integers with O(1) clear (Briggs & Torczon), used for NFA thread lists.
struct SparseSet {
    private(set) var dense: [Int32]
    private var sparse: [Int32]
    private(set) var count = 0

    init(capacity: Int) {
        dense = [Int32](repeating: 0, count: capacity)
        sparse = [Int32](repeating: 0, count: capacity)
    }

    @inline(__always) func contains(_ v: Int32) -> Bool {
        let i = Int(sparse[Int(v)])
        return i < count && dense[i] == v
    }

    @inline(__always) mutating func insert(_ v: Int32) {
        dense[count] = v
        sparse[Int(v)] = Int32(count)
        count += 1
    }

    @inline(__always) mutating func clear() { count = 0 }
    @inline(__always) subscript(i: Int) -> Int32 { dense[i] }
}
