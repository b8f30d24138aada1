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

    @Test func notACodingLine() {
        for s in ["", ">", "hello", "0100003949753>1200+ 0100>", String(repeating: "1", count: 500)] {
            #expect(ESRCodingLine.parse(s) == nil, "\(s.prefix(20))")
        }
    }
}
