import Foundation
import Giro
import Testing

/// Every fixture PDF decodes to the golden records of its payloads, page by page, in reading order.
@Suite struct PDFDecoderTests {
    @Test func manifestHasMultiPageAndMultiBillDocuments() {
        #expect(PDFFixtures.documents.count >= 4)
        #expect(PDFFixtures.pages.contains { $0.page == 2 })
        #expect(PDFFixtures.pages.contains { $0.payloads.count == 2 })
    }

    @Test(arguments: PDFFixtures.documents)
    func decodesEveryBillWithItsPage(_ pdf: String) throws {
        let result = try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes(pdf))
        let expected = PDFFixtures.pages.filter { $0.pdf == pdf }.sorted { $0.page < $1.page }
        #expect(result.pageCount == expected.count)
        #expect(result.pages.map(\.page) == Array(1...result.pageCount))
        let symbols = result.symbols
        #expect(symbols.map(\.page) == expected.flatMap { p in p.payloads.map { _ in p.page } })
        #expect(symbols.map(\.symbol.symbology) == expected.flatMap(\.symbologies))
        let goldens = try expected.flatMap(\.payloads).map { try #require(try ImageFixtures.golden($0)) }
        #expect(symbols.count == goldens.count)
        for (symbol, golden) in zip(symbols, goldens) {
            let record = try #require(symbol.symbol.record, "page \(symbol.page): \(symbol.symbol.kind)")
            #expect(record.source.kind == "image")
            // Every field from the barcode, on its page, in the symbol's bounds.
            #expect(!record.provenance.isEmpty && record.provenance.allSatisfy {
                $0.source == .barcode && $0.page == symbol.page && $0.box?.count == 4 && $0.confidence == 0.99
            }, "\(record.provenance)")
            #expect(try ImageFixtures.comparable(record) == golden, "page \(symbol.page) \(record.format)")
        }
        #expect(result.payments.count == goldens.count)
        #expect(result.pages.allSatisfy { $0.dpi == 300 })
    }

    /// The PDF symbol line is the image symbol's JSON plus `page`.
    @Test func symbolJSONIsTheImageShapePlusPage() throws {
        let result = try PDFFixtures.decoder.decode(pdfBytes: try PDFFixtures.bytes("two-pages-three-bills.pdf"))
        let last = try #require(result.symbols.last)
        let flat = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(last)) as? [String: Any])
        let image = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(last.symbol)) as? [String: Any])
        #expect(Set(flat.keys) == Set(image.keys).union(["page"]))
        #expect(flat["page"] as? Int == 2)
    }

    @Test func aLowerDPIIsConfigurable() throws {
        let decoder = PDFDecoder(imageDecoder: PDFFixtures.decoder.imageDecoder, options: PDFOptions(dpi: 200, extractWords: false))
        let result = try decoder.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf"))
        let page = try #require(result.pages.first)
        #expect(page.dpi == 200)
        #expect(abs(page.width - 1654) <= 1 && abs(page.height - 2339) <= 1)  // A4 at 200 dpi
        #expect(page.words == nil)
        #expect(result.payments.count == 1)
    }

    /// A resolution below `minimumDPI` is used as asked (the floor only holds for pages rendered lower than asked).
    @Test func aResolutionBelowTheFloorIsHonoured() throws {
        let decoder = PDFDecoder(imageDecoder: PDFFixtures.decoder.imageDecoder, options: PDFOptions(dpi: 72, extractWords: false))
        let page = try #require(try decoder.decode(pdfBytes: try PDFFixtures.bytes("qr-bill.pdf")).pages.first)
        #expect(page.dpi == 72 && abs(page.width - 596) <= 1)
    }

    @Test func paymentDecoderConvenience() throws {
        let result = try PaymentDecoder().decode(pdf: try PDFFixtures.bytes("hub3-pdf417.pdf"))
        #expect(result.payments.map(\.format) == ["hr.hub3"])
    }
}
