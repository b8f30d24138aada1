import GiroCore
import GiroImaging
import GiroOCR
import Testing

/// Caller OCR files: the real Tesseract samples, other engines' shapes, units, plain text.
@Suite struct CallerOCRTests {
    /// What Tesseract 5.3 read from fixtures/ocr-inputs/tesseract/page.png (text and box per word).
    static let tesseractWords: [(String, Int, Int, Int, Int)] = [
        ("Zahlungsempfänger", 41, 48, 284, 28), ("Müller", 337, 48, 84, 22), ("&", 432, 49, 19, 21),
        ("Söhne", 463, 48, 85, 22), ("IBAN", 43, 109, 61, 21), ("HR1210010051863000160", 119, 109, 377, 21),
        ("EUR", 44, 180, 52, 20), ("125,50", 124, 178, 113, 27),
    ]

    static func boxes(_ page: PageWords) -> [String] { page.words.map { "\($0.text) \($0.x) \($0.y) \($0.w) \($0.h)" } }
    static let expectedBoxes = tesseractWords.map { "\($0.0) \($0.1) \($0.2) \($0.3) \($0.4)" }

    @Test(arguments: [("tesseract/page.hocr", CallerOCRFormat.hocr), ("tesseract/page.alto.xml", .alto),
                      ("tesseract/page.tsv", .tsv), ("samples/page.words.json", .wordsJSON)])
    func realSamplesGiveTheSameWords(file: String, format: CallerOCRFormat) throws {
        let bytes = try OCRFixtures.bytes(file)
        #expect(CallerOCR.detect(bytes) == format)
        let page = try CallerOCR.parse(bytes)
        #expect(page.width == 900 && page.height == 260)
        #expect(Self.boxes(page) == Self.expectedBoxes)
        #expect(try CallerOCR.parse(bytes, format: format) == page)
    }

    @Test func confidencesAreZeroToOne() throws {
        let hocr = try CallerOCR.parse(try OCRFixtures.bytes("tesseract/page.hocr"))
        let tsv = try CallerOCR.parse(try OCRFixtures.bytes("tesseract/page.tsv"))
        let alto = try CallerOCR.parse(try OCRFixtures.bytes("tesseract/page.alto.xml"))
        #expect(hocr.words.map(\.confidence) == [0.91, 0.93, 0.93, 0.96, 0.92, 0.92, 0.95, 0.95])
        #expect(alto.words.map(\.confidence) == hocr.words.map(\.confidence))
        for (t, h) in zip(tsv.words, hocr.words) {
            let tc = try #require(t.confidence), hc = try #require(h.confidence)
            #expect(abs(tc - hc) < 0.01)
        }
        let json = try CallerOCR.parse(try OCRFixtures.bytes("samples/page.words.json"))
        #expect(json.words[2].confidence == nil && json.words[3].confidence == nil && json.words[0].confidence == 0.91)
    }

    @Test func otherEngineHOCR() throws {
        let bytes = try OCRFixtures.bytes("samples/other-engine.hocr")
        #expect(CallerOCR.detect(bytes) == .hocr)
        let page = try CallerOCR.parse(bytes)
        // No ocr_page: the page is the extent of the words; the blank word is dropped; the script is not read.
        #expect(page.width == 400 && page.height == 40)
        #expect(Self.boxes(page) == ["Županija 10 10 110 30", "Čašak 130 10 70 30", "A<B 210 10 50 30", "1.234,00 290 12 110 26"])
        #expect(page.words.map(\.confidence) == [0.88, nil, 1.0, 0.75])
    }

    @Test func altoMillimetresAreConvertedAt300DPI() throws {
        let page = try CallerOCR.parse(try OCRFixtures.bytes("samples/alto-v2-mm10.xml"))
        #expect(page.width == 2480 && page.height == 1169)
        // The last word overshoots the page by one pixel after rounding: clamped.
        #expect(Self.boxes(page) == ["Einzahlung 150 300 600 60", "für 900 300 300 60", "edge 2362 1063 118 106"])
        #expect(page.words.map(\.confidence) == [0.8, nil, nil])
    }

    @Test func altoInch1200() throws {
        let page = try CallerOCR.parse(try OCRFixtures.bytes("samples/alto-v4-inch1200.xml"))
        #expect(page.width == 2400 && page.height == 1200)
        #expect(Self.boxes(page) == ["0100003949753>120000000000234478943216899+ 100 1000 1500 40", "010001628> 1650 1000 350 40"])
    }

    @Test func plainTextIsASyntheticGrid() throws {
        let bytes = try OCRFixtures.bytes("samples/page.txt")
        #expect(CallerOCR.detect(bytes) == .plainText)
        let page = try CallerOCR.parse(bytes)
        // CRLF, an empty line, a tab to column 8; 20 px per character, 40 px per line, 30 px high.
        #expect(Self.boxes(page) == [
            "Zahlungsempfänger 0 0 340 30", "Müller 360 0 120 30", "& 500 0 20 30", "Söhne 540 0 100 30",
            "IBAN 40 80 80 30", "HR1210010051863000160 160 80 420 30",
            "EUR 0 120 60 30", "125,50 80 120 120 30",
        ])
        #expect(page.width == 32 * 20 && page.height == 4 * 40)
        #expect(page.words.allSatisfy { $0.confidence == nil })
    }

    @Test func aNamedFormatThatDoesNotMatchFails() throws {
        let json = try OCRFixtures.bytes("samples/page.words.json")
        for format in [CallerOCRFormat.alto, .tsv] {
            #expect(throws: GiroError.self) { try CallerOCR.parse(json, format: format) }
        }
        let headerless = Array("5\t1\t1\t1\t1\t1\t10\t10\t20\t10\t90\tword\n".utf8)
        #expect(CallerOCR.detect(headerless) == .plainText)
        let error = try #require(throws: GiroError.self) { try CallerOCR.parse(headerless, format: .tsv) }
        #expect(error.code == .ocrInputInvalid)
    }

    @Test func detectionByContent() {
        #expect(CallerOCR.detect(Array("\u{FEFF}  {\"width\": 1}".utf8)) == .wordsJSON)
        #expect(CallerOCR.detect(Array("<?xml version='1.0'?><alto xmlns='http://www.loc.gov/standards/alto/ns-v3#'>".utf8)) == .alto)
        #expect(CallerOCR.detect(Array("<html><body><p>hi</p></body></html>".utf8)) == .hocr)
        #expect(CallerOCR.detect(Array("level\tpage_num\tblock_num".utf8)) == .tsv)
        #expect(CallerOCR.detect(Array("Uplatnica HUB-3A".utf8)) == .plainText)
        #expect(CallerOCR.detect([]) == .plainText)
        #expect(CallerOCRFormat(rawValue: "words-json") == .wordsJSON && CallerOCRFormat.plainText.rawValue == "text")
    }
}
