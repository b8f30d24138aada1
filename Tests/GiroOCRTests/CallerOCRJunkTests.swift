import Foundation
import GiroCore
import GiroImaging
import GiroOCR
import GiroTestSupport
import Testing

/// Invalid and junk OCR files: typed errors with their codes and lines, never a crash.
@Suite struct CallerOCRJunkTests {
    static let expectations: [(file: String, code: String, line: Int?)] = {
        let text = (try? String(contentsOf: OCRFixtures.inputs.appendingPathComponent("invalid/expected.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let f = row.split(separator: "\t").map(String.init)
            return (f[0], f[1], f.count > 2 ? Int(f[2]) : nil)
        }
    }()

    @Test func everyInvalidFixtureHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: OCRFixtures.inputs.appendingPathComponent("invalid").path)
        #expect(Set(files.filter { $0 != "expected.tsv" }) == Set(Self.expectations.map(\.file)))
        #expect(Self.expectations.count >= 20)
    }

    @Test(arguments: expectations.map(\.file))
    func invalidFixtureFailsWithItsCode(file: String) throws {
        let expected = try #require(Self.expectations.first { $0.file == file })
        let bytes = try OCRFixtures.bytes("invalid/" + file)
        let error = try #require(throws: GiroError.self) { try CallerOCR.parse(bytes) }
        #expect(error.code.rawValue == expected.code, "\(error)")
        if let line = expected.line { #expect(error.line == line, "\(error)") }
    }

    @Test func oversizedInputIsRefusedBeforeParsing() throws {
        let bytes = [UInt8](repeating: 0x20, count: CallerOCRLimits.maxBytes + 1)
        let error = try #require(throws: GiroError.self) { try CallerOCR.parse(bytes) }
        #expect(error.code == .ocrInputTooLarge)
    }

    @Test func tooManyWords() throws {
        let words = String(repeating: "a ", count: 100).appending("\n")
        let text = String(repeating: words, count: CallerOCRLimits.maxWords / 100 + 1)
        // The grid is too tall long before the word limit; a words JSON reaches the word limit itself.
        #expect(throws: GiroError.self) { try CallerOCR.parse(Array(text.utf8)) }
        var json = "{\"width\":10,\"height\":10,\"words\":["
        json += Array(repeating: "{\"text\":\"a\",\"x\":0,\"y\":0,\"w\":1,\"h\":1}", count: CallerOCRLimits.maxWords + 1).joined(separator: ",")
        json += "]}"
        let error = try #require(throws: GiroError.self) { try CallerOCR.parse(Array(json.utf8)) }
        #expect(error.code == .ocrInputTooLarge)
    }

    @Test func oneHugeTextLineIsRefusedEarly() throws {
        let line = [UInt8](String(repeating: "ab ", count: 700_000).utf8)
        let error = try #require(throws: GiroError.self) { try CallerOCR.parse(line, format: .plainText) }
        #expect(error.code == .ocrInputTooLarge && error.line == 1)
    }

    @Test func manyCommentsDoNotExhaustTheStack() throws {
        let hocr = "<html>" + String(repeating: "<!---->", count: 200_000) + "<div class='ocr_page' title='bbox 0 0 10 10'></div></html>"
        let page = try CallerOCR.parse(Array(hocr.utf8))
        #expect(page.width == 10 && page.words.isEmpty)
    }

    /// Random bytes and mutated samples in every format: the result is a page or an `ocr_input_*` error.
    @Test func seededJunkNeverCrashes() throws {
        let samples = try ["tesseract/page.hocr", "tesseract/page.alto.xml", "tesseract/page.tsv", "samples/page.words.json",
                           "samples/other-engine.hocr", "samples/page.txt"].map(OCRFixtures.bytes)
        var rng = SplitMix64(seed: 0x0C_2026)
        var parsed = 0, rejected = 0
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 4 == 0 {
                bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = samples[round % samples.count]
                for _ in 0..<Int.random(in: 1...6, using: &rng) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &rng)
                    switch Int.random(in: 0...3, using: &rng) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                    case 1: bytes.remove(at: at)
                    case 2: bytes.insert(contentsOf: Array("<>\"'&;\t-1e999".utf8).shuffled(using: &rng).prefix(3), at: at)
                    default: bytes = Array(bytes[..<at])
                    }
                }
            }
            for format in [nil, CallerOCRFormat.hocr, .alto, .tsv, .wordsJSON, .plainText] {
                do {
                    let page = try CallerOCR.parse(bytes, format: format)
                    for word in page.words {
                        #expect(word.x >= 0 && word.y >= 0 && word.x + word.w <= page.width && word.y + word.h <= page.height)
                    }
                    parsed += 1
                } catch {
                    #expect(error.code.rawValue.hasPrefix("ocr_input_"))
                    rejected += 1
                }
            }
        }
        #expect(parsed > 100 && rejected > 100)
    }
}
