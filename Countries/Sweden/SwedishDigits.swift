import GiroCore

/// The digits of a number as Swedes print it (`5402-9681`, `28 65 43-4`, `3300,8413283949`), each with its byte
/// offset in the input so an error can point at it. Separators: space, tab, no-break space, `-`, `,`, `.`.
struct SwedishDigits {
    var digits: [UInt8] = []
    var offsets: [Int] = []

    static let maxInputBytes = 64

    init(digits: [UInt8], offsets: [Int]) {
        self.digits = digits
        self.offsets = offsets
    }

    /// Throws `what`'s error code at the first byte that is neither a digit nor a separator.
    init(_ input: String, code: ErrorCode, field: String, what: String) throws(GiroError) {
        let bytes = Array(input.utf8)
        guard bytes.count <= Self.maxInputBytes else {
            throw GiroError(code, field: field, "\(what) is at most \(Self.maxInputBytes) bytes as printed; the input has \(bytes.count)")
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 48...57:
                digits.append(b)
                offsets.append(i)
            case 0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: "."):
                break
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0xA0:
                i += 1
            default:
                throw GiroError(code, field: field, offset: i, "\(what) holds digits only (with spaces, dashes, commas or dots)")
            }
            i += 1
        }
    }

    var count: Int { digits.count }
    var text: String { String(decoding: digits, as: UTF8.self) }

    /// The offset of digit `index` in the input (the last digit's when out of range).
    func offset(_ index: Int) -> Int? {
        offsets.indices.contains(index) ? offsets[index] : offsets.last
    }

    /// The value of digits `range` (at most 9 digits, so no overflow).
    func value(_ range: Range<Int>) -> Int {
        digits[range].prefix(9).reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}

/// Swedish print forms.
enum SwedishFormat {
    /// Groups of `size` digits from the right: `923472612` by 3 → `923 472 612`.
    static func grouped<S: StringProtocol>(_ digits: S, by size: Int) -> String {
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -size, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(Substring(digits[start..<end]), at: 0)
            end = start
        }
        return groups.joined(separator: " ")
    }
}
