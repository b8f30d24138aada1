import GiroCore

/// The digits of an Australian number as people print it: `51 824 753 556`, `062-000`, `1,234.5`, an optional label
/// in front (`ABN`, `BSB:`). Spaces (no-break ones too), dashes, commas and dots are dropped; anything else is an
/// error at its byte offset. Inputs over 64 bytes are refused before scanning.
struct AustralianDigits {
    /// ASCII digits, in order.
    var digits: [UInt8]
    /// Byte offset in the input of each digit (for errors pointing at a check digit).
    var offsets: [Int]

    static let byteLimit = 64

    static func read(_ input: String, label: String?, maxDigits: Int, code: ErrorCode, field: String, name: String) throws(GiroError) -> AustralianDigits {
        let bytes = Array(input.utf8)
        guard bytes.count <= byteLimit else {
            throw GiroError(code, field: field, "\(name) is at most \(maxDigits) digits; the input has \(bytes.count) bytes")
        }
        var i = 0
        if let label { i = labelEnd(bytes, label: Array(label.utf8)) }
        var out = AustralianDigits(digits: [], offsets: [])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 48...57:
                guard out.digits.count < maxDigits else {
                    throw GiroError(code, field: field, offset: i, "\(name) has at most \(maxDigits) digits, found more")
                }
                out.digits.append(b)
                out.offsets.append(i)
            case 0x20, 0x09, UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: "."):
                break
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0xA0:
                i += 1 // no-break space
            default:
                throw GiroError(code, field: field, offset: i, "\(name) holds digits only (with spaces, dashes, commas or dots)")
            }
            i += 1
        }
        return out
    }

    /// Where the digits start after an optional `LABEL`, `LABEL:` or `LABEL no.` prefix (any case); 0 without one.
    private static func labelEnd(_ bytes: [UInt8], label: [UInt8]) -> Int {
        var i = 0
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        guard bytes.count >= i + label.count else { return 0 }
        for (k, l) in label.enumerated() where bytes[i + k] | 0x20 != l | 0x20 { return 0 }
        i += label.count
        if i < bytes.count, bytes[i] == UInt8(ascii: ":") { i += 1 }
        return i
    }

    var text: String { String(decoding: digits, as: UTF8.self) }
}
