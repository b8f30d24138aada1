/// Reads TAB-separated fields in order; past the end every field reads as empty and `ranOut` is set.
struct TabFields {
    let text: [UInt8]
    private(set) var ranges: [Range<Int>] = []
    private(set) var index = 0
    private(set) var ranOut = false

    init(_ text: [UInt8]) {
        self.text = text
        var start = 0
        for (i, b) in text.enumerated() where b == 0x09 {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<text.count)
    }

    var remaining: Int { ranges.count - index }

    /// The next field's bytes and its byte offset in the decompressed text.
    mutating func next() -> (bytes: ArraySlice<UInt8>, offset: Int) {
        guard index < ranges.count else {
            ranOut = true
            return (text[text.count...], text.count)
        }
        defer { index += 1 }
        return (text[ranges[index]], ranges[index].lowerBound)
    }

    /// The fields not consumed.
    var rest: [ArraySlice<UInt8>] { ranges[index...].map { text[$0] } }
}
