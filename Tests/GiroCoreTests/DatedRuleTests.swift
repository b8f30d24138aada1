import Foundation
import Testing
@testable import GiroCore

/// Calendar dates and the judgement of dated rules: the day before, the day of and the day after a change, the
/// 12-month horizon, and rules that cease.
@Suite struct DatedRuleTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(iso: text)) }

    static let from = DatedRule(id: "x.y:from", format: "x.y", summary: "s", version: "v2", inForceFrom: CalendarDate(iso: "2026-11-14"),
                                code: "rule_from", source: "test")
    static let until = DatedRule(id: "x.y:until", format: "x.y", summary: "u", version: "v1", inForceFrom: nil,
                                 inForceUntil: CalendarDate(iso: "2024-03-19"), code: "rule_until", source: "test")

    @Test func parsesOnlyRealDaysInIsoForm() throws {
        #expect(try Self.date("2024-02-29").description == "2024-02-29")
        for bad in ["2023-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "26-11-14", "2026/11/14", "2026-11-14 ",
                    "２026-11-14", "", "0000-01-01", "2026-1-014"] {
            #expect(CalendarDate(iso: bad) == nil, "\(bad)")
        }
        #expect(CalendarDate(year: 2026, month: 2, day: 29) == nil)
    }

    @Test func ordersAndAddsMonths() throws {
        #expect(try Self.date("2026-11-13") < Self.date("2026-11-14"))
        #expect(try Self.date("2025-12-31") < Self.date("2026-01-01"))
        #expect(try Self.date("2026-01-31").adding(months: 1) == Self.date("2026-02-28"))
        #expect(try Self.date("2025-11-14").adding(months: 12) == Self.date("2026-11-14"))
        #expect(try Self.date("2026-03-01").adding(days: -1) == Self.date("2026-02-28"))
        #expect(try Self.date("2024-12-31").adding(days: 1) == Self.date("2025-01-01"))
    }

    @Test func utcTodayIsTheUTCCalendarDay() throws {
        // 2026-11-13T23:30:00Z is the 13th in UTC (the 14th in Zurich).
        #expect(CalendarDate.utc(Date(timeIntervalSince1970: 1_794_612_600)) == (try Self.date("2026-11-13")))
    }

    @Test func inForceBoundaries() throws {
        #expect(!Self.from.isInForce(on: try Self.date("2026-11-13")))
        #expect(Self.from.isInForce(on: try Self.date("2026-11-14")))
        #expect(Self.until.isInForce(on: try Self.date("2024-03-18")))
        #expect(!Self.until.isInForce(on: try Self.date("2024-03-19")))
    }

    func judged(_ rule: DatedRule, on text: String) throws -> Diagnostic? {
        DatedRuleJudge(rules: [rule], date: try Self.date(text)).judge(rule.violation(field: "f", line: 3), by: rule)
    }

    @Test func aRuleInForceKeepsTheReportUncertainWithBothDates() throws {
        let d = try #require(try judged(Self.from, on: "2026-11-14"))
        #expect(d.severity == .warning && d.uncertain && d.code == "rule_from" && d.line == 3)
        #expect(d.message.contains("2026-11-14") && d.message.contains("judged as of 2026-11-14"))
        let ceasing = try #require(try judged(Self.until, on: "2024-03-18"))
        #expect(ceasing.uncertain && ceasing.message.contains("ceases on 2024-03-19"))
    }

    @Test func theDayBeforeIsAnInfoWithinTwelveMonthsAndNothingBeyond() throws {
        let info = try #require(try judged(Self.from, on: "2026-11-13"))
        #expect(info.severity == .info && !info.uncertain && info.message.contains("from 2026-11-14"))
        #expect(try judged(Self.from, on: "2025-11-14") != nil)  // exactly 12 months before
        #expect(try judged(Self.from, on: "2025-11-13") == nil)
        #expect(try judged(Self.until, on: "2024-03-19") == nil)  // the rule is lifted that day
    }

    @Test func judgingLeavesOtherDiagnosticsAndReadsTheDateOnlyWhenNeeded() throws {
        let other = Diagnostic.warning("something_else", field: "g", "kept")
        let reports = [other, Self.from.violation(field: "f")]
        let day = try Self.date("2020-01-01")
        let early = DatedRuleJudge.judge(reports, rules: [Self.from], on: day)
        #expect(early == [other])
        let untouched = DatedRuleJudge.judge([other], rules: [Self.from], on: { Issue.record("date read"); return CalendarDate.utc() }())
        #expect(untouched == [other])
    }

    @Test func codableAsIsoText() throws {
        let data = try JSONEncoder().encode([try Self.date("2026-11-14")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-14"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }
}
