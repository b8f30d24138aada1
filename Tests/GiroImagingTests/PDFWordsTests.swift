import Foundation
import Giro
import Testing

/// The text layer: words with boxes in pixels of the rendered page, top-left origin.
@Suite struct PDFWordsTests {
    @Test func wordsOfTheQRBillAtRenderPixels() throws {
        let result = try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf"))
        let page = try #require(result.pages.first)
        let words = try #require(page.words)
        #expect(words.width == page.width && words.height == page.height)
        let texts = words.words.map(\.text)
        for expected in ["Invoice", "2024-117", "Payment", "part", "CH44", "1949.75", "Robert", "Schneider"] {
            #expect(texts.contains(expected), "missing \(expected) in \(texts)")
        }
        // generate.sh draws "Invoice" at x = 20 mm with a 6 mm font whose baseline is at y = 30 mm.
        let invoice = try #require(words.words.first { $0.text == "Invoice" })
        let mm = { (v: Double) in Int((v / 25.4 * 300).rounded()) }
        #expect(abs(invoice.x - mm(20)) <= 3)
        #expect(invoice.y < mm(30) && invoice.y + invoice.h >= mm(30) - 3 && invoice.y > mm(22))
        #expect(invoice.w > 0 && invoice.h > 0)
        // The payment part (below the perforation at 192 mm) comes after the invoice text.
        let payment = try #require(words.words.first { $0.text == "Payment" })
        #expect(payment.y > mm(192) && payment.y < mm(205))
        #expect(words.words.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x + $0.w <= words.width + 1 && $0.y + $0.h <= words.height + 1 })
    }

    @Test func wordsScaleWithTheResolution() throws {
        let at150 = PDFDecoder(imageDecoder: PDFFixtures.decoder.imageDecoder, options: PDFOptions(dpi: 150))
        let low = try at150.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf"))
        let high = try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf"))
        let a = try #require(low.pages.first?.words?.words.first { $0.text == "Invoice" })
        let b = try #require(high.pages.first?.words?.words.first { $0.text == "Invoice" })
        #expect(abs(b.x - 2 * a.x) <= 2 && abs(b.y - 2 * a.y) <= 2)
    }

    /// A page with /Rotate 90 is rendered landscape, and its word boxes follow: vertical words are tall boxes.
    @Test func rotatedPageWords() throws {
        let page = try #require(try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes("rotated.pdf")).pages.first)
        #expect(page.width > page.height)
        let words = try #require(page.words)
        let invoice = try #require(words.words.first { $0.text == "Invoice" })
        #expect(invoice.h > 2 * invoice.w)
        #expect(invoice.x > page.width * 3 / 4 && invoice.y < page.height / 4)
    }

    @Test func aRasterScanHasNoWords() throws {
        let result = try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes("epc-invoice.pdf"))
        #expect(result.pages.first?.words?.words.isEmpty == true)
    }

    @Test func wordsJSONShape() throws {
        let words = PageWords(width: 10, height: 20, words: [PageWord(text: "CHF", x: 1, y: 2, w: 3, h: 4)])
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try e.encode(words), as: UTF8.self)
                == #"{"height":20,"width":10,"words":[{"h":4,"text":"CHF","w":3,"x":1,"y":2}]}"#)
    }
}
