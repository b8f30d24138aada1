import GiroCore

/// QR-bill rules tied to a date (`docs/decoding-policy.md`, "Rules in force on a date"). The decoder reports a
/// payload that breaks one whatever the date; the engine judges the report on the judgement date.
enum SPCDatedRules {
    /// IG QR-bill 2.3: structured addresses (type S) only.
    static let structuredAddressOnly = DatedRule(
        id: "ch.qr-bill:ig23-structured-address-only", format: "ch.qr-bill",
        summary: "combined addresses (type K) are no longer allowed, only structured ones (type S)",
        version: "IG QR-bill 2.3", inForceFrom: CalendarDate(year: 2025, month: 11, day: 21),
        code: .addressCombinedDeprecated,
        source: "SIX, Swiss Implementation Guidelines for the QR-bill 2.3, valid from 21 Nov 2025 "
            + "(https://www.six-group.com/en/products-services/banking-services/payment-standardization/standards/qr-bill.html)")

    /// IG QR-bill 2.4: a QR-IBAN with a QR reference only for payments in CHF.
    static let qrReferenceOnlyInCHF = DatedRule(
        id: "ch.qr-bill:ig24-qrr-chf-only", format: "ch.qr-bill",
        summary: "a QR-IBAN with a QR reference (QRR) is allowed only for payments in CHF",
        version: "IG QR-bill 2.4", inForceFrom: CalendarDate(year: 2026, month: 11, day: 14),
        code: .qrReferenceRequiresCHF,
        source: "Giro issue 24 (IG QR-bill 2.4 published 24 Feb 2026, valid from 14 Nov 2026); "
            + "SIX's delta document was not publicly retrievable to confirm")

    static let all = [structuredAddressOnly, qrReferenceOnlyInCHF]
}

extension SPCDecoder {
    /// The dated-rule reports judged on `date` (before the status is derived).
    mutating func judgeDatedRules(on date: @autoclosure () -> CalendarDate) {
        diagnostics = DatedRuleJudge.judge(diagnostics, rules: SPCDatedRules.all, on: date())
    }
}
