import Foundation
@testable import GiroSlips
import GiroImaging
import Testing

/// Amounts found by what they are: another printer's form puts the amount right-aligned away from its label (under a
/// `Cent` caption, at the box's right end), outside the zone the template places; the page pass's words are searched
/// for an amount with its cents, by the amount's and the currency's printed marks, in the label's part of the form.
/// Synthetic word sets: Giro's own Austrian render with its amount moved where other printers put it.
@Suite struct SlipAmountSearchTests {
    static let rules = SlipNationalRules()

    /// The own render's words (`at.zahlungsanweisung/utility-scan.words`, 300 dpi), its amount word moved.
    func page(amountAt x: Int, _ y: Int, extra: [PageWord] = []) throws -> (PageWords, SlipMatch, Int) {
        let url = SlipFixtures.folder.appendingPathComponent("at.zahlungsanweisung/utility-scan.words")
        var page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        let i = try #require(page.words.firstIndex { $0.text == "1.234,56" })
        page.words[i].x = x
        page.words[i].y = y
        page.words += extra
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "at.zahlungsanweisung" })
        let m = try #require(SlipClassifier.match(t, page: page))
        return (page, m, i)
    }

    /// The zones as the image path assigns them (only dates and IBANs by the generic search; amounts by their print).
    func zones(_ page: PageWords, _ m: SlipMatch) -> [ZoneText] {
        let excluding = Set(m.anchors.flatMap(\.words)).union(SlipReader.builtIn.labelWords(m, page: page))
        let placed = SlipZoneReader.read(m, page: page, excluding: excluding)
        return SlipValueAssignment.assign(placed, match: m, page: page, excluding: excluding, rules: Self.rules, only: [.date, .iban])
    }

    func covers(_ box: [Int], _ w: PageWord) -> Bool {
        box.count == 4 && box[0] <= w.x && box[1] <= w.y && box[0] + box[2] >= w.x + w.w && box[1] + box[3] >= w.y + w.h
    }

    @Test func anAmountRightAlignedUnderItsCaptionIsFoundWithItsBox() throws {
        // Under `Betrag`, a line lower than the template's box and at the form's right edge.
        let (page, m, i) = try page(amountAt: 2250, 505)
        let t = m.template
        let k = try #require(t.zones.firstIndex { $0.field == "amount" })
        // The zone placed from its label does not hold it.
        let excluding = Set(m.anchors.flatMap(\.words)).union(SlipReader.builtIn.labelWords(m, page: page))
        #expect(SlipZoneReader.read(m, page: page, excluding: excluding)[k].isEmpty)
        let z = zones(page, m)[k]
        #expect(z.text == "1.234,56")
        #expect(covers(z.box, page.words[i]))
        // Found away from its label, confirmed by no other copy: a doubted reading.
        #expect((z.confidence ?? 100) <= SlipAmountSearch.unconfirmedConfidence)
    }

    @Test func theReceiptsCopyConfirmsButIsNotTaken() throws {
        // The receipt part (left of the main part) prints the same amount under its own `Betrag EUR`.
        let receipt = [PageWord(text: "Betrag", x: 40, y: 600, w: 107, h: 29), PageWord(text: "EUR", x: 160, y: 600, w: 53, h: 29),
                       PageWord(text: "1.234,56", x: 300, y: 650, w: 183, h: 38)]
        let (page, m, i) = try page(amountAt: 2250, 505, extra: receipt)
        let k = try #require(m.template.zones.firstIndex { $0.field == "amount" })
        let z = zones(page, m)[k]
        #expect(z.text == "1.234,56")
        #expect(covers(z.box, page.words[i]))
        #expect(z.confidence == nil || (z.confidence ?? 0) > SlipAmountSearch.unconfirmedConfidence)
    }

    @Test func nothingAmountLikeNearTheMarksIsNoAmount() throws {
        // The amount replaced by a date and a bare number: neither has printed cents.
        let (base, m, i) = try page(amountAt: 2250, 505)
        var page = base
        page.words[i].text = "24.05.2024"
        page.words.append(PageWord(text: "2025", x: 2250, y: 560, w: 90, h: 38))
        let k = try #require(m.template.zones.firstIndex { $0.field == "amount" })
        #expect(zones(page, m)[k].isEmpty)
    }

    @Test(arguments: [
        (["5,43"], false, nil as String?, "5,43" as String?), (["=29,43"], false, nil, "29,43"), (["***29,43"], false, nil, "29,43"),
        (["EUR", "29,43"], false, nil, "29,43"), (["======848", "00"], false, nil, "848 00"), (["1.234,56"], false, nil, "1.234,56"),
        (["705.51"], false, nil, "705.51"), (["10", "278"], true, "Ft", "10 278"), (["10278"], true, "Ft", "10278"),
        (["10278"], true, nil, nil), (["10278"], false, "Ft", nil), (["24.05.2024"], false, nil, nil), (["23.06.24"], false, nil, nil),
        (["4.054"], false, nil, nil), (["2025"], false, nil, nil), (["12", "34", "56"], false, nil, nil), (["AT61"], false, nil, nil),
        (["102,35]"], false, nil, "102,35"), (["705.51."], false, nil, "705.51"), (["|5,43"], false, nil, "5,43"),
    ])
    func printedAmounts(words: [String], whole: Bool, next: String?, expected: String?) {
        let marks = SlipAmountSearch.marks(whole ? "HUF" : "EUR")
        #expect(SlipAmountSearch.printedAmount(words, whole: whole, next: next, marks: marks) == expected)
    }

    @Test(arguments: [("2,9)4)3", true), (",2,9,3,3", true), ("|=|=/8/4/8]o/o|", true), ("24.05.2024", false), ("8,662", false),
                      ("T8/5,60,0,0", false), ("|H,R)8,0,2,3", false), ("2025", false)])
    func combReadings(text: String, isComb: Bool) {
        #expect(SlipAmountSearch.combRead(text) == isComb)
    }

    @Test func aZoneWhoseLabelIsMissingMovesWithTheLabelsReadNearIt() {
        let box = SlipBox(x: 150, y: 36.5, w: 55, h: 5)
        let label = SlipAnchor(text: "Betrag", box: SlipBox(x: 162, y: 33, w: 9, h: 2.5))
        // Its row's neighbours printed 12 mm further right and 2 mm lower; a far label moved otherwise counts less.
        let row = [(at: SlipPoint(x: 150, y: 34.25), dx: 12.0, dy: 2.0), (at: SlipPoint(x: 62, y: 34.25), dx: 11.0, dy: 2.0),
                   (at: SlipPoint(x: 62, y: 90), dx: -20.0, dy: 0.0)]
        let moved = SlipLabelPlacement.locallyMoved(box, label: label, moved: row)
        #expect(moved.x > 160 && moved.x < 163)
        #expect(abs(moved.y - 38.5) < 0.2)
        #expect(moved.w == box.w && moved.h == box.h)
        // No label read nearby, or neighbours where the template has them (an own render): the template's box.
        #expect(SlipLabelPlacement.locallyMoved(box, label: label, moved: []) == box)
        #expect(SlipLabelPlacement.locallyMoved(box, label: label, moved: [(at: SlipPoint(x: 150, y: 34.25), dx: 1.0, dy: 0.5)]) == box)
    }
}
