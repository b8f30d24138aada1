import Foundation
import Giro
import GiroTestSupport
import Testing

/// A slip-like block no template matches is a generic slip (`slip.generic`, never dropped); prose is not a
/// slip-like block, but a page on which nothing else was read and which prints a checked account is a generic slip.
@Suite struct SlipUnknownTests {
    static let reader = SlipReader.builtIn
    typealias C = SlipPageComposer

    /// A form of no loaded class (labels in Esperanto): an account, an amount, a reference in separate fields.
    static let unknownForm = C.typed([
        "PAGILO",
        "Ricevanto Muster GmbH",
        "Konto DE89 3704 0044 0532 0130 00",
        "Sumo 120,50 EUR",
        "Referenco RF18 5390 0754 7034",
        "Paganto Max Mustermann",
    ], x: 100, y: 100)

    func checkUnknown(_ s: SlipReading) {
        #expect(s.slipClass == SlipReader.genericClass && SlipReader.unknownClass == SlipReader.genericClass)
        let r = s.record
        #expect(r.source.kind == "slip" && r.source.slipClass == "slip.generic" && r.format == "slip.generic")
        #expect(r.status == .uncertain)
        #expect(r.diagnostics.contains { $0.code == .slipUnknownClass && $0.uncertain })
        #expect(r.creditor?.account?.iban == "DE89370400440532013000")
        #expect(r.amount == Amount(value: Decimal(string: "120.50")!, currency: "EUR"))
        #expect(r.reference?.value == "RF18539007547034")
        #expect(r.source.evidence?.map(\.field) == ["creditor.account.iban", "amount", "reference"])
        // Each field's evidence box is the words it was read from: lines 3, 4 and 5 of the form (60 px apart).
        let top = s.corners.first?.last ?? 0
        #expect(r.source.evidence?.map { $0.box.count == 4 ? $0.box[1] - top : -1 } == [120, 180, 240])
        #expect(r.source.evidence?.allSatisfy { $0.box.count == 4 && $0.box[3] == 30 } == true)
    }

    @Test func anUnknownFormIsOneUnknownRecord() throws {
        let found = Self.reader.read(words: Self.unknownForm)
        try #require(found.count == 1)
        checkUnknown(found[0])
        // Its JSON is a golden file (RecordSchemaTests validates every golden against docs/record.schema.json).
        let golden = SlipFixtures.folder.appendingPathComponent("samples/unknown-form.json")
        let json = try SlipFixtures.pretty(found[0].record)
        if SlipFixtures.recording { try json.write(to: golden, atomically: true, encoding: .utf8) } else {
            #expect(json == (try String(contentsOf: golden, encoding: .utf8)))
        }
        // Reported only when asked: off, the page gives nothing.
        var quiet = Self.reader
        quiet.reportsUnknownSlips = false
        #expect(quiet.read(words: Self.unknownForm).isEmpty)
    }

    @Test func aKnownSlipAndAnUnknownOne() throws {
        let hub = try C.fixture("hr.hub-3a", "water-bill")
        let found = Self.reader.read(words: C.page([(Self.unknownForm, 0, hub.height + 100), (hub, 0, 0)]))
        #expect(found.map(\.slipClass) == ["hr.hub-3a", "slip.generic"])
        try #require(found.count == 2)
        let e = try SlipExpectation(contentsOf: SlipFixtures.folder.appendingPathComponent("hr.hub-3a/water-bill.expect"))
        #expect(e.mismatches(found[0].record).isEmpty)
        checkUnknown(found[1])
    }

    /// A letter's paragraph naming an IBAN and a sum is running text, not a slip-like block; with nothing else on
    /// the page its checked IBAN still makes a generic slip (uncertain), never "no slip found".
    @Test func proseWithAnIBANIsAGenericPage() throws {
        let letter = C.typed([
            "Sehr geehrte Frau Muster, wir bitten Sie, den offenen Betrag von",
            "120,50 EUR bis zum Ende des Monats auf unser Konto bei der",
            "Musterbank zu überweisen: IBAN DE89 3704 0044 0532 0130 00, als",
            "Verwendungszweck geben Sie bitte die Rechnungsnummer an, damit wir",
            "die Zahlung zuordnen können. Mit freundlichen Grüßen, Ihre Buchhaltung",
        ], x: 100, y: 100)
        let found = Self.reader.read(words: letter)
        try #require(found.count == 1)
        #expect(found[0].slipClass == "slip.generic" && found[0].record.status == .uncertain)
        #expect(found[0].record.creditor?.account?.iban == "DE89370400440532013000")
        #expect(found[0].record.amount == Amount(value: Decimal(string: "120.50")!, currency: "EUR"))
        // The same facts are there for the generic parsers.
        let text = letter.words.map(\.text).joined(separator: " ")
        let candidates = try ParserGroup.standard().parse(text)
        #expect(candidates.contains { $0.type == "iban" && $0.value == "DE89370400440532013000" })
    }

    /// Bank details without an amount (a letterhead's footer) are not slip-like; alone on the page, the checked
    /// IBAN is a generic slip without amount (an info diagnostic says so).
    @Test func bankDetailsWithoutAmountAreAGenericSlipWithoutAmount() throws {
        let footer = C.typed(["Musterbank AG", "IBAN DE89 3704 0044 0532 0130 00", "BIC COBADEFFXXX", "Amtsgericht Berlin HRB 1234"], x: 0, y: 0)
        let found = Self.reader.read(words: footer)
        try #require(found.count == 1)
        let r = found[0].record
        #expect(r.format == "slip.generic" && r.status == .uncertain && r.country == "DE")
        #expect(r.creditor?.account?.iban == "DE89370400440532013000" && r.amount == nil)
        #expect(r.diagnostics.contains { $0.field == "amount" && $0.message.contains("no amount") })
        // A label is never a value: no field holds `IBAN`, `BIC` or `Musterbank AG` as a name of the payee.
        #expect(r.creditor?.name == nil && r.debtor == nil)
    }

    /// No fixture of a known class leaves an unknown slip behind (its words all belong to the form).
    @Test(arguments: SlipFixtures.cases())
    func fixturesLeaveNoUnknownSlip(_ c: SlipFixtures.Case) throws {
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        #expect(Self.reader.read(words: page).map(\.slipClass) == [c.slipClass])
    }
}

/// `SlipReader.fixed(to:)` / `read(words:slipClass:)` (`giro decode --slip CLASS`): no classification.
@Suite struct SlipFixedClassTests {
    static let reader = SlipReader.builtIn

    /// On every fixture the fixed class gives the very record classification gives.
    @Test(arguments: SlipFixtures.cases())
    func sameRecordAsClassified(_ c: SlipFixtures.Case) throws {
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        let classified = Self.reader.read(words: page)
        let fixed = try Self.reader.read(words: page, slipClass: c.slipClass)
        #expect(fixed.map(\.record) == classified.map(\.record))
    }

    /// No label printed at all (a filled form cut out of its frame): classification finds no slip of a class,
    /// the fixed class takes the whole page as the form, upright, and reads its zones.
    @Test func withoutAnchorsTheWholePageIsTheForm() throws {
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "hr.hub-3a" })
        let iban = try #require(t.zones.first { $0.field == "creditor.account.iban" })
        let amount = try #require(t.zones.first { $0.field == "amount" })
        let scale = 10.0   // px per mm
        func at(_ z: SlipZone, _ text: String) -> [PageWord] {
            let parts = text.split(separator: " ")
            let h = Int(z.box.h * scale * 0.5)
            var x = Int((z.box.x + 1) * scale)
            return parts.map { p in
                defer { x += Int(Double(p.count) * 0.55 * Double(h)) + h / 2 }
                return PageWord(text: String(p), x: x, y: Int((z.box.y + z.box.h / 2) * scale) - h / 2, w: Int(Double(p.count) * 0.55 * Double(h)), h: h)
            }
        }
        let page = PageWords(width: Int(t.width * scale), height: Int(t.height * scale),
                             words: at(iban, "HR12 1001 0051 8630 0016 0") + at(amount, "123,45"))
        #expect(Self.reader.read(words: page).filter { $0.slipClass == "hr.hub-3a" }.isEmpty)
        let found = try Self.reader.read(words: page, slipClass: "hr.hub-3a")
        try #require(found.count == 1)
        #expect(found[0].slipClass == "hr.hub-3a")
        #expect(found[0].record.creditor?.account?.iban == "HR1210010051863000160")
        #expect(found[0].record.amount?.value == Decimal(string: "123.45"))
        #expect(found[0].corners == [[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]])
    }

    @Test func unknownClassIsATypedError() {
        #expect(throws: GiroError.self) { try Self.reader.read(words: PageWords(width: 1, height: 1, words: []), slipClass: "xx.none") }
        do {
            _ = try Self.reader.fixed(to: "xx.none")
            Issue.record("no error")
        } catch {
            #expect(error.code == .slipClassNotFound && error.field == "slip")
        }
    }
}
