/// A format rule that holds only between two dates (a new version of a guideline adds it, or a later one lifts it).
///
/// Plug-ins declare their dated rules in their ``CountryDescriptor``, report every payload that breaks one with
/// ``violation(field:line:offset:)`` whatever the date, and end by judging those reports on the payload's
/// judgement date (``Payload/asOf``, default today) with ``DatedRuleJudge``, before deriving the status. A rule is in force from `inForceFrom` (inclusive) until `inForceUntil` (exclusive); nil
/// means "always" on that side.
public struct DatedRule: Sendable, Hashable, Codable {
    /// Stable id, `<format>:<short-name>` (`ch.qr-bill:ig24-qrr-chf-only`).
    public var id: String
    /// The payload format the rule belongs to (`ch.qr-bill`).
    public var format: String
    /// What the rule requires, in one sentence.
    public var summary: String
    /// The guideline version that brought the rule in (or lifted it), as people name it (`IG QR-bill 2.4`).
    public var version: String
    public var inForceFrom: CalendarDate?
    public var inForceUntil: CalendarDate?
    /// The code of the diagnostic a breaking payload gets; unique to this rule.
    public var code: ErrorCode
    /// Where the rule and its dates come from (URL), or why a date is unconfirmed.
    public var source: String

    public init(id: String, format: String, summary: String, version: String, inForceFrom: CalendarDate?,
                inForceUntil: CalendarDate? = nil, code: ErrorCode, source: String) {
        self.id = id
        self.format = format
        self.summary = summary
        self.version = version
        self.inForceFrom = inForceFrom
        self.inForceUntil = inForceUntil
        self.code = code
        self.source = source
    }

    public func isInForce(on date: CalendarDate) -> Bool {
        if let from = inForceFrom, date < from { return false }
        if let until = inForceUntil, date >= until { return false }
        return true
    }

    /// The next day after `date` on which the rule comes into force or ceases, if any.
    public func nextChange(after date: CalendarDate) -> CalendarDate? {
        [inForceFrom, inForceUntil].compactMap { $0 }.filter { $0 > date }.min()
    }

    /// What a plug-in reports when a payload breaks the rule: an uncertain warning with the rule's code, judged
    /// later by the engine (kept, turned into an info or dropped, depending on the date).
    public func violation(field: String, line: Int? = nil, offset: Int? = nil) -> Diagnostic {
        .warning(code, field: field, line: line, offset: offset, uncertain: true, "\(summary) (\(version), \(span))")
    }

    /// `in force from 2026-11-14`, `in force until 2024-03-18`, `in force from … until …`.
    var span: String {
        switch (inForceFrom, inForceUntil) {
        case let (from?, until?): return "in force from \(from) until \(until.adding(days: -1))"
        case let (from?, nil): return "in force from \(from)"
        case let (nil, until?): return "in force until \(until.adding(days: -1))"
        case (nil, nil): return "always in force"
        }
    }
}

extension CalendarDate {
    /// `days` days later (or earlier); only small steps are needed (a rule's last day).
    func adding(days: Int) -> CalendarDate {
        var y = year, m = month, d = day + days
        while d < 1 {
            m -= 1
            if m < 1 { m = 12; y -= 1 }
            d += CompactDate.daysIn(month: m, year: max(y, 1))
        }
        while d > CompactDate.daysIn(month: m, year: max(y, 1)) {
            d -= CompactDate.daysIn(month: m, year: max(y, 1))
            m += 1
            if m > 12 { m = 1; y += 1 }
        }
        return CalendarDate(year: y, month: m, day: d) ?? self
    }
}

/// Judges a decoder's dated-rule reports on one date (`docs/decoding-policy.md`, "Rules in force on a date").
///
/// * rule in force on the date → the report stays an uncertain warning, its message naming the rule's dates and the
///   judgement date (and the day it ceases, when that is within the horizon);
/// * not in force, but coming into force within `horizonMonths` after the date → an info (the payload will break
///   it from that day);
/// * otherwise → dropped (the payload was fine under the rules of that day).
///
/// Diagnostics whose code names none of the rules are left alone. Decoders judge before deriving their status.
public struct DatedRuleJudge: Sendable {
    public var rules: [DatedRule]
    public var date: CalendarDate
    public var horizonMonths: Int

    public init(rules: [DatedRule], date: CalendarDate, horizonMonths: Int = 12) {
        self.rules = rules
        self.date = date
        self.horizonMonths = horizonMonths
    }

    public func judge(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { d in
            guard let rule = rules.first(where: { $0.code == d.code }) else { return d }
            return judge(d, by: rule)
        }
    }

    /// The date is asked for only when there is a report to judge (reading the clock is not free).
    public static func judge(_ diagnostics: [Diagnostic], rules: [DatedRule],
                             on date: @autoclosure () -> CalendarDate) -> [Diagnostic] {
        guard diagnostics.contains(where: { d in rules.contains { $0.code == d.code } }) else { return diagnostics }
        return DatedRuleJudge(rules: rules, date: date()).judge(diagnostics)
    }

    /// One report under one rule: the judged diagnostic, or nil when the date's rules allow the payload.
    public func judge(_ report: Diagnostic, by rule: DatedRule) -> Diagnostic? {
        var d = report
        let horizon = date.adding(months: horizonMonths)
        if rule.isInForce(on: date) {
            d.severity = .warning
            d.uncertain = true
            d.message = "\(rule.summary) (\(rule.version), \(rule.span); judged as of \(date))"
            if let change = rule.nextChange(after: date), change <= horizon {
                d.message += "; the rule ceases on \(change)"
            }
            return d
        }
        if let change = rule.nextChange(after: date), change <= horizon, rule.isInForce(on: change) {
            d.severity = .info
            d.uncertain = false
            d.message = "valid as of \(date), but from \(change): \(rule.summary) (\(rule.version))"
            return d
        }
        return nil
    }
}
