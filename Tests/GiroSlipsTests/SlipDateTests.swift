import Foundation
import Giro
import GiroSlips
import Testing

/// A slip's date zone as people print dates, impossible dates refused with `slip_date_invalid`, and a date printed
/// beside its box found by the validators (`SlipValueAssignment`).
@Suite struct SlipDateTests {
    /// The příkaz k úhradě render, its due date (`28.03.2024` under `Datum splatnosti`) replaced or moved.
    func record(date: String, dx: Int = 0, dy: Int = 0) throws -> PaymentRecord {
        let url = SlipFixtures.folder.appendingPathComponent("cz.prikaz-k-uhrade/invoice-scan.words")
        var p = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        let k = try #require(p.words.firstIndex { $0.text == "28.03.2024" })
        let w = p.words[k]
        p.words[k] = PageWord(text: date, x: w.x + dx, y: w.y + dy, w: w.w, h: w.h)
        return try #require(SlipReader.builtIn.read(words: p).first).record
    }

    @Test(arguments: [
        ("31.12.2026", "2026-12-31"), ("31. 12. 2026", "2026-12-31"), ("2026-12-31", "2026-12-31"),
        ("31/12/2026", "2026-12-31"), ("31.12.26", "2026-12-31"), ("1.2.2027", "2027-02-01"), ("29.02.2028", "2028-02-29"),
    ])
    func printedDates(_ printed: String, _ iso: String) throws {
        let r = try record(date: printed)
        #expect(r.dueDate == iso)
        #expect(!r.diagnostics.contains { $0.field == "dueDate" && $0.uncertain })
    }

    @Test(arguments: ["31.02.2026", "29.02.2025", "32.01.2026", "2026-13-01", "00.05.2026", "31/13/2026"])
    func impossibleDatesAreRefused(_ printed: String) throws {
        let r = try record(date: printed)
        #expect(r.dueDate == nil)
        let d = try #require(r.diagnostics.first { $0.code == .slipDateInvalid })
        #expect(d.field == "dueDate" && d.uncertain && d.message.contains(printed))
    }

    @Test func aDateOffItsBoxIsFoundByTheValidators() throws {
        // 9 mm below its box, right of the specific symbol's column: no other field's value.
        let r = try record(date: "15.04.2024", dy: 106)
        #expect(r.dueDate == "2024-04-15")
    }

    @Test(arguments: [
        ("31.02.2026", "31.02.2026"), ("am 30.02.26 fällig", "30.02.26"), ("2025-02-29", "2025-02-29"),
        ("28.02.2026", nil), ("12/31/2026", nil), ("10/2025", nil), ("340-0524709630085-05", nil), ("abc", nil), ("", nil),
        ("1.2.3.4.5", nil), ("99999.99.99", nil),
    ] as [(String, String?)])
    func impossibleShapes(_ text: String, _ shape: String?) {
        #expect(SlipDates.impossibleShape(text) == shape)
    }

    @Test func junkDoesNotCrash() {
        var g = SystemRandomNumberGenerator()
        let pieces = ["1", "31", "2026", ".", "/", "-", " ", "99", "0", "é"]
        for _ in 0..<1000 {
            _ = SlipDates.impossibleShape((0..<Int.random(in: 0...40, using: &g)).map { _ in pieces.randomElement(using: &g) ?? "" }.joined())
        }
        _ = SlipDates.impossibleShape(String(repeating: "9", count: 100_000))
    }
}
