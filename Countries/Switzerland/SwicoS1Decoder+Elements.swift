import Foundation
import GiroCore

/// Splitting the text after `//S1/` into its tags and values.
extension SwicoS1Decoder {
    /// Splits on unescaped slashes, undoing the escapes: the unescaped bytes go into one buffer and each element
    /// is a range of it plus its offset in the original text. A backslash escaping nothing is kept (a problem).
    static func split(_ bytes: [UInt8], from first: Int) -> (buffer: [UInt8], elements: [(range: Range<Int>, offset: Int)], problems: [Problem]) {
        var problems: [Problem] = []
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count)
        var elements: [(range: Range<Int>, offset: Int)] = []
        elements.reserveCapacity(16)
        var elementStart = 0
        var start = first
        var i = first
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "\\") {
                    buffer.append(bytes[i + 1])
                    i += 2
                    continue
                }
                problems.append(Problem(code: .billInformationInvalid, field: "billInformation", offset: i,
                                        message: "backslash not followed by / or \\ (kept literally)"))
                buffer.append(b)
                i += 1
            } else if b == UInt8(ascii: "/") {
                elements.append((elementStart..<buffer.count, start))
                elementStart = buffer.count
                i += 1
                start = i
            } else {
                buffer.append(b)
                i += 1
            }
        }
        elements.append((elementStart..<buffer.count, start))
        return (buffer, elements, problems)
    }
}
