import Foundation
import GiroCore

/// The text shown for a symbol's bytes and the charset it was read in. Payment plug-ins never see this: they get
/// the raw bytes and apply their format's own rules; this is for symbols no plug-in claims.
///
/// With an ECI the symbol says its charset: zxing's transcoded text is used (it handles a symbol that switches
/// charsets midway), else the bytes are decoded in the ECI's charset when Foundation knows it. Without one, the
/// guess ISO/IEC 18004 readers make: UTF-8 when the bytes are valid UTF-8; Shift_JIS for a QR code whose bytes are
/// valid Shift_JIS and look Japanese by zxing's rule (`prefersShiftJIS`; QR's Kanji mode and Japanese byte-mode
/// codes); else ISO-8859-1, which maps every byte. A QR code with Kanji or Hanzi mode segments says their charset by
/// the mode: zxing's text, which transcodes those segments, is used then (`Shift_JIS` or `GB2312`).
package enum SymbolText {
    package static func interpret(_ symbol: DetectedSymbol) -> (text: String, charset: String) {
        if !symbol.ecis.isEmpty {
            let charset = symbol.ecis.map(charsetName).joined(separator: "+")
            if let text = symbol.eciText { return (text, charset) }
            if symbol.ecis.count == 1, let eci = symbol.ecis.first, let encoding = encoding(eci: eci),
               let text = String(data: Data(symbol.bytes), encoding: encoding) {
                return (text, charset)
            }
        }
        // A QR code's Kanji or Hanzi mode fixes its segments' charset; zxing transcodes them (and guesses the rest).
        if let charset = symbol.modeCharset, let text = symbol.eciText { return (text, charset) }
        return guess(symbol.bytes, symbology: symbol.symbology)
    }

    package static func guess(_ bytes: [UInt8], symbology: Symbology) -> (text: String, charset: String) {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return (utf8, "UTF-8") }
        if symbology == .qr, prefersShiftJIS(bytes), let text = String(data: Data(bytes), encoding: .shiftJIS) {
            return (text, "Shift_JIS")
        }
        return (String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })), "ISO-8859-1")
    }

    /// zxing's Shift_JIS-or-Latin-1 rule (the common ISO/IEC 18004 reader heuristic). Shift_JIS when the bytes are
    /// well-formed Shift_JIS (JIS X 0208 lead/trail ranges, half-width katakana 0xA1…0xDF as single bytes) and
    /// either cannot be ISO-8859-1 text (a byte in 0x80…0x9F), or look Japanese: three katakana or three
    /// double-byte characters in a row, exactly two katakana in all, or at least a tenth of the bytes being Latin-1
    /// symbols (0xA0…0xBF, ×, ÷) rather than letters. So "ćevapi" (0xE6 0x65 is a valid Shift_JIS pair) stays Latin-1.
    static func prefersShiftJIS(_ bytes: [UInt8]) -> Bool {
        var i = 0
        var katakana = 0, katakanaRun = 0, longestKatakanaRun = 0
        var doubleRun = 0, longestDoubleRun = 0
        var latin1Possible = true, latin1Symbols = 0
        for b in bytes {
            if (0x80...0x9F).contains(b) { latin1Possible = false }
            if b >= 0xA0, b < 0xC0 || b == 0xD7 || b == 0xF7 { latin1Symbols += 1 }
        }
        while i < bytes.count {
            let b = bytes[i]
            if (0xA1...0xDF).contains(b) {
                katakana += 1
                katakanaRun += 1
                longestKatakanaRun = max(longestKatakanaRun, katakanaRun)
                doubleRun = 0
                i += 1
                continue
            }
            katakanaRun = 0
            if b < 0x80 { doubleRun = 0; i += 1; continue }
            guard (0x81...0x9F).contains(b) || (0xE0...0xEF).contains(b), i + 1 < bytes.count else { return false }
            let t = bytes[i + 1]
            guard (0x40...0x7E).contains(t) || (0x80...0xFC).contains(t) else { return false }
            doubleRun += 1
            longestDoubleRun = max(longestDoubleRun, doubleRun)
            i += 2
        }
        if !latin1Possible || longestKatakanaRun >= 3 || longestDoubleRun >= 3 { return true }
        return (longestKatakanaRun == 2 && katakana == 2) || latin1Symbols * 10 >= bytes.count
    }

    /// ECI designators of AIM ECI (the charset ones readers use); others are reported as `ECI n`.
    static func charsetName(_ eci: Int) -> String {
        switch eci {
        case 0, 2: "CP437"
        case 1, 3: "ISO-8859-1"
        case 4...13: "ISO-8859-\(eci - 2)"
        case 15...18: "ISO-8859-\(eci - 2)"
        case 20: "Shift_JIS"
        case 21: "windows-1250"
        case 22: "windows-1251"
        case 23: "windows-1252"
        case 24: "windows-1256"
        case 25: "UTF-16BE"
        case 26: "UTF-8"
        case 27, 170: "US-ASCII"
        case 28: "Big5"
        case 29: "GB18030"
        case 30: "EUC-KR"
        default: "ECI \(eci)"
        }
    }

    static func encoding(eci: Int) -> String.Encoding? {
        switch eci {
        case 1, 3: .isoLatin1
        case 4: .isoLatin2
        case 20: .shiftJIS
        case 21: .windowsCP1250
        case 22: .windowsCP1251
        case 23: .windowsCP1252
        case 25: .utf16BigEndian
        case 26: .utf8
        case 27, 170: .ascii
        default: nil
        }
    }
}
