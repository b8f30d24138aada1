import GiroCore

/// How the text elements of one payload are turned into strings.
///
/// Element 3 declares the charset, but it is applied to the raw bytes with a fallback chain
/// (formats-west §1.5): declared → UTF-8 → ISO-8859-1. The choice is made once per payload,
/// so every field is decoded exactly once and all fields agree.
struct EPCTextDecoder {
    /// Charset actually used (reported in ``SourceInfo/charset``).
    let charset: Charset
    /// Fast path: the payload is pure ASCII, every charset gives the same text.
    let allASCII: Bool

    /// The charset declared by element-3 code `1` … `8`.
    static func declared(_ code: ArraySlice<UInt8>) -> Charset? {
        guard code.count == 1, let c = code.first else { return nil }
        switch c {
        case UInt8(ascii: "1"): return .utf8
        case UInt8(ascii: "2"): return .iso8859_1
        case UInt8(ascii: "3"): return .iso8859_2
        case UInt8(ascii: "4"): return .iso8859_4
        case UInt8(ascii: "5"): return .iso8859_5
        case UInt8(ascii: "6"): return .iso8859_7
        case UInt8(ascii: "7"): return .iso8859_10
        case UInt8(ascii: "8"): return .iso8859_15
        default: return nil
        }
    }

    /// The element-3 code for a charset (inverse of ``declared(_:)``).
    static func code(for charset: Charset) -> UInt8? {
        switch charset {
        case .utf8: return UInt8(ascii: "1")
        case .iso8859_1: return UInt8(ascii: "2")
        case .iso8859_2: return UInt8(ascii: "3")
        case .iso8859_4: return UInt8(ascii: "4")
        case .iso8859_5: return UInt8(ascii: "5")
        case .iso8859_7: return UInt8(ascii: "6")
        case .iso8859_10: return UInt8(ascii: "7")
        case .iso8859_15: return UInt8(ascii: "8")
        case .windows1250, .windows1252: return nil
        }
    }

    /// Outcome of the charset decision.
    enum Decision {
        /// Use this decoder; `issue` is a warning to report (fallback or mismatch), if any.
        case use(EPCTextDecoder, issue: Issue?)
        /// No charset of the chain decodes the bytes; `offset` indexes `bytes`.
        case invalid(offset: Int, byte: UInt8)
    }

    enum Issue {
        /// The declared code is unknown; `used` was picked from the bytes.
        case unknownCode(used: Charset)
        /// The bytes are not valid in the declared charset; `used` was the fallback.
        case fallback(declared: Charset, used: Charset, offset: Int)
        /// The declared single-byte charset was overruled: the bytes are valid multi-byte UTF-8.
        case mismatch(declared: Charset)
    }

    /// Decides the charset for `bytes` (the whole payload after BOM/NUL removal).
    static func decide(declared: Charset?, bytes: [UInt8]) -> Decision {
        let all = bytes[...]
        guard let firstHigh = UTF8Validation.firstNonASCII(all) else {
            let cs = declared ?? .utf8
            return .use(EPCTextDecoder(charset: cs, allASCII: true), issue: declared == nil ? .unknownCode(used: cs) : nil)
        }
        let utf8Invalid = UTF8Validation.firstInvalid(all, from: firstHigh)
        switch declared {
        case .utf8?:
            if utf8Invalid == nil { return .use(EPCTextDecoder(charset: .utf8, allASCII: false), issue: nil) }
            let bad = utf8Invalid ?? firstHigh
            if let c1 = firstC1(all) { return .invalid(offset: c1, byte: bytes[c1]) }
            return .use(EPCTextDecoder(charset: .iso8859_1, allASCII: false),
                        issue: .fallback(declared: .utf8, used: .iso8859_1, offset: bad))
        case let cs?:
            // Multi-byte UTF-8 is practically never accidental in Latin text: the generator wrote UTF-8
            // but declared a single-byte set (a common generator bug; also how scanners hand text on).
            if utf8Invalid == nil { return .use(EPCTextDecoder(charset: .utf8, allASCII: false), issue: .mismatch(declared: cs)) }
            if cs == .iso8859_1 { return .use(EPCTextDecoder(charset: cs, allASCII: false), issue: nil) }
            switch cs.decode(all) {
            case .success:
                return .use(EPCTextDecoder(charset: cs, allASCII: false), issue: nil)
            case .failure(let bad):
                if let c1 = firstC1(all) { return .invalid(offset: c1, byte: bytes[c1]) }
                return .use(EPCTextDecoder(charset: .iso8859_1, allASCII: false),
                            issue: .fallback(declared: cs, used: .iso8859_1, offset: bad.offset))
            }
        case nil:
            if utf8Invalid == nil { return .use(EPCTextDecoder(charset: .utf8, allASCII: false), issue: .unknownCode(used: .utf8)) }
            if let c1 = firstC1(all) { return .invalid(offset: c1, byte: bytes[c1]) }
            return .use(EPCTextDecoder(charset: .iso8859_1, allASCII: false), issue: .unknownCode(used: .iso8859_1))
        }
    }

    /// First C1 control byte (0x80–0x9F): meaningless as ISO-8859-1 text, so Latin-1 is no fallback for it.
    private static func firstC1(_ bytes: ArraySlice<UInt8>) -> Int? {
        for i in bytes.indices where bytes[i] >= 0x80 && bytes[i] <= 0x9F { return i }
        return nil
    }

    /// Decodes one (already trimmed) field. Cannot fail once ``decide(declared:bytes:)`` chose this decoder
    /// for the whole payload; the fallback keeps the signature total anyway.
    func text(_ field: ArraySlice<UInt8>) -> String {
        if allASCII || UTF8Validation.firstNonASCII(field) == nil {
            return String(decoding: field, as: UTF8.self)
        }
        if charset == .utf8 { return String(decoding: field, as: UTF8.self) }
        if charset == .iso8859_1 { return Charset.latin1(field) }
        switch charset.decode(field) {
        case .success(let s): return s
        case .failure: return String(decoding: field, as: UTF8.self)
        }
    }

    /// Length in characters (what the EPC maximum lengths count); bytes for ASCII.
    static func characterCount(_ text: String, bytes: ArraySlice<UInt8>) -> Int {
        UTF8Validation.firstNonASCII(bytes) == nil ? bytes.count : text.count
    }

    /// `true` when the field has more than `max` characters. A character takes at least one byte,
    /// so fields of at most `max` bytes are never counted.
    static func exceeds(_ max: Int, _ text: String, bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count > max && characterCount(text, bytes: bytes) > max
    }
}
