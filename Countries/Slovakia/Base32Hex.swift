/// RFC 4648 "extended hex" base32 (`0-9A-V`), as a bit stream: trailing bits that do not fill a byte are dropped.
enum Base32Hex {
    struct Decoded {
        var bytes: [UInt8]
        var sawLowercase: Bool
        /// The character count leaves more than 7 bits over: a generator appended a superfluous character.
        var extraCharacters: Bool
    }

    /// A character outside the alphabet, at this payload offset.
    struct BadCharacter: Error { var offset: Int }

    static func decode(_ chars: ArraySlice<UInt8>) -> Result<Decoded, BadCharacter> {
        var out: [UInt8] = []
        out.reserveCapacity(chars.count * 5 / 8 + 1)
        var buffer: UInt32 = 0
        var bits = 0
        var lower = false
        for (i, c) in zip(chars.indices, chars) {
            let v: UInt8
            switch c {
            case 48...57: v = c - 48
            case 65...86: v = c - 55
            case 97...118: v = c - 87; lower = true
            default: return .failure(BadCharacter(offset: i))
            }
            buffer = (buffer << 5 | UInt32(v)) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        let rest = chars.count % 8
        return .success(Decoded(bytes: out, sawLowercase: lower, extraCharacters: rest == 1 || rest == 3 || rest == 6))
    }

    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV".utf8)
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for b in bytes {
            buffer = (buffer << 8 | UInt32(b)) & 0xFFFF
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
