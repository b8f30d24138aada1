import GiroCore

/// EPC QR rules tied to a date (`docs/decoding-policy.md`, "Rules in force on a date").
enum EPCDatedRules {
    /// Until EPC069-12 v3.1 (19 Mar 2024) an EPC QR code was expected to carry the amount; v3.1 marks AT-T002
    /// explicitly optional (a code without one lets the payer type it).
    static let amountExpected = DatedRule(
        id: "sepa.epc-qr:before-v31-amount-expected", format: "sepa.epc-qr",
        summary: "the amount (AT-T002) is expected; EPC069-12 v3.1 makes it optional",
        version: "EPC069-12 before v3.1", inForceFrom: nil, inForceUntil: CalendarDate(year: 2024, month: 3, day: 19),
        code: .amountMissing,
        source: "EPC069-12 v3.1 of 19 Mar 2024 (https://www.europeanpaymentscouncil.eu/sites/default/files/kb/file/"
            + "2024-03/EPC069-12%20v3.1%20Quick%20Response%20Code%20-%20Guidelines%20to%20Enable%20the%20Data%20"
            + "Capture%20for%20the%20Initiation%20of%20an%20SCT.pdf), as read in heuer/segno issue #150")

    static let all = [amountExpected]
}

extension EPCDecoder {
    /// The dated-rule reports judged on the payload's date (before the status is derived).
    mutating func judgeDatedRules() {
        diagnostics = DatedRuleJudge.judge(diagnostics, rules: EPCDatedRules.all, on: payload.judgementDate)
    }
}
