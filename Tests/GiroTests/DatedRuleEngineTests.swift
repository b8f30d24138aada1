import Foundation
import Giro
import Testing

/// The dated-rule table as the engine sees it, and the judgement date flowing from `PaymentDecoder` to the plug-ins.
@Suite struct DatedRuleEngineTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(iso: text)) }

    /// Swiss QR-IBAN + QR reference in EUR (fine under IG 2.3, not from IG 2.4).
    static let qrrInEUR = ["SPC", "0200", "1", "CH4431999123000889012", "S", "Robert Schneider AG", "Rue du Lac", "1268",
                           "2501", "Biel", "CH", "", "", "", "", "", "", "", "3949.75", "EUR", "", "", "", "", "", "", "",
                           "QRR", "210000000003139471430009017", "", "EPD"].joined(separator: "\n")

    @Test func theTableNamesFourRulesWithOwnCodesOfRegisteredFormats() {
        let rules = FormatRegistry.datedRules
        #expect(Set(rules.map(\.id)) == ["ch.qr-bill:ig23-structured-address-only", "ch.qr-bill:ig24-qrr-chf-only",
                                         "sk.pay-by-square:v120-beneficiary-name", "sepa.epc-qr:before-v31-amount-expected"])
        #expect(Set(rules.map(\.code)).count == rules.count, "a dated rule's code is its own")
        for rule in rules {
            #expect(FormatRegistry.format(id: rule.format) != nil, "\(rule.id)")
            #expect(rule.inForceFrom != nil || rule.inForceUntil != nil, "\(rule.id)")
            #expect(rule.id.hasPrefix(rule.format + ":") && !rule.source.isEmpty)
        }
    }

    @Test func theIssueDates() throws {
        let byID = Dictionary(uniqueKeysWithValues: FormatRegistry.datedRules.map { ($0.id, $0) })
        #expect(byID["ch.qr-bill:ig24-qrr-chf-only"]?.inForceFrom == (try Self.date("2026-11-14")))
        #expect(byID["ch.qr-bill:ig23-structured-address-only"]?.inForceFrom == (try Self.date("2025-11-21")))
        #expect(byID["sk.pay-by-square:v120-beneficiary-name"]?.inForceFrom == (try Self.date("2025-04-01")))
        #expect(byID["sepa.epc-qr:before-v31-amount-expected"]?.inForceUntil == (try Self.date("2024-03-19")))
    }

    @Test func anInjectedTodayJudgesWhenNoDateIsGiven() throws {
        let before = try PaymentDecoder(today: { CalendarDate(year: 2026, month: 6, day: 1)! }).decode(text: Self.qrrInEUR)
        #expect(before.status == .valid)
        #expect(before.diagnostics.map(\.code) == ["qr_reference_requires_chf"] && before.diagnostics.first?.severity == .info)
        let after = try PaymentDecoder(today: { CalendarDate(year: 2026, month: 11, day: 14)! }).decode(text: Self.qrrInEUR)
        #expect(after.status == .uncertain && after.amount?.currency == "EUR")
        #expect(after.diagnostics.first?.message.contains("2026-11-14") == true)
    }

    @Test func asOfWinsOverTodayAndAPayloadsOwnDateWinsOverBoth() throws {
        let decoder = PaymentDecoder(asOf: try Self.date("2025-06-01"), today: { CalendarDate(year: 2027, month: 1, day: 1)! })
        #expect(try decoder.decode(text: Self.qrrInEUR).diagnostics.isEmpty)
        var payload = Payload(text: Self.qrrInEUR)
        payload.asOf = try Self.date("2026-11-14")
        #expect(try decoder.decode(payload).status == .uncertain)
        #expect(try decoder.decode(payload, formatID: "ch.qr-bill").status == .uncertain)
        #expect(try decoder.judging(asOf: Self.date("2026-11-13")).decode(text: Self.qrrInEUR).status == .valid)
        #expect(decoder.judgementDate(for: Payload(text: "")) == (try Self.date("2025-06-01")))
    }

    @Test func theDefaultIsTodayInUTC() throws {
        // No injected day: the plug-in reads the UTC clock, so a QRR bill in EUR is judged by today's rules.
        let record = try PaymentDecoder().decode(text: Self.qrrInEUR)
        let ig24 = try #require(CalendarDate(iso: "2026-11-14"))
        #expect(record.status == (CalendarDate.utc() >= ig24 ? .uncertain : .valid))
    }
}
