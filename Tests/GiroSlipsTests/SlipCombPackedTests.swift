import Foundation
import GiroCore
import GiroImaging
import GiroOCR
@testable import GiroSlips
import GiroTestSupport
import Testing

/// A comb's value read as a line of print: its glyphs packed side by side, the cells deciding the spaces
/// (`SlipReader.packedRead`), and glyphs standing at a comb's pitch with no comb left (`spacedStrip`). The crops are
/// synthetic (`fixtures/images/comb-crops/synthetic.py`: DejaVu fonts, one glyph a cell).
@Suite struct SlipCombPackedTests {
    static func crop(_ name: String) throws -> GrayImage {
        let url = RepositoryRoot.url.appendingPathComponent("fixtures/images/comb-crops/\(name)")
        return try ImageLoader().load([UInt8](Data(contentsOf: url))).image
    }

    static func settings(_ parser: SlipParserKind, _ languages: [String] = ["eng"]) -> OCRSettings {
        OCRSettings(languages: languages, whitelist: parser.defaultWhitelist, layout: .line, budgetMilliseconds: 5_000)
    }

    /// The crop read as the image path reads a zone: its comb (if any) found and whitened, then `zoneLines`.
    static func read(_ name: String, _ parser: SlipParserKind, languages: [String] = ["eng"],
                     valid: ((String) -> Bool)? = nil) throws -> [String] {
        let image = try crop(name)
        let cells = SlipCombCells.find(in: image, border: SlipReader.cropBorder)
        let whitened = cells.map { $0.whitened(image) } ?? image
        let read = try #require(SlipReader.zoneLines(whitened, cells: cells, parser: parser, engine: TesseractEngine(),
                                                     settings: settings(parser, languages), valid: valid))
        return read.text
    }

    static func validIBAN(_ text: String) -> Bool {
        (try? IBAN.validate(Array(text.filter { !$0.isWhitespace }.utf8))) != nil
    }

    @Test func aNameInASerifCombIsReadWhole() throws {
        let image = try Self.crop("synthetic-name-serif-walls.png")
        #expect(SlipCombCells.find(in: image, border: SlipReader.cropBorder) != nil, "the comb is found")
        #expect(try Self.read("synthetic-name-serif-walls.png", .text) == ["Maria Muster"])
    }

    @Test func aNameInATickCombIsReadWhole() throws {
        #expect(try Self.read("synthetic-name-sans-ticks.png", .text) == ["Water-link"])
    }

    @Test func anIBANInAMonospacedTickComb() throws {
        #expect(try Self.read("synthetic-iban-mono-ticks.png", .iban, valid: Self.validIBAN) == ["BE68539007547034"])
    }

    @Test func spacedGlyphsWithoutACombAreReadPacked() throws {
        let image = try Self.crop("synthetic-name-serif-spaced.png")
        #expect(SlipCombCells.find(in: image, border: SlipReader.cropBorder) == nil, "no comb left")
        #expect(SlipReader.spacedStrip(image) != nil)
        #expect(try Self.read("synthetic-name-serif-spaced.png", .text) == ["Water-link"])
        #expect(try Self.read("synthetic-iban-sans-spaced.png", .iban, valid: Self.validIBAN) == ["BE68539007547034"])
    }

    /// An amount right-aligned in a comb, its comma in a cell of its own: read by its cells, or packed when the
    /// cells spell no amount (perturbed be.overschrijving: `87,40` read as nothing).
    @Test func anAmountWithItsCommaInACellOfItsOwn() throws {
        let image = try Self.crop("synthetic-amount-serif-ticks.png")
        let cells = try #require(SlipCombCells.find(in: image, border: SlipReader.cropBorder))
        let packed = SlipReader.packedRead(cells.whitened(image), cells, parser: .amount, engine: TesseractEngine(),
                                           settings: Self.settings(.amount))
        #expect(packed?.text == ["87,40"])
        #expect(try Self.read("synthetic-amount-serif-ticks.png", .amount) == ["87,40"])
    }

    /// Capitals with umlauts whose dots stand apart from the letter by a row of paper keep them when packed.
    @Test func spacedCapitalsKeepTheirUmlauts() throws {
        let strip = try #require(SlipReader.spacedStrip(try Self.crop("synthetic-text-mono-spaced.png")))
        let image = try #require(OCRImage(width: strip.width, height: strip.height, pixels: strip.pixels))
        let words = try TesseractEngine().recognize(image, settings: Self.settings(.text, ["deu"]))
        #expect(SlipReader.lines(words).text == ["KURSGEBÜHR FRÜHJAHR"])
        #expect(try Self.read("synthetic-text-mono-spaced.png", .text, languages: ["deu"]) == ["KURSGEBÜHR FRÜHJAHR"])
    }

    /// Ordinary print (glyphs nearly touching) is no comb's spacing: not packed.
    @Test func ordinaryPrintIsNotPacked() throws {
        let w = 400, h = 80
        var p = [UInt8](repeating: 255, count: w * h)
        for k in 0..<10 { for x in (20 + 30 * k)..<(20 + 30 * k + 26) { for y in 20..<60 { p[y * w + x] = 0 } } }
        let image = try #require(GrayImage(width: w, height: h, pixels: p))
        #expect(SlipReader.spacedStrip(image) == nil)
    }
}
