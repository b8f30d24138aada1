import Foundation
import Giro
import Testing

/// The Swiss coding lines of formats-west.md §3.2–3.3 (worked examples).
@Suite struct ESRCodingLineTests {
    @Test func specExample() throws {
        let l = try #require(ESRCodingLine.parse("0100003949753>120000000000234478943216899+ 010001628>"))
        #expect(l.kind == .esr && l.documentType == "01" && l.currency == "CHF")
        #expect(l.amount == Decimal(string: "3949.75"))
        #expect(l.reference == "120000000000234478943216899")
        #expect(l.participant == "01-162-8")
        #expect(l.failedChecks.isEmpty)
    }

    @Test func wrongCheckDigitsAreNamed() throws {
        let l = try #require(ESRCodingLine.parse("0100003949754>120000000000234478943216898+ 010001627>"))
        #expect(l.failedChecks == ["amount", "reference", "participant"])
    }

    @Test func withoutAmount() throws {
        let l = try #require(ESRCodingLine.parse("042>120000000000234478943216899+ 010001628>"))
        #expect(l.documentType == "04" && l.amount == nil && l.failedChecks.isEmpty)
    }

    @Test func redES() throws {
        let l = try #require(ESRCodingLine.parse("000000000000001234567890128+ 070888854>\n800009393>"))
        #expect(l.kind == .es && l.participant == "80-939-3")
        #expect(l.esAccount == "000000000000001234567890128" && l.esClearing == "070888854")
        #expect(l.failedChecks.isEmpty)
    }

    /// A red line's rows alone are no line (formats-west.md §3.3: account, clearing and postal account, each
    /// checked): a lone nine-digit block would pass for a participant number.
    @Test func aRedLinesPartsAloneAreRefused() {
        for s in ["800009393>", "070888854>", "000000000000001234567890128+ 070888854>", "070888854>\n800009393>"] {
            #expect(ESRCodingLine.parse(s) == nil, "\(s)")
            #expect(SwissCodingLineReader().read(s) == nil, "\(s)")
        }
    }

    /// The line among other print a zone took with it (a receipt's address above, a postcode beside): the run of
    /// words that parses with every check holding.
    @Test func theLineIsFoundAmongOtherPrint() throws {
        let red = try #require(SwissCodingLineReader().read("Rue de Lausanne 31\n8200 Schaffhausen 000000000000001234567890128+ 070888854>\n800009393>"))
        #expect(red.failedChecks.isEmpty && red.account == Account(number: "123456789012", bankCode: "08888"))
        let orange = try #require(SwissCodingLineReader().read("3000 Bern 0100003949753>120000000000234478943216899+ 010001628>"))
        #expect(orange.failedChecks.isEmpty && orange.amount?.value == Decimal(string: "3949.75"))
        // A line whose checks fail is still returned as read (its failures named), not replaced by a fragment.
        let failing = try #require(SwissCodingLineReader().read("0100003949754>120000000000234478943216898+ 010001627>"))
        #expect(failing.failedChecks == ["amount", "reference", "participant"])
    }

    /// On a red ES whose first row the OCR lost, the slip reader refuses the rest (`slip_coding_line_partial`)
    /// rather than read the bank's postal account as the account to pay.
    @Test func aPartialRedLineOnASlipIsATypedWarning() throws {
        let url = SlipFixtures.folder.appendingPathComponent("ch.es/donation-scan.words")
        var page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        page.words.removeAll { $0.text.hasSuffix("+") || $0.text == "070888854>" }
        let r = try #require(SlipReader.builtIn.read(words: page).first { $0.slipClass == "ch.es" }).record
        let d = try #require(r.diagnostics.first { $0.code == .slipCodingLinePartial })
        #expect(d.field == "codingLine" && d.uncertain && d.message.contains("800009393>"))
        #expect(r.creditor?.account?.number == nil && r.status == .uncertain)
    }

    @Test func notACodingLine() {
        for s in ["", ">", "hello", "0100003949753>1200+ 0100>", String(repeating: "1", count: 500)] {
            #expect(ESRCodingLine.parse(s) == nil, "\(s.prefix(20))")
        }
    }
}
