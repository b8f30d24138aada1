/// A match: a UTF-8 byte range of the haystack.
public struct RegexMatch: Sendable, Hashable, CustomStringConvertible {
    /// Byte offsets into the haystack.
    public let range: Range<Int>
    package init(range: Range<Int>) { self.range = range }
    public var isEmpty: Bool { range.isEmpty }
    public var description: String { "\(range.lowerBound)..<\(range.upperBound)" }

    /// The matched text, decoded from `haystack` (invalid UTF-8 is repaired).
    public func text(in haystack: [UInt8]) -> String { String(decoding: haystack[range], as: UTF8.self) }
    /// The matched text of a `String` haystack.
    public func text(in haystack: String) -> String {
        let u = haystack.utf8
        let a = u.index(u.startIndex, offsetBy: range.lowerBound), b = u.index(u.startIndex, offsetBy: range.upperBound)
        return String(decoding: u[a..<b], as: UTF8.self)
    }
}

/// Capture groups of one match. Group 0 is the whole match; unmatched groups are nil.
public struct RegexCaptures: Sendable, Hashable {
    /// Ranges by group index.
    public let groups: [Range<Int>?]
    let names: [String: Int]

    init(slots: [Int], names: [String: Int]) {
        var g: [Range<Int>?] = []
        var i = 0
        while i + 1 < slots.count {
            let a = slots[i], b = slots[i + 1]
            g.append(a >= 0 && b >= a ? a..<b : nil)
            i += 2
        }
        groups = g
        self.names = names
    }

    /// The whole match.
    public var range: Range<Int> { groups.first.flatMap { $0 } ?? 0..<0 }
    public var count: Int { groups.count }
    public subscript(index: Int) -> Range<Int>? { index >= 0 && index < groups.count ? groups[index] : nil }
    public subscript(name: String) -> Range<Int>? { names[name].flatMap { self[$0] } }
}
