import GiroImaging
import GiroSlips
import Testing

/// Comb values read as a line: an amount's single digits joined at the comma read on a cell wall, letter spacing
/// taken from the glyphs' pitch, accents taken from the crop only where the letters agree.
@Suite struct SlipSpacedTextTests {
    @Test func spacedDigitsWithACommaOnAWallAreOneAmount() {
        // The Czech poukázka's comb as Tesseract read it on the dev clean image, fill marks before the digits.
        #expect(SlipSpacedText.joinedAmount("== = = = = 8 4 8. 0 0") == "848,00")
        #expect(SlipSpacedText.joinedAmount("5 ,4 3") == "5,43")
        #expect(SlipSpacedText.joinedAmount("1 2 3 4, 5 6") == "1234,56")
    }

    @Test func withoutOneSeparatorBeforeTwoCentsNothingIsJoined() {
        // No separator: which cells are cents is unknown (the binarized look read `=== = = = 8 4 8 0 0`).
        #expect(SlipSpacedText.joinedAmount("=== = = = 8 4 8 0 0") == nil)
        #expect(SlipSpacedText.joinedAmount("1 2. 3 4, 5 6") == nil)
        #expect(SlipSpacedText.joinedAmount("1 2 3. 4") == nil)
        // An amount printed as a line is no comb reading.
        #expect(SlipSpacedText.joinedAmount("1.234,50") == nil)
        #expect(SlipSpacedText.joinedAmount("10 278 Ft") == nil)
    }

    /// A white crop with one 20×30 glyph per character of `pattern` at a 40 px pitch (a space: an empty cell).
    static func comb(_ pattern: String) -> GrayImage? {
        let w = 40 * pattern.count + 40, h = 60
        var p = [UInt8](repeating: 255, count: w * h)
        for (i, ch) in pattern.enumerated() where ch != " " {
            for y in 15..<45 { for x in (30 + 40 * i)..<(50 + 40 * i) { p[y * w + x] = 0 } }
        }
        return GrayImage(width: w, height: h, pixels: p)
    }

    @Test func evenlySpacedGlyphsSetTheWordBreaks() throws {
        let crop = try #require(Self.comb("STEFAN LEITNER"))
        #expect(SlipSpacedText.respaced("STEF AN LE ITNER", crop: crop) == "STEFAN LEITNER")
        // Another count of glyphs than of characters: the engine's spacing is kept.
        #expect(SlipSpacedText.respaced("STEF AN LEITNE", crop: crop) == nil)
    }

    @Test func unevenGlyphsKeepTheEnginesBreaks() throws {
        // Glyphs at uneven distances (proportional print): no pitch, nothing changed.
        let w = 400, h = 60
        var p = [UInt8](repeating: 255, count: w * h)
        for x0 in [10, 30, 80, 95, 160, 230] { for y in 15..<45 { for x in x0..<(x0 + 8) { p[y * w + x] = 0 } } }
        let crop = try #require(GrayImage(width: w, height: h, pixels: p))
        #expect(SlipSpacedText.respaced("AB CD EF", crop: crop) == nil)
    }

    @Test func accentsComeFromTheCropOnlyForTheSameLetters() {
        #expect(SlipSpacedText.accented([".", "Mészáros Gábor"], page: ["Mészaros Gabor"]) == ["Mészáros Gábor"])
        #expect(SlipSpacedText.accented(["Mészáros Gábor"], page: ["Mészáros Gábor"]) == nil)
        #expect(SlipSpacedText.accented(["Mészáros Gábos"], page: ["Mészaros Gabor"]) == nil)
        #expect(SlipSpacedText.accented(["Mészaros Gabor"], page: ["Mészáros Gábor"]) == nil)
    }
}
