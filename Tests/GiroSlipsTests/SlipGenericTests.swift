import Foundation
import Giro
import GiroTestSupport
import Testing

/// The generic reader (`slip.generic`): a form no template fits is read by the labels of all loaded templates and
/// the validators; a label is never a value, a payer's account is never the account to pay.
@Suite struct SlipGenericTests {
    static let reader = SlipReader.builtIn

    /// Words of `text` from (x, y), `h` px high, as `SlipPageComposer.typed` sets them.
    static func place(_ text: String, _ x: Int, _ y: Int, h: Int = 30) -> [PageWord] {
        var cx = x
        return text.split(separator: " ").map { token in
            let w = Int(Double(token.count) * 0.55 * Double(h))
            defer { cx += w + h / 2 }
            return PageWord(text: String(token), x: cx, y: y, w: w, h: h)
        }
    }

    static func page(_ parts: [[PageWord]]) -> PageWords {
        let words = parts.flatMap { $0 }
        return PageWords(width: (words.map { $0.x + $0.w }.max() ?? 0) + 50, height: (words.map { $0.y + $0.h }.max() ?? 0) + 50, words: words)
    }

    /// A Czech postal order without its title (no template fits): each value in the box under its label, the
    /// account number and the bank code in two cells of one row. The labels say which box is which and that the
    /// amount is in CZK.
    @Test func aFormOfNoClassIsReadByItsLabels() throws {
        let p = Self.page([
            Self.place("Ve prospěch účtu", 100, 100), Self.place("Kód banky", 900, 100),
            Self.place("19-2000145399", 100, 150), Self.place("0800", 900, 150),
            Self.place("Částka Kč", 100, 250), Self.place("1 234,50", 100, 300),
            Self.place("Název majitele účtu", 100, 400), Self.place("Vodárny Kladno a.s.", 100, 450),
            Self.place("Odesílatel", 900, 400), Self.place("Jana Nováková", 900, 450),
        ])
        let found = Self.reader.read(words: p)
        try #require(found.count == 1)
        let r = found[0].record
        #expect(found[0].slipClass == "slip.generic" && r.format == "slip.generic" && r.status == .uncertain)
        #expect(r.country == "CZ")
        #expect(r.creditor?.account?.number?.contains("2000145399") == true && r.creditor?.account?.bankCode == "0800")
        #expect(r.amount == Amount(value: Decimal(string: "1234.50")!, currency: "CZK"))
        #expect(r.diagnostics.contains { $0.field == "amount.currency" && $0.message.contains("CZK") })
        #expect(r.creditor?.name == "Vodárny Kladno a.s." && r.debtor?.name == "Jana Nováková")
        // Evidence per field, each with the box of its own words.
        let fields = r.source.evidence?.map(\.field) ?? []
        #expect(fields.contains("creditor.name") && fields.contains("amount") && fields.contains("debtor.name"))
        #expect(r.source.evidence?.first { $0.field == "amount" }?.box == [100, 300, 130, 30])
    }

    /// HUB-3 labels: the payer's IBAN (under its own label, and again on the receipt part) is never the account
    /// to pay; the payee's is, though printed lower.
    @Test func thePayersAccountIsNotThePayees() throws {
        let p = Self.page([
            Self.place("IBAN ili broj računa platitelja", 100, 100), Self.place("HR60 2500 0091 0000 0001 3", 100, 150),
            Self.place("IBAN", 1400, 100), Self.place("HR60 2500 0091 0000 0001 3", 1400, 150),
            Self.place("Iznos", 100, 250), Self.place("=123,45", 400, 250),
            Self.place("IBAN ili broj računa primatelja", 100, 350), Self.place("HR92 2360 0001 5014 2669 7", 100, 400),
        ])
        let found = Self.reader.read(words: p)
        try #require(found.count == 1)
        #expect(found[0].record.creditor?.account?.iban == "HR9223600001501426697")
        #expect(found[0].record.amount == Amount(value: Decimal(string: "123.45")!, currency: "EUR"))
        #expect(found[0].record.country == "HR")
    }

    /// A label is never a value: `Betrag:` with nothing after it gives no amount, `Empfänger` no name.
    @Test func aLabelIsNeverAValue() throws {
        let p = Self.page([
            Self.place("IBAN", 100, 100), Self.place("AT61 1904 3002 3457 3201", 300, 100),
            Self.place("Betrag", 100, 200), Self.place("EmpfängerIn Name/Firma", 100, 300),
        ])
        let found = Self.reader.read(words: p)
        try #require(found.count == 1)
        let r = found[0].record
        #expect(r.creditor?.account?.iban == "AT611904300234573201" && r.country == "AT")
        #expect(r.amount == nil && r.creditor?.name == nil && r.debtor == nil)
        let texts = (r.source.evidence ?? []).compactMap(\.text)
        #expect(!texts.contains { $0.contains("Betrag") || $0.contains("Empfänger") || $0 == "IBAN" })
    }

    /// A page without a checked account gives no slip (a wrong IBAN check digit is not an account).
    @Test func noCheckedAccountNoSlip() {
        let p = Self.page([Self.place("IBAN", 100, 100), Self.place("AT62 1904 3002 3457 3201", 300, 100),
                           Self.place("Betrag", 100, 200), Self.place("12,50 EUR", 300, 200)])
        #expect(Self.reader.read(words: p).isEmpty)
    }

    /// Third-party page: the text layer of hrvach/uplatnica's demo HUB-3A (`fixtures/slips/third-party/`), whose
    /// title "NALOG ZA NACIONALNA PLAĆANJA" no template knows: the payee's IBAN, not the payer's printed above it.
    @Test func thirdPartyHUB3PDF() throws {
        let url = SlipFixtures.folder.appendingPathComponent("third-party/hr-hub3a-hrvach/demo_uplatnica.words")
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        let found = Self.reader.read(words: page)
        try #require(found.count == 1)
        let r = found[0].record
        #expect(r.format == "slip.generic" || r.format == "hr.hub-3a")
        #expect(r.amount?.value == Decimal(string: "123.45")!)
        #expect(r.debtor?.name == "Pero Perić")
        // Since issue 23 round 3 `hr.hub-3a` claims this page (HUB 3A is the form without HUB 3's mark, its talon title
        // optional). Its IBAN in comb cells right of the wrapped label and the `HRK` comb are not read by the
        // template's zones yet, and the generic reader's copy lies outside the form's (too small) fit: known, open.
        withKnownIssue("comb-cell IBAN and currency beside a HUB 3A label (issue 23)") {
            #expect(r.creditor?.account?.iban == "HR9223600001501426697")
            #expect(r.amount?.currency == "HRK")
        }
    }
}
