import Foundation

/// Character sets that payment payloads declare or imply.
///
/// UTF-8, ISO-8859-1 and ASCII-only input are decoded by Giro itself; the others through Foundation
/// (which carries its own ICU on Linux). Invalid bytes are reported with their offset, never guessed.
package enum Charset: String, Sendable, Codable, Hashable, CaseIterable {
    case utf8 = "UTF-8"
    case iso8859_1 = "ISO-8859-1"
    case iso8859_2 = "ISO-8859-2"
    case iso8859_4 = "ISO-8859-4"
    case iso8859_5 = "ISO-8859-5"
    case iso8859_7 = "ISO-8859-7"
    case iso8859_10 = "ISO-8859-10"
    case iso8859_15 = "ISO-8859-15"
    case windows1250 = "Windows-1250"
    case windows1252 = "Windows-1252"

    /// The first offending byte of an undecodable sequence (absolute index in the decoded collection).
    package struct InvalidByte: Error, Sendable, Hashable {
        package var offset: Int
        package var byte: UInt8
    }

    /// Foundation's encoding; the ISO-8859 parts Swift does not name are CoreFoundation encodings.
    var foundationEncoding: String.Encoding {
        switch self {
        case .utf8: return .utf8
        case .iso8859_1: return .isoLatin1
        case .iso8859_2: return .isoLatin2
        case .windows1250: return .windowsCP1250
        case .windows1252: return .windowsCP1252
        case .iso8859_4: return String.Encoding(rawValue: 0x8000_0204)
        case .iso8859_5: return String.Encoding(rawValue: 0x8000_0205)
        case .iso8859_7: return String.Encoding(rawValue: 0x8000_0207)
        case .iso8859_10: return String.Encoding(rawValue: 0x8000_020A)
        case .iso8859_15: return String.Encoding(rawValue: 0x8000_020F)
        }
    }

    /// ISO-8859-1 maps bytes to U+0000…U+00FF: transcode to UTF-8 directly (two bytes above 0x7F).
    package static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count * 2)
        for b in bytes {
            if b < 0x80 {
                utf8.append(b)
            } else {
                utf8.append(0xC0 | (b >> 6))
                utf8.append(0x80 | (b & 0x3F))
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Encodes `text` in this charset, or nil when a character has no code in it.
    package func encode(_ text: String) -> [UInt8]? {
        switch self {
        case .utf8:
            return Array(text.utf8)
        case .iso8859_1:
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                guard scalar.value <= 0xFF else { return nil }
                out.append(UInt8(scalar.value))
            }
            return out
        default:
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return Array(text.utf8) }
            return text.data(using: foundationEncoding, allowLossyConversion: false).map { [UInt8]($0) }
        }
    }

    /// Decodes `bytes`, or reports the first byte that has no meaning in this charset.
    package func decode(_ bytes: ArraySlice<UInt8>) -> Result<String, InvalidByte> {
        if let bad = UTF8Validation.firstNonASCII(bytes) {
            switch self {
            case .utf8:
                if let invalid = UTF8Validation.firstInvalid(bytes, from: bad) {
                    return .failure(InvalidByte(offset: invalid, byte: bytes[invalid]))
                }
                return .success(String(decoding: bytes, as: UTF8.self))
            case .iso8859_1:
                return .success(Charset.latin1(bytes))
            default:
                return SingleByteTable.table(for: self).decode(bytes)
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

/// UTF-8 checks on raw bytes.
package enum UTF8Validation {
    /// Unicode scalars in valid UTF-8: every byte that does not continue a sequence. The ASCII prefix
    /// (found a word at a time) counts one per byte, so only text after the first accent is walked.
    @inlinable
    package static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let first = firstNonASCII(bytes) else { return bytes.count }
        return (first - bytes.startIndex) + bytes[first...].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// Index of the first byte ≥ 0x80, or nil for pure ASCII.
    /// Eight bytes at a time: payload text is almost always ASCII, so the common case is one test per word.
    @inlinable
    package static func firstNonASCII(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress else { return nil }
            let n = p.count
            var i = 0
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            while i < n {
                if p[i] >= 0x80 { return bytes.startIndex + i }
                i += 1
            }
            return nil
        }
    }

    /// Index of the first byte that starts an invalid UTF-8 sequence (overlong, surrogate, truncated…).
    package static func firstInvalid(_ bytes: ArraySlice<UInt8>, from start: Int? = nil) -> Int? {
        var i = start ?? bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            var need = 0
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; upper = 0x9F
            case 0xF0: need = 3; lower = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; upper = 0x8F
            default: return i
            }
            guard end - i > need else { return i }
            let b1 = bytes[i + 1]
            if b1 < lower || b1 > upper { return i }
            var k = 2
            while k <= need {
                let b = bytes[i + k]
                if b < 0x80 || b > 0xBF { return i }
                k += 1
            }
            i += need + 1
        }
        return nil
    }

    package static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = firstNonASCII(bytes) else { return true }
        return firstInvalid(bytes, from: first) == nil
    }
}

/// The upper half (0x80–0xFF) of a single-byte charset as Unicode scalars, read once from Foundation's
/// converter and cached: decoding is then a table lookup instead of an ICU converter per field.
final class SingleByteTable: Sendable {
    /// Scalar for byte `0x80 + i`, or `UInt32.max` where the charset defines no character.
    let upper: [UInt32]

    init(_ charset: Charset) {
        var t = [UInt32](repeating: .max, count: 128)
        for i in 0..<128 {
            if let s = String(data: Data([UInt8(0x80 + i)]), encoding: charset.foundationEncoding),
               s.unicodeScalars.count == 1, let scalar = s.unicodeScalars.first {
                t[i] = scalar.value
            }
        }
        upper = t
    }

    static let iso8859_2 = SingleByteTable(.iso8859_2)
    static let iso8859_4 = SingleByteTable(.iso8859_4)
    static let iso8859_5 = SingleByteTable(.iso8859_5)
    static let iso8859_7 = SingleByteTable(.iso8859_7)
    static let iso8859_10 = SingleByteTable(.iso8859_10)
    static let iso8859_15 = SingleByteTable(.iso8859_15)
    static let windows1250 = SingleByteTable(.windows1250)
    static let windows1252 = SingleByteTable(.windows1252)

    static func table(for c: Charset) -> SingleByteTable {
        switch c {
        case .iso8859_2: return iso8859_2
        case .iso8859_4: return iso8859_4
        case .iso8859_5: return iso8859_5
        case .iso8859_7: return iso8859_7
        case .iso8859_10: return iso8859_10
        case .iso8859_15: return iso8859_15
        case .windows1250: return windows1250
        case .windows1252, .utf8, .iso8859_1: return windows1252
        }
    }

    func decode(_ bytes: ArraySlice<UInt8>) -> Result<String, Charset.InvalidByte> {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count * 2)
        for i in bytes.indices {
            let b = bytes[i]
            if b < 0x80 { utf8.append(b); continue }
            let v = upper[Int(b - 0x80)]
            guard v != .max, let scalar = Unicode.Scalar(v) else {
                return .failure(Charset.InvalidByte(offset: i, byte: b))
            }
            UTF8.encode(scalar) { utf8.append($0) }
        }
        return .success(String(decoding: utf8, as: UTF8.self))
    }
}
