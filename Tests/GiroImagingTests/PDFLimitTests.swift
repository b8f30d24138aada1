import Foundation
import Giro
import GiroTestSupport
import Testing

/// Broken, encrypted, huge and hostile PDFs give typed errors: never a crash, never a hang.
@Suite struct PDFLimitTests {
    func code(_ bytes: [UInt8], _ options: PDFOptions = PDFOptions()) -> String? {
        do {
            _ = try PDFDecoder(options: options).decode(pdfBytes: bytes)
            return nil
        } catch {
            #expect(error.field == "pdf" || error.code == .imageTooLarge)
            return error.code.rawValue
        }
    }

    @Test func encryptedPDF() throws { #expect(code(try PDFFixtures.bytes("encrypted.pdf")) == "pdf_encrypted") }
    @Test func truncatedPDF() throws { #expect(code(try PDFFixtures.bytes("truncated.pdf")) == "pdf_invalid") }
    @Test func junkAfterTheHeader() {
        var rng = SplitMix64(seed: 7)
        #expect(code(Array("%PDF-1.7\n".utf8) + (0..<4000).map { _ in UInt8.random(in: 0...255, using: &rng) }) == "pdf_invalid")
        #expect(code(Array("not a pdf".utf8)) == "pdf_invalid")
        #expect(code([]) == "pdf_invalid")
    }

    @Test func recognisedByContent() throws {
        #expect(PDFFile.isPDF(try PDFFixtures.bytes("qr-bill.pdf")))
        #expect(PDFFile.isPDF(Array("junk before\n%PDF-1.4".utf8)))
        #expect(!PDFFile.isPDF(Array("%PDF".utf8)))
        #expect(!PDFFile.isPDF(Array(repeating: 0x20, count: 1100) + Array("%PDF-1.4".utf8)))
    }

    @Test func tooManyPages() throws {
        #expect(code(try PDFFixtures.bytes("two-pages-three-bills.pdf"), PDFOptions(maxPages: 1)) == "pdf_too_many_pages")
    }

    /// A 5 m × 5 m page: over the pixel limit even at the lowest resolution allowed.
    @Test func hugePage() {
        #expect(code(PDFFixtures.handMade(mediaBox: "0 0 14400 14400")) == "pdf_page_too_large")
    }

    /// Over the pixel limit at 300 dpi, within it at a lower resolution: rendered lower, still decoded.
    @Test func bigPageRenderedAtALowerResolution() throws {
        let decoder = PDFDecoder(imageDecoder: PDFFixtures.decoder.imageDecoder, options: PDFOptions(maxPixelsPerPage: 5_000_000))
        let result = try decoder.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf"))
        let page = try #require(result.pages.first)
        #expect(page.dpi < 300 && page.dpi >= 150)
        #expect(page.width * page.height <= 5_000_000 + page.width + page.height)
        #expect(result.payments.count == 1)
        #expect(code(try PDFFixtures.bytes("qr-bill.pdf"), PDFOptions(maxPixelsPerPage: 1_000_000)) == "pdf_page_too_large")
    }

    @Test func timeBudget() throws {
        #expect(code(try PDFFixtures.bytes("two-pages-three-bills.pdf"), PDFOptions(budgetMilliseconds: 1)) == "pdf_time_budget")
    }

    /// A page tree naming one page 5000 times, and one that contains itself: poppler refuses both.
    @Test func hostilePageTrees() {
        let repeated = PDFFixtures.handMade(kids: Array(repeating: "3 0 R", count: 5000).joined(separator: " "), count: 5000)
        #expect(["pdf_invalid", "pdf_too_many_pages"].contains(code(repeated)))
        let cycle = PDFFixtures.handMade(kids: "2 0 R 3 0 R", count: 2)
        #expect(code(cycle, PDFOptions(dpi: 72)) != "crash")
    }

    @Test func optionsAreClamped() {
        var o = PDFOptions(dpi: .nan, maxPages: -3, maxPixelsPerPage: 0, budgetMilliseconds: -1)
        #expect(o.dpi == 36 && o.maxPages == 1 && o.maxPixelsPerPage == 1 && o.budgetMilliseconds == 1)
        o.dpi = 1e9
        #expect(o.dpi == 1200)
    }

    /// Seeded byte mutations and truncations of the fixtures: every outcome is a result or a typed error.
    @Test func mutatedPDFsNeverCrash() throws {
        var rng = SplitMix64(seed: 0x9D_F0)
        let sources = try ["qr-bill.pdf", "two-pages-three-bills.pdf", "hub3-pdf417.pdf"].map(PDFFixtures.bytes)
        let decoder = PDFDecoder(imageDecoder: ImageDecoder(strategy: ReadingStrategy(budgetMilliseconds: 50)),
                                 options: PDFOptions(dpi: 72, budgetMilliseconds: 5_000))
        var outcomes: [String: Int] = [:]
        for round in 0..<60 {
            var bytes = sources[round % sources.count]
            for _ in 0..<Int.random(in: 1...24, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if round % 4 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng))) }
            do {
                _ = try decoder.decode(pdfBytes: bytes)
                outcomes["ok", default: 0] += 1
            } catch {
                outcomes[error.code.rawValue, default: 0] += 1
            }
        }
        #expect(outcomes.values.reduce(0, +) == 60)
        #expect(Set(outcomes.keys).isSubset(of: ["ok", "pdf_invalid", "pdf_time_budget", "pdf_page_too_large", "pdf_too_many_pages"]), "\(outcomes)")
    }
}
