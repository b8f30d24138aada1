import Foundation
import GiroCore
import GiroImaging
@testable import GiroOCR
import GiroTestSupport
import Testing

/// The Tesseract engine on rendered text (fixtures/ocr-inputs/tesseract, made by generate.sh) and on junk pixels.
@Suite struct TesseractEngineTests {
    let engine = TesseractEngine()

    static func image(_ file: String) throws -> OCRImage {
        OCRImage(try ImageLoader().load(try OCRFixtures.bytes("tesseract/" + file)).image)
    }

    @Test func installedLanguagePacks() {
        let installed = Set(engine.availableLanguages)
        for code in ["hrv", "slv", "srp", "srp_latn", "ces", "slk", "hun", "deu", "nld", "fra", "ita", "sqi", "eng"] {
            #expect(installed.contains(code), "tesseract-ocr-\(code) is not installed (scripts/install-deps.sh)")
        }
    }

    @Test func readsAPageWithBoxes() throws {
        let page = try engine.recognize(try Self.image("page.png"), settings: OCRSettings(languages: ["deu"], layout: .sparse))
        #expect(page.width == 900 && page.height == 260)
        #expect(page.words.map(\.text) == CallerOCRTests.tesseractWords.map(\.0))
        // The same engine as the CLI that wrote page.tsv: boxes agree within a few pixels.
        for (word, expected) in zip(page.words, CallerOCRTests.tesseractWords) {
            #expect(abs(word.x - expected.1) <= 4 && abs(word.y - expected.2) <= 4, "\(word)")
            #expect(abs(word.w - expected.3) <= 6 && abs(word.h - expected.4) <= 6, "\(word)")
            let confidence = try #require(word.confidence)
            #expect(confidence > 0.5 && confidence <= 1)
        }
    }

    @Test func readsTheOCRBCodingLineAsOneLine() throws {
        let settings = OCRSettings(languages: ["eng"], whitelist: "0123456789>+ ", layout: .line)
        let page = try engine.recognize(try Self.image("coding-line.png"), settings: settings)
        let line = page.words.map(\.text).joined().filter { $0 != " " }
        #expect(line == "0100003949753>120000000000234478943216899+010001628>")
        #expect(page.words.allSatisfy { $0.text.allSatisfy { "0123456789>+".contains($0) } })
    }

    @Test func languagesJoinAndTheSerbianLatinPackTakesEitherSpelling() throws {
        let image = try Self.image("page.png")
        let page = try engine.recognize(image, settings: OCRSettings(languages: ["srp-latn", "deu"], layout: .block))
        #expect(page.words.contains { $0.text == "HR1210010051863000160" })
    }

    @Test(arguments: [["xyz"], ["../eng"], ["eng", "nope"], ["e n g"], Array(repeating: "eng", count: 9)])
    func missingOrMalformedLanguage(languages: [String]) throws {
        let image = try #require(OCRImage(width: 10, height: 10, pixels: Array(repeating: 255, count: 100)))
        let error = try #require(throws: GiroError.self) { try engine.recognize(image, settings: OCRSettings(languages: languages)) }
        #expect(error.code == .ocrLanguageMissing)
        #expect(error.field == "ocr.languages")
    }

    @Test func aNamedTessdataFolderWithoutModels() throws {
        let engine = TesseractEngine(tessdataPath: "/nonexistent/tessdata")
        #expect(engine.tessdataPath == nil && engine.availableLanguages.isEmpty)
        let image = try #require(OCRImage(width: 10, height: 10, pixels: Array(repeating: 255, count: 100)))
        let error = try #require(throws: GiroError.self) { try engine.recognize(image, settings: OCRSettings()) }
        #expect(error.code == .ocrLanguageMissing)
    }

    @Test func pixelLimit() throws {
        let engine = TesseractEngine(maxPixels: 399)
        let image = try #require(OCRImage(width: 20, height: 20, pixels: Array(repeating: 255, count: 400)))
        let error = try #require(throws: GiroError.self) { try engine.recognize(image, settings: OCRSettings()) }
        #expect(error.code == .ocrImageTooLarge)
    }

    /// A budget far below what any recognition of a noisy page takes: the deadline stops it with `ocr_timeout`.
    @Test func budgetExceeded() throws {
        var rng = SplitMix64(seed: 7)
        let side = 1_500
        let noise = (0..<(side * side)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = try #require(OCRImage(width: side, height: side, pixels: noise))
        let error = try #require(throws: GiroError.self) {
            try engine.recognize(image, settings: OCRSettings(layout: .sparse, budgetMilliseconds: 1))
        }
        #expect(error.code == .ocrTimeout)
    }

    /// Tesseract's deadline does not reach its layout analysis, which runs for seconds on a large noise image read as
    /// one line; the caller still gets `ocr_timeout` at the budget while that analysis finishes on its own thread.
    @Test func budgetHoldsWhenLayoutAnalysisRunsLong() throws {
        var rng = SplitMix64(seed: 5)
        let side = 1_500
        let noise = (0..<(side * side)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = try #require(OCRImage(width: side, height: side, pixels: noise))
        // Load the model first (a language no other test uses), so the budget is spent in recognition.
        let blank = try #require(OCRImage(width: 40, height: 20, pixels: Array(repeating: 255, count: 800)))
        _ = try engine.recognize(blank, settings: OCRSettings(languages: ["ita"], layout: .line))
        let error = try #require(throws: GiroError.self) {
            try engine.recognize(image, settings: OCRSettings(languages: ["ita"], layout: .line, budgetMilliseconds: 1_000))
        }
        #expect(error.code == .ocrTimeout)
        #expect(RecognitionJob.runaways >= 1, "the call returned only after Tesseract did")
    }

    @Test func junkPixelsNeverCrash() throws {
        var rng = SplitMix64(seed: 11)
        let images: [OCRImage?] = [
            OCRImage(width: 1, height: 1, pixels: [0]),
            OCRImage(width: 2, height: 5, pixels: Array(repeating: 0, count: 10)),
            OCRImage(width: 200, height: 200, pixels: Array(repeating: 0, count: 40_000)),
            OCRImage(width: 200, height: 200, pixels: Array(repeating: 255, count: 40_000)),
            OCRImage(width: 300, height: 3, pixels: (0..<900).map { _ in UInt8.random(in: 0...255, using: &rng) }),
            OCRImage(width: 320, height: 240, pixels: (0..<76_800).map { _ in UInt8.random(in: 0...255, using: &rng) }),
            OCRImage(width: 240, height: 240, pixels: (0..<57_600).map { ($0 / 240 + $0 % 240) % 16 < 8 ? 0 : 255 }),
        ]
        for layout in [OCRSettings.Layout.line, .word, .block, .sparse] {
            for image in images {
                let image = try #require(image)
                let page = try engine.recognize(image, settings: OCRSettings(whitelist: layout == .word ? "\0x" : nil, layout: layout))
                #expect(page.width == image.width && page.height == image.height)
                for word in page.words {
                    #expect(!word.text.isEmpty && word.x >= 0 && word.y >= 0 && word.x + word.w <= image.width && word.y + word.h <= image.height)
                    #expect(word.confidence.map { $0 >= 0 && $0 <= 1 } ?? true)
                }
            }
        }
    }

    /// A pooled engine carries no setting from one call into the next: a digits-only whitelist and a one-line layout,
    /// then neither, on the same engine (a language no other test uses, so the pool holds exactly this one).
    @Test func pooledEngineForgetsTheLastCallsSettings() throws {
        let image = try Self.image("page.png")
        #expect(TesseractPool.shared.idleCount(languages: "nld") == 0)
        let digits = try engine.recognize(image, settings: OCRSettings(languages: ["nld"], whitelist: "0123456789", layout: .line))
        #expect(digits.words.allSatisfy { $0.text.allSatisfy(\.isNumber) })
        #expect(TesseractPool.shared.idleCount(languages: "nld") == 1)
        let free = try engine.recognize(image, settings: OCRSettings(languages: ["nld"], layout: .sparse))
        #expect(TesseractPool.shared.idleCount(languages: "nld") == 1, "the second call did not reuse the pooled engine")
        #expect(free.words.contains { $0.text == "IBAN" }, "\(free.words.map(\.text))")
        #expect(free.words.count > digits.words.count)
        // Fresh engine, same settings: the same words as the pooled one.
        #expect(try TesseractEngine(reuseEngines: false).recognize(image, settings: OCRSettings(languages: ["nld"], layout: .sparse)) == free)
    }

    /// Pooled engines, fresh engines and engines used from several threads at once read the same words.
    @Test func poolAndThreadsGiveTheSameResult() async throws {
        let image = try Self.image("coding-line.png")
        let settings = OCRSettings(languages: ["eng"], whitelist: "0123456789>+ ", layout: .line)
        let fresh = try TesseractEngine(reuseEngines: false).recognize(image, settings: settings)
        let engine = engine
        let results = try await withThrowingTaskGroup(of: PageWords.self) { group in
            for _ in 0..<4 { group.addTask { try engine.recognize(image, settings: settings) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4 && results.allSatisfy { $0 == fresh })
        // The whitelist of the previous call does not leak into the next one on a pooled engine.
        let page = try engine.recognize(try Self.image("page.png"), settings: OCRSettings(languages: ["eng"], layout: .sparse))
        #expect(page.words.contains { $0.text == "IBAN" })
    }
}
