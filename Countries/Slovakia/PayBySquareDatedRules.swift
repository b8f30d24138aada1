import GiroCore

/// PAY by square rules tied to a date (`docs/decoding-policy.md`, "Rules in force on a date").
enum PayBySquareDatedRules {
    /// PAY by square 1.2.0: every payment of a 1.2.0 (or later) document names its beneficiary.
    static let beneficiaryNameMandatory = DatedRule(
        id: "sk.pay-by-square:v120-beneficiary-name", format: "sk.pay-by-square",
        summary: "the beneficiary name is mandatory in a 1.2.0 document",
        version: "PAY by square 1.2.0", inForceFrom: CalendarDate(year: 2025, month: 4, day: 1),
        code: .beneficiaryNameMissing,
        source: "xseman/bysquare go/pkg/bysquare/types.go (version 1.2.0 effective 2025-04-01), "
            + "https://github.com/xseman/bysquare; the SBA specification itself is not public")

    static let all = [beneficiaryNameMandatory]
}
