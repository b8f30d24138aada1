import Foundation

/// Normalized text, one candidate per non-empty line: Unicode NFC, OCR look-alikes folded (typographic
/// spaces, dashes and quotes, ligatures, full-width forms, Cyrillic letters inside Latin words, zero-width
/// characters), whitespace collapsed. `span` is the line in the input; every fold is listed in `corrections`.
public struct RawParser: FieldParser {
    public var kind: ParserKind { .raw }
    public init() {}

    public func scan(_ t: [UInt8], context: ParseContext) -> [ParseCandidate] {
        var out: [ParseCandidate] = []
        var s = 0
        var i = 0
        while i <= t.count {
            if i == t.count || t[i] == 0x0A {
                var e = i
                if e > s, t[e - 1] == 0x0D { e -= 1 }
                if let c = line(t, s, e) { out.append(c) }
                s = i + 1
            }
            i += 1
        }
        return out
    }

    static let cyrillicToLatin: [UInt32: Character] = [
        0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K", 0x041C: "M", 0x041D: "H", 0x041E: "O", 0x0420: "P",
        0x0421: "C", 0x0422: "T", 0x0425: "X", 0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c",
        0x0443: "y", 0x0445: "x", 0x0456: "i", 0x0458: "j", 0x0405: "S", 0x0455: "s", 0x0406: "I", 0x0408: "J",
    ]

    /// The fold of one scalar outside Cyrillic context; nil keeps it.
    static func fold(_ v: UInt32) -> String? {
        switch v {
        case 0x09, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return " "
        case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xAD: return ""
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4, 0x0060: return "'"
        case 0x201C, 0x201D, 0x201E, 0x2033, 0x00AB, 0x00BB: return "\""
        case 0x2026: return "..."
        case 0xFB00: return "ff"
        case 0xFB01: return "fi"
        case 0xFB02: return "fl"
        case 0xFB03: return "ffi"
        case 0xFB04: return "ffl"
        case 0xFF01...0xFF5E: return String(UnicodeScalar(v - 0xFEE0).map(Character.init) ?? " ")
        default: return nil
        }
    }

    func line(_ t: [UInt8], _ s: Int, _ e: Int) -> ParseCandidate? {
        guard e > s else { return nil }
        let text = String(decoding: t[s..<e], as: UTF8.self)
        var scalars: [(Unicode.Scalar, Int)] = []
        var off = s
        for u in text.unicodeScalars {
            scalars.append((u, off))
            off += UTF8.width(u)
        }
        var out = ""
        var corrections: [Correction] = []
        var pendingSpace = false
        var k = 0
        while k < scalars.count {
            // A word: maximal run of letters/digits; Cyrillic look-alikes fold only in words with Latin or digits.
            let (u, o) = scalars[k]
            if u.properties.isAlphabetic || u.properties.numericType != nil {
                var w = k
                var latin = false
                while w < scalars.count, scalars[w].0.properties.isAlphabetic || scalars[w].0.properties.numericType != nil || scalars[w].0.properties.generalCategory == .nonspacingMark {
                    if scalars[w].0.isASCII { latin = true }
                    w += 1
                }
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                for x in k..<w {
                    let (c, co) = scalars[x]
                    if latin, let l = Self.cyrillicToLatin[c.value] {
                        out.append(l)
                        corrections.append(Correction(offset: co, from: String(c), to: String(l)))
                    } else if let f = Self.fold(c.value) {
                        out += f
                        corrections.append(Correction(offset: co, from: String(c), to: f))
                    } else {
                        out.unicodeScalars.append(c)
                    }
                }
                k = w
                continue
            }
            if u.properties.isWhitespace || Self.fold(u.value) == " " {
                if u != " " && u.value != 0x09 { corrections.append(Correction(offset: o, from: String(u), to: " ")) }
                pendingSpace = true
            } else {
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                if let f = Self.fold(u.value) {
                    out += f
                    corrections.append(Correction(offset: o, from: String(u), to: f))
                } else {
                    out.unicodeScalars.append(u)
                }
            }
            k += 1
        }
        guard !out.isEmpty else { return nil }
        let nfc = out.precomposedStringWithCanonicalMapping
        var notes: [String] = []
        if nfc != out { notes.append("nfc_composed") }
        if t[s..<e].contains(0xEF) && text.contains("\u{FFFD}") { notes.append("invalid_utf8_replaced") }
        return ParseCandidate(parser: .raw, type: "raw", value: nfc, span: ByteSpan(s, e), rawText: text,
                              corrections: corrections, confidence: 1, status: .valid, notes: notes)
    }
}
