import Foundation
import Giro
import Testing

/// A slip's barcode against its print: the barcode is the answer, the print cross-checks it field by field.
@Suite struct SlipCrossCheckTests {
    static let reader = SlipReader(templates: SlipReader.builtInTemplates)
    static let hub3 = ["HRVHUB30", "EUR", "000000000123450", "Ivan Horvat", "Ilica 1", "10000 Zagreb", "Vodoopskrba d.o.o.",
                       "Vukovarska 2", "10410 Velika Gorica", "HR1210010051863000160", "HR01", "102-3057-89016", "WTER", "Racun 12/2024"]

    /// The water-bill HUB-3A words file: the print exactly as generated (no OCR noise).
    func printed() throws -> SlipReading {
        let words = SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill-scan.words")
        let found = Self.reader.read(words: try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: words)))
        try #require(found.count == 1)
        return found[0]
    }

    func barcode(_ change: (inout [String]) -> Void = { _ in }) throws -> PaymentRecord {
        var lines = Self.hub3
        change(&lines)
        return try PaymentDecoder().decode(bytes: Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// A barcode that carries only part of the payment (its record `uncertain`) does not replace a print read in
    /// full: the print is the answer, cross-checked by the barcode; a disagreement still warns.
    @Test func partialBarcodeLeavesTheFullPrintAsTheAnswer() throws {
        var partial = try barcode()
        partial.status = .uncertain
        let print = try printed()
        let r = SlipCrossCheck.check(print: print, partialBarcode: partial)
        #expect(r.format == "hr.hub-3a" && r.status == .valid && r.source.crossCheck?.winner == "print")
        #expect(r.source.crossCheck?.fields.allSatisfy(\.match) == true && r.source.crossCheck?.fields.count == 4)
        var altered = try barcode { $0[2] = "000000000132450" }
        altered.status = .uncertain
        let m = SlipCrossCheck.check(print: print, partialBarcode: altered)
        #expect(m.status == .uncertain && m.amount?.value == Decimal(string: "1234.50"))
        #expect(m.diagnostics.contains { $0.code == .slipBarcodeMismatch && $0.field == "amount" })

        // Through the image combiner, on the real HUB-3A scan with its PDF417 whose record is made partial: the slip
        // is listed (print wins), the barcode symbol stays as decoded.
        let image = SlipFixtures.folder.appendingPathComponent("samples/hr.hub-3a-water-bill-barcode-scan.png")
        var result = try ImageDecoder().decode(imageBytes: [UInt8](Data(contentsOf: image)))
        try #require(result.symbols.count == 1 && result.symbols[0].record != nil)
        result.symbols[0].record?.status = .uncertain
        let decoded = result.symbols[0].record
        var reading = print
        reading.corners = [[0, 0], [100_000, 0], [100_000, 100_000], [0, 100_000]]
        ImageDecoder.combine(&result, readings: [reading])
        #expect(result.slips.count == 1 && result.slips[0].record.source.crossCheck?.winner == "print")
        #expect(result.slips[0].record.status == .valid && result.symbols[0].record == decoded)
    }

    @Test func agreeingBarcodeAndPrint() throws {
        let barcode = try barcode()
        let r = SlipCrossCheck.check(barcode: barcode, print: try printed())
        #expect(r.format == "hr.hub3" && r.status == .valid && r.status == barcode.status)
        #expect(r.source.crossCheck == CrossCheck(winner: "barcode", slipClass: "hr.hub-3a", fields: [
            CrossCheckField(field: "creditor.account.iban", barcode: "HR1210010051863000160", print: "HR1210010051863000160", match: true),
            CrossCheckField(field: "amount", barcode: "1234.50 EUR", print: "1234.50 EUR", match: true),
            CrossCheckField(field: "reference", barcode: "HR01 102-3057-89016", print: "HR01 102-3057-89016", match: true),
            CrossCheckField(field: "creditor.name", barcode: "Vodoopskrba d.o.o.", print: "Vodoopskrba d.o.o.", match: true),
        ]))
        #expect(!r.diagnostics.contains { $0.code == .slipBarcodeMismatch })
        // Everything but source.crossCheck is the barcode's record.
        var plain = r
        plain.source.crossCheck = nil
        #expect(plain == barcode)
        // The record writer and Codable agree on the new key.
        let fast = try JSONSerialization.jsonObject(with: Data(r.jsonBytes())) as? NSDictionary
        let codable = try JSONSerialization.jsonObject(with: JSONEncoder().encode(r)) as? NSDictionary
        #expect(fast == codable && (fast?["source"] as? NSDictionary)?["crossCheck"] != nil)
    }

    @Test func disagreeingPrintWarnsWithBothValues() throws {
        let barcode = try barcode { $0[2] = "000000000132450"; $0[9] = "HR1723600001101234565"; $0[10] = "HR00" }
        let r = SlipCrossCheck.check(barcode: barcode, print: try printed())
        #expect(r.status == .uncertain && r.amount?.value == Decimal(string: "1324.50"))   // the barcode is the answer
        let mismatches = r.diagnostics.filter { $0.code == .slipBarcodeMismatch }
        #expect(mismatches.map(\.field) == ["creditor.account.iban", "amount", "reference"])
        #expect(mismatches.allSatisfy { $0.uncertain && $0.severity == .warning })
        let amount = try #require(mismatches.first { $0.field == "amount" })
        #expect(amount.message.contains("1324.50 EUR") && amount.message.contains("1234.50 EUR"))
        #expect(r.source.crossCheck?.fields.map(\.match) == [false, false, false, true])
    }

    @Test func creditorNamesCompareLoosely() throws {
        let shortened = SlipCrossCheck.check(barcode: try barcode { $0[6] = "VODOOPSKRBA DOO" }, print: try printed())
        #expect(shortened.source.crossCheck?.fields.last?.match == true && shortened.status == .valid)
        let other = SlipCrossCheck.check(barcode: try barcode { $0[6] = "Grad Zagreb" }, print: try printed())
        #expect(other.source.crossCheck?.fields.last?.match == false)
        // A different name warns but does not hold the payment: forms print names shortened.
        #expect(other.diagnostics.contains { $0.code == .slipBarcodeMismatch && $0.field == "creditor.name" && !$0.uncertain })
        #expect(other.status == .valid)
    }

    @Test func unreadableBarcodeLeavesThePrint() throws {
        let print = try printed()
        let r = SlipCrossCheck.printWins(print, barcodeError: GiroError(.fieldInvalid, field: "payload", "bad"))
        #expect(r.source.crossCheck == CrossCheck(winner: "print", slipClass: "hr.hub-3a"))
        #expect(r.status == print.record.status && r.amount == print.record.amount)
        #expect(r.diagnostics.last?.code == .slipBarcodeUnreadable && r.diagnostics.last?.uncertain == false)
    }

    @Test func barcodeBelongsToTheSlipItSitsOn() {
        let quad = [[100, 100], [900, 120], [880, 500], [90, 480]]   // rotated, clockwise
        #expect(SlipCrossCheck.contains(quad, x: 500, y: 300))
        #expect(!SlipCrossCheck.contains(quad, x: 950, y: 300) && !SlipCrossCheck.contains(quad, x: 500, y: 104))
        #expect(SlipCrossCheck.contains(quad.reversed(), x: 500, y: 300))
        #expect(!SlipCrossCheck.contains([], x: 0, y: 0) && !SlipCrossCheck.contains([[1], [2, 3], [4, 5]], x: 3, y: 4))
    }

    /// Real images: a HUB-3A scan with its PDF417 (generate.py --barcode-samples), print and barcode agreeing, and the
    /// same slip with the printed amount altered.
    @Test(arguments: [("water-bill-barcode", false), ("water-bill-altered-amount", true)])
    func scanWithBarcode(_ name: String, _ altered: Bool) throws {
        let bytes = [UInt8](try Data(contentsOf: SlipFixtures.folder.appendingPathComponent("samples/hr.hub-3a-\(name)-scan.png")))
        let result = try ImageDecoder(slips: SlipScanning(reader: Self.reader, engine: TesseractEngine())).decode(imageBytes: bytes)
        #expect(result.slips.isEmpty && result.slipError == nil)
        try #require(result.symbols.count == 1)
        let r = try #require(result.symbols[0].record)
        #expect(result.symbols[0].symbology == .pdf417 && r.format == "hr.hub3")
        #expect(r.amount?.value == Decimal(string: "1234.50"))
        let check = try #require(r.source.crossCheck)
        #expect(check.winner == "barcode" && check.slipClass == "hr.hub-3a")
        #expect(check.fields.map(\.field) == SlipCrossCheck.comparedFields)
        let differing = check.fields.filter { !$0.match }
        if altered {
            #expect(differing == [CrossCheckField(field: "amount", barcode: "1234.50 EUR", print: "1324.50 EUR", match: false)])
            #expect(r.status == .uncertain)
        } else {
            #expect(differing.isEmpty && r.status == .valid)
        }
        // Barcodes only: the same record, untouched.
        let plain = try ImageDecoder().decode(imageBytes: bytes)
        #expect(plain.symbols.first?.record?.source.crossCheck == nil && plain.symbols.first?.record?.status == .valid)
    }
}
