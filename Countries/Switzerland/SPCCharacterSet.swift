import Foundation
import GiroCore

/// The characters a Swiss QR-bill may carry (IG QR-bill 2.3 §4.1.1): Basic Latin U+0020–U+007E,
/// Latin-1 Supplement U+00A0–U+00FF, Latin Extended-A U+0100–U+017F, Ș ș Ț ț (U+0218–U+021B) and €.
///
/// The IG 2.3 set is a superset of the IG 2.0–2.2 Latin-1 subset, so one check serves all versions.
enum SPCCharacterSet {
    @inline(__always)
    static func isAllowedASCII(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7E }

    @inline(__always)
    static func isAllowed(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0xA0...0x17F, 0x218...0x21B, 0x20AC: return true
        default: return false
        }
    }

    /// Text of one field, Unicode NFC-normalised when it is not already.
    ///
    /// Pure-ASCII fields (the common case) take a byte-only path. Text whose scalars are all below
    /// U+0300 is already NFC (no combining marks, no composition exclusions there), so Foundation's
    /// normaliser only runs for text that contains combining marks or other higher code points.
    struct FieldText {
        var text: String
        /// Characters (Unicode scalars) after normalisation.
        var count: Int
        /// `true` when NFC normalisation changed the text.
        var normalized: Bool
        /// First character outside the set: scalar value and byte offset inside the field (in the payload's encoding).
        var outside: (scalar: UInt32, offset: Int)?
        var outsideCount: Int
    }

    static func decode(_ raw: UnsafeBufferPointer<UInt8>, latin1: Bool) -> FieldText {
        var nonASCII = false
        var outside: (scalar: UInt32, offset: Int)?
        var outsideCount = 0
        var i = 0
        // Eight bytes at a time while every byte is printable ASCII (0x20–0x7E), the common case.
        if let base = raw.baseAddress {
            let raw8 = UnsafeRawPointer(base)
            while i + 8 <= raw.count {
                let x = raw8.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high = x & 0x8080_8080_8080_8080
                let below20 = (x &- 0x2020_2020_2020_2020) & ~x & 0x8080_8080_8080_8080
                let d = x ^ 0x7F7F_7F7F_7F7F_7F7F
                let is7F = (d &- 0x0101_0101_0101_0101) & ~d & 0x8080_8080_8080_8080
                if high | below20 | is7F != 0 { break }
                i += 8
            }
        }
        while i < raw.count {
            let b = raw[i]
            if b >= 0x80 { nonASCII = true; break }
            if !isAllowedASCII(b) {
                if outside == nil { outside = (UInt32(b), i) }
                outsideCount += 1
            }
            i += 1
        }
        if !nonASCII {
            return FieldText(text: String(decoding: raw, as: UTF8.self), count: raw.count, normalized: false,
                             outside: outside, outsideCount: outsideCount)
        }
        var text: String
        if latin1 {
            var scalars = String.UnicodeScalarView()
            for b in raw { scalars.append(Unicode.Scalar(b)) }
            text = String(scalars)
        } else {
            text = String(decoding: raw, as: UTF8.self)
        }
        var normalized = false
        if text.unicodeScalars.contains(where: { $0.value >= 0x300 }) {
            let nfc = text.precomposedStringWithCanonicalMapping
            // String == compares canonical equivalence; compare the scalars to see a real change.
            if !nfc.unicodeScalars.elementsEqual(text.unicodeScalars) {
                text = nfc
                normalized = true
            }
        }
        outside = nil
        outsideCount = 0
        var count = 0
        var offset = 0
        for s in text.unicodeScalars {
            if !isAllowed(s.value) {
                if outside == nil { outside = (s.value, offset) }
                outsideCount += 1
            }
            count += 1
            offset += latin1 ? 1 : UTF8.width(s)
        }
        return FieldText(text: text, count: count, normalized: normalized, outside: outside, outsideCount: outsideCount)
    }

    /// `U+00E4` style name of a scalar for messages.
    static func describe(_ v: UInt32) -> String {
        var hex = String(v, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+" + hex
    }

    /// Number of characters (Unicode scalars) in UTF-8 bytes: bytes that are not continuation bytes.
    static func characterCount(_ bytes: [UInt8], latin1: Bool) -> Int {
        if latin1 { return bytes.count }
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
