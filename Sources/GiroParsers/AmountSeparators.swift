extension AmountParser {
    enum Sep: UInt8, Equatable { case dot, comma, apostrophe, space }

    /// The separators of one amount token, packed two bits each: a token has at most 13 (12 groups, a
    /// leading decimal or a trailing dash), so reading one costs no allocation.
    struct SepList: RandomAccessCollection, Equatable {
        static let capacity = 32
        private var bits: UInt64 = 0
        private(set) var count = 0

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(i: Int) -> Sep {
            guard i >= 0, i < count else { return .space }  // never reached: indices come from 0..<count
            return Sep(rawValue: UInt8(truncatingIfNeeded: bits >> UInt64(2 * i)) & 3) ?? .space
        }

        /// Appends `s`; a token never has `capacity` separators (the reader stops at 12 groups).
        mutating func append(_ s: Sep) {
            guard count < Self.capacity else { return }
            bits |= UInt64(s.rawValue) << UInt64(2 * count)
            count += 1
        }
    }
}
