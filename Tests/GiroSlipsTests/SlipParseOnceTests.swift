import Foundation
import Giro
import GiroImaging
import GiroOCR
import GiroSlips
import Testing

/// Each zone's text goes through its parser once per reading (`SlipParseCounter`): the image path locates the
/// forms on the page pass without building records it would throw away, and the currency zone read first for the
/// amount is not parsed again.
@Suite struct SlipParseOnceTests {
    /// Answers the sparse page pass with a fixture's words, every other call with nothing.
    struct FixtureEngine: OCREngine {
        let page: PageWords
        func recognize(_ image: OCRImage, settings: OCRSettings) throws -> PageWords {
            settings.layout == .sparse ? page : PageWords(width: image.width, height: image.height, words: [])
        }
    }

    static func page(_ slipClass: String, _ name: String) throws -> PageWords {
        let url = SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name)-scan.words")
        return try CallerOCR.parse([UInt8](Data(contentsOf: url)))
    }

    static func counted<T>(_ body: () throws -> T) rethrows -> (T, [String: Int]) {
        let counter = SlipParseCounter()
        let out = try SlipParseCounter.$current.withValue(counter) { try body() }
        return (out, counter.byField)
    }

    // HUB-3A and the Czech příkaz have a currency zone (read first for the amount) and a companion zone.
    @Test(arguments: [("hr.hub-3a", "water-bill"), ("cz.prikaz-k-uhrade", "invoice")])
    func wordsPathParsesEachZoneOnce(_ slipClass: String, _ name: String) throws {
        let page = try Self.page(slipClass, name)
        let (found, parses) = Self.counted { SlipReader.builtIn.read(words: page) }
        try #require(found.count == 1 && found[0].slipClass == slipClass)
        #expect(parses["currency"] == 1)
        #expect(!parses.isEmpty && parses.values.allSatisfy { $0 == 1 }, "\(parses)")
    }

    /// The image path on a blank image whose page pass answers with the fixture's words (no sheet search).
    static func readImage(_ page: PageWords, perZoneOCR: Bool) throws -> ([SlipReading], [String: Int]) {
        let image = try #require(GrayImage(width: page.width, height: page.height,
                                           pixels: [UInt8](repeating: 255, count: page.width * page.height)))
        let options = SlipImageOptions(firstPassMaxSide: max(page.width, page.height), perZoneOCR: perZoneOCR, detectPaper: false)
        return try counted { try SlipReader.builtIn.read(image: image, engine: FixtureEngine(page: page), options: options) }
    }

    @Test(arguments: [("hr.hub-3a", "water-bill"), ("cz.prikaz-k-uhrade", "invoice")])
    func imagePathParsesEachZoneOnce(_ slipClass: String, _ name: String) throws {
        let page = try Self.page(slipClass, name)
        // No per-zone OCR: the page's words decide.
        let (found, parses) = try Self.readImage(page, perZoneOCR: false)
        try #require(found.count == 1 && found[0].slipClass == slipClass)
        #expect(!parses.isEmpty && parses.values.allSatisfy { $0 == 1 }, "\(parses)")
        // The same record as the words path: locating without building changed nothing (but for whose OCR it was,
        // and so the confidence of values nothing checks: Giro's own OCR keeps them under 0.9).
        func sameOCR(_ readings: [SlipReading]) -> [SlipReading] {
            readings.map { reading in
                var reading = reading
                reading.record.provenance = reading.record.provenance.map { var p = $0; p.source = .print; p.confidence = 0; return p }
                return reading
            }
        }
        #expect(sameOCR(found) == sameOCR(SlipReader.builtIn.read(words: page)))
    }

    /// With per-zone OCR the vote parses each reading and the record builder reuses that parse: here every zone's
    /// own look reads nothing, so each field is parsed once, from the page pass.
    @Test(arguments: [("hr.hub-3a", "water-bill"), ("cz.prikaz-k-uhrade", "invoice")])
    func perZoneImagePathParsesEachReadingOnce(_ slipClass: String, _ name: String) throws {
        let (found, parses) = try Self.readImage(try Self.page(slipClass, name), perZoneOCR: true)
        try #require(found.count == 1 && found[0].slipClass == slipClass)
        #expect(!parses.isEmpty && parses.values.allSatisfy { $0 == 1 }, "\(parses)")
    }
}
