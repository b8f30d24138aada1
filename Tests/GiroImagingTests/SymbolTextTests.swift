import Foundation
import Giro
import GiroTestSupport
import Testing

/// `textCharset` and `text` of symbols no plug-in claims: the ECI when the symbol has one, else the ISO/IEC 18004
/// reader's guess. Expected texts are zxing-cpp's, from the sample corpus (`<name>.txt`).
@Suite struct SymbolTextTests {
    func readFirst(_ relativePath: String, _ symbologies: Set<Symbology>) throws -> DetectedSymbol {
        let url = try Corpora.url("zxing-cpp-samples/\(relativePath)")
        let image = try ImageLoader().load([UInt8](try Data(contentsOf: url))).image
        let found = try ZXingReader().read(image, options: ReadOptions(symbologies: symbologies))
        return try #require(found.first, "nothing read in \(relativePath)")
    }

    func expectedText(_ relativePath: String) throws -> String {
        let stem = (relativePath as NSString).deletingPathExtension
        return String(decoding: try Data(contentsOf: try Corpora.url("zxing-cpp-samples/\(stem).txt")), as: UTF8.self)
    }

    @Test(.corpus("zxing-cpp-samples"), arguments: [
        // One ECI switch midway: ¶ in ISO-8859-1 (ECI 3), then Ж in ISO-8859-5 (ECI 7); both bytes are 0xB6.
        ("datamatrix-1/eci.png", Symbology.datamatrix, "ISO-8859-1+ISO-8859-5"),
        // Six charsets in one PDF417.
        ("pdf417-1/12-mixed-ecis.png", .pdf417, "ISO-8859-1+Shift_JIS+GB18030+ISO-8859-7+windows-1251+ISO-8859-2"),
    ])
    func eciSegmentsAreReadInTheirCharsets(path: String, symbology: Symbology, charset: String) throws {
        let symbol = try readFirst(path, [symbology])
        let (text, textCharset) = SymbolText.interpret(symbol)
        #expect(textCharset == charset)
        #expect(text == (try expectedText(path)))
        // The plug-ins still get the raw bytes, not the text.
        #expect(String(validating: symbol.bytes, as: UTF8.self) != text)
    }

    @Test(.corpus("zxing-cpp-samples"), arguments: [
        ("qrcode-2/31.webp", "Shift_JIS"),  // kanji and kana (double-byte)
        ("qrcode-2/17.webp", "Shift_JIS"),  // half-width katakana only (single bytes 0xA1…0xDF)
        ("qrcode-2/30.png", "UTF-8"),       // 測試 in UTF-8 bytes, no ECI: valid UTF-8 wins
    ])
    func qrCodesWithoutECIAreGuessed(path: String, charset: String) throws {
        let symbol = try readFirst(path, [.qr])
        #expect(symbol.ecis.isEmpty)
        let (text, textCharset) = SymbolText.interpret(symbol)
        #expect(textCharset == charset)
        #expect(text == (try expectedText(path)))
    }

    @Test func guessOrder() {
        // Valid UTF-8 wins.
        #expect(SymbolText.guess(Array("Grüße ÄÖÜ".utf8), symbology: .qr) == ("Grüße ÄÖÜ", "UTF-8"))
        // 今 in Shift_JIS (0x8D cannot be ISO-8859-1 text); only a QR code has a Kanji mode, so a DataMatrix with the
        // same bytes is ISO-8859-1.
        let kon: [UInt8] = [0x8D, 0xA1]
        #expect(SymbolText.guess(kon, symbology: .qr) == ("今", "Shift_JIS"))
        #expect(SymbolText.guess(kon, symbology: .datamatrix).charset == "ISO-8859-1")
        // Latin-1 with a lone high letter: not Japanese, also when it forms a valid Shift_JIS pair (0xE6 0x65).
        #expect(SymbolText.guess([0x43, 0x61, 0x66, 0xE9], symbology: .qr) == ("Café", "ISO-8859-1"))
        #expect(SymbolText.guess([0xE6, 0x65, 0x76, 0x61, 0x70, 0x69], symbology: .qr) == ("æevapi", "ISO-8859-1"))
        // Three half-width katakana in a row are Japanese; two apart are Latin-1 letters.
        #expect(SymbolText.guess([0xC3, 0xDE, 0xBB], symbology: .qr) == ("ﾃﾞｻ", "Shift_JIS"))
        #expect(SymbolText.guess([0x4D, 0xDC, 0x20, 0xC4], symbology: .qr) == ("MÜ Ä", "ISO-8859-1"))
        // Three kanji in a row.
        #expect(SymbolText.guess([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], symbology: .qr) == ("日本語", "Shift_JIS"))
        // Neither valid UTF-8 nor Shift_JIS (bad trail byte): ISO-8859-1 maps every byte.
        #expect(SymbolText.guess([0x81, 0x20], symbology: .qr).charset == "ISO-8859-1")
    }

    @Test func singleECIWithoutLibraryTextUsesTheECICharset() {
        // libdmtx reports the ECI but no text: Giro decodes the bytes in the ECI's charset itself.
        let symbol = DetectedSymbol(symbology: .datamatrix, bytes: [0xB1, 0xE6], eci: 4, corners: [], reader: .dmtx)
        #expect(SymbolText.interpret(symbol) == ("ąć", "ISO-8859-2"))
        let unknown = DetectedSymbol(symbology: .datamatrix, bytes: Array("abc".utf8), eci: 999_999, corners: [], reader: .dmtx)
        #expect(SymbolText.interpret(unknown) == ("abc", "UTF-8"))
    }
}
