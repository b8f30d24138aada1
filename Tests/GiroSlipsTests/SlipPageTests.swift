import Foundation
import Giro
import GiroTestSupport
import Testing

/// Pages of several slips (composed from the words fixtures): every record comes back, in reading order (rows top
/// to bottom, left to right in a row: `SlipReadingOrder`), each as exact as its fixture alone.
@Suite struct SlipPageTests {
    static let reader = SlipReader.builtIn
    typealias C = SlipPageComposer

    /// The classes read, in order, after checking each record against its fixture's expectation.
    func read(_ page: PageWords, expecting names: [(String, String)], reader: SlipReader = Self.reader) throws -> [String] {
        let found = reader.read(words: page)
        for (slip, (cls, name)) in zip(found, names) where slip.slipClass == cls {
            let e = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("\(cls)/\(name).expect"))
            #expect(e.mismatches(slip.record).isEmpty, "\(cls)/\(name): \(e.mismatches(slip.record))")
        }
        return found.map(\.slipClass)
    }

    @Test func twoSideBySide() throws {
        let upn = try C.fixture("si.upn", "rent"), hub = try C.fixture("hr.hub-3a", "water-bill")
        // UPN first in the words, HUB-3A to its left on the page: position decides, not word order.
        let page = C.page([(upn, hub.width + 200, 0), (hub, 0, 40)])
        #expect(try read(page, expecting: [("hr.hub-3a", "water-bill"), ("si.upn", "rent")]) == ["hr.hub-3a", "si.upn"])
    }

    @Test func threeStacked() throws {
        let esr = try C.fixture("ch.esr", "spec-example"), at = try C.fixture("at.zahlungsanweisung", "utility")
        let de = try C.fixture("de.sepa-ueberweisung", "invoice")
        let page = C.page([(esr, 0, de.height + at.height + 200), (de, 0, 0), (at, 0, de.height + 100)])
        #expect(try read(page, expecting: [("de.sepa-ueberweisung", "invoice"), ("at.zahlungsanweisung", "utility"), ("ch.esr", "spec-example")])
                == ["de.sepa-ueberweisung", "at.zahlungsanweisung", "ch.esr"])
    }

    /// Two slips side by side at different angles (+5°, −7°) are one row; a third, upright, below them.
    @Test func rotatedDifferently() throws {
        let hub = C.rotated(try C.fixture("hr.hub-3a", "water-bill"), degrees: 5)
        let es = C.rotated(try C.fixture("ch.es", "donation"), degrees: -7)
        let upn = try C.fixture("si.upn", "rent")
        let top = max(hub.height, es.height) + 150
        let page = C.page([(upn, 300, top), (es, hub.width + 150, 0), (hub, 0, 60)])
        #expect(try read(page, expecting: [("hr.hub-3a", "water-bill"), ("ch.es", "donation"), ("si.upn", "rent")])
                == ["hr.hub-3a", "ch.es", "si.upn"])
    }

    @Test func sameClassTwice() throws {
        let a = try C.fixture("hr.hub-3a", "water-bill"), b = try C.fixture("hr.hub-3a", "bad-iban")
        let found = Self.reader.read(words: C.page([(b, 0, a.height + 100), (a, 0, 0)]))
        #expect(found.map(\.slipClass) == ["hr.hub-3a", "hr.hub-3a"])
        let ea = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill.expect"))
        let eb = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("hr.hub-3a/bad-iban.expect"))
        try #require(found.count == 2)
        #expect(ea.mismatches(found[0].record).isEmpty && eb.mismatches(found[1].record).isEmpty)
    }

    /// The slips-per-page limit is the reader's, clamped to 1…`maxSlipsPerPageLimit`.
    @Test func slipsPerPageLimit() throws {
        let parts = try [("de.sepa-ueberweisung", "invoice"), ("at.zahlungsanweisung", "utility"), ("si.upn", "rent")].map { try C.fixture($0.0, $0.1) }
        var y = 0
        let page = C.page(parts.map { p in defer { y += p.height + 100 }; return (p, 0, y) })
        var reader = Self.reader
        #expect(reader.maxSlipsPerPage == SlipReader.defaultMaxSlipsPerPage)
        #expect(reader.read(words: page).count == 3)
        reader.maxSlipsPerPage = 2
        #expect(reader.read(words: page).count == 2)
        reader.maxSlipsPerPage = 0
        #expect(reader.maxSlipsPerPage == 1 && reader.read(words: page).count == 1)
        reader.maxSlipsPerPage = .max
        #expect(reader.maxSlipsPerPage == SlipReader.maxSlipsPerPageLimit)
    }

    /// A printed HUB-3A beside a Swiss QR bill: the bill's QR code was decoded elsewhere (a barcode record with its
    /// corners); its printed payment part (IBAN, amount) is the barcode's, not an unknown slip. Reading order
    /// holds across both kinds.
    @Test func mixedWithAQRBill() throws {
        let payload = try String(contentsOf: SlipFixtures.root.appendingPathComponent("fixtures/payloads/ch.qr-bill/tolerate-building-number-too-long.txt"), encoding: .utf8)
        let bill = try PaymentDecoder().decode(Payload(bytes: Array(payload.utf8)))
        let iban = try #require(bill.creditor?.account?.iban)
        let hub = try C.fixture("hr.hub-3a", "water-bill")
        let y = hub.height + 200
        // The payment part's print right of the QR code (46 mm ≈ 545 px at 300 dpi).
        let printed = C.typed(["Zahlteil", "Konto / Zahlbar an", iban, "Robert Schneider AG", "Betrag CHF 3 949.75", "Zahlbar durch"],
                              x: 0, y: 0)
        let qr = PageRecord(kind: .barcode, record: bill, corners: [[800, y + 120], [1345, y + 120], [1345, y + 665], [800, y + 665]])
        let page = C.page([(printed, 1500, y + 100), (hub, 0, 0)])
        // Without the barcode the payment part's print is slip-like (an IBAN, an amount): an unknown slip.
        #expect(Self.reader.read(words: page).map(\.slipClass) == ["hr.hub-3a", SlipReader.unknownClass])
        let found = Self.reader.read(words: page, barcodes: [qr])
        #expect(found.map(\.kind) == [.slip, .barcode])
        #expect(found.first?.slipClass == "hr.hub-3a" && found.last?.record == bill)

        // Two QR bills below the slip, side by side: right one listed after the left one whatever the input order.
        let right = PageRecord(kind: .barcode, record: bill, corners: [[1800, y + 100], [2345, y + 100], [2345, y + 645], [1800, y + 645]])
        let order = Self.reader.read(words: hub, barcodes: [right, qr])
        #expect(order.map(\.kind) == [.slip, .barcode, .barcode])
        #expect(order.dropFirst().map(\.corners) == [qr.corners, right.corners])
    }

    @Test func readingOrderRule() {
        // Rows by vertical overlap of at least half the lower height; left to right in a row.
        func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [[Int]] { [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] }
        let items = [("c", box(0, 500, 100, 100)), ("b", box(300, 40, 100, 100)), ("a", box(0, 0, 100, 100)), ("d", box(200, 530, 100, 100))]
        #expect(SlipReadingOrder.sorted(items, corners: \.1).map(\.0) == ["a", "b", "c", "d"])
        // Overlapping less than half: separate rows, the higher first.
        let apart = [("low", box(0, 60, 100, 100)), ("high", box(300, 0, 100, 100))]
        #expect(SlipReadingOrder.sorted(apart, corners: \.1).map(\.0) == ["high", "low"])
        // Junk corners never trap.
        #expect(SlipReadingOrder.sorted([[[Int]]]([[], [[Int.max, Int.min]], [[1]]]), corners: { $0 }).count == 3)
    }
}
