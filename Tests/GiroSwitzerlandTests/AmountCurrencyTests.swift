import Foundation
import GiroCore
import GiroSwitzerland
import Testing

/// Amount grammar `^\d{1,9}\.\d{2}$`, open and zero amounts, CHF/EUR only.
@Suite struct AmountCurrencyTests {
    static let accepted: [(String, String)] = [
        ("0.01", "0.01"), ("1.00", "1.00"), ("3949.75", "3949.75"), ("999999999.99", "999999999.99"),
        ("0000.01", "0.01"), ("1234567.89", "1234567.89"), ("10.10", "10.10"),
    ]

    @Test(arguments: accepted)
    func acceptedAmounts(_ text: String, _ formatted: String) {
        let r = SPC.record(SPC.with(SPC.base, [18: text]))
        #expect(r?.amount?.formattedValue == formatted)
        #expect(r?.amount?.currency == "CHF")
        #expect(r?.diagnostics.isEmpty == true)
    }

    @Test func valueIsExactDecimal() {
        let r = SPC.record(SPC.with(SPC.base, [18: "999999999.99"]))
        #expect(r?.amount?.value == Decimal(string: "999999999.99"))
    }

    static let rejected: [(String, ErrorCode)] = [
        ("12.5", .amountInvalid), ("12", .amountInvalid), ("12.500", .amountInvalid), ("3949,75", .amountInvalid),
        ("1'949.75", .amountInvalid), (".50", .amountInvalid), ("-1.00", .amountInvalid), ("+1.00", .amountInvalid),
        (" 1.00", .amountInvalid), ("1.00 ", .amountInvalid), ("1.0.0", .amountInvalid), ("1e3.00", .amountInvalid),
        ("1000000000.00", .amountOutOfRange), ("99999999999.99", .amountOutOfRange), ("١.٠٠", .amountInvalid),
    ]

    @Test(arguments: rejected)
    func rejectedAmounts(_ text: String, _ code: ErrorCode) {
        let e = SPC.error(SPC.with(SPC.base, [18: text]))
        #expect(e?.code == code)
        #expect(e?.field == "amount")
        #expect(e?.line == 19)
    }

    @Test func openAmountKeepsCurrencyInExtras() {
        let r = SPC.record(SPC.with(SPC.base, [18: "", 19: "EUR"]))
        #expect(r?.amount == nil)
        #expect(r?.extras["ch.currency"] == "EUR")
        #expect(r?.status == .valid)
        #expect(r?.diagnostics.isEmpty == true)
    }

    @Test func zeroAmountIsANotification() {
        let r = SPC.record(SPC.with(SPC.base, [18: "0.00"]))
        #expect(r?.amount?.value == 0)
        #expect(r?.warnings.isEmpty == true)
        #expect(r?.diagnostics.map(\.code) == [.amountZero])
        #expect(r?.diagnostics.first?.severity == .info)
        #expect(r?.status == .valid)
    }

    static let currencies: [(String, ErrorCode?)] = [
        ("CHF", nil), ("EUR", nil), ("USD", .currencyNotAllowed), ("GBP", .currencyNotAllowed),
        ("chf", .currencyInvalid), ("XYZ", .currencyInvalid), ("CHF ", .currencyInvalid), ("", .fieldMissing), ("FR", .currencyInvalid),
    ]

    @Test(arguments: currencies)
    func currencyTable(_ code: String, _ error: ErrorCode?) {
        let result = SPC.decode(SPC.with(SPC.base, [19: code]))
        switch (error, result) {
        case (nil, .success(let r)):
            #expect(r.amount?.currency == code)
            #expect(r.extras["ch.currency"] == code)
        case (let expected?, .failure(let e)):
            #expect(e.code == expected)
            #expect(e.field == "amount.currency")
            #expect(e.line == 20)
        default:
            Issue.record("\(code): \(result)")
        }
    }
}
