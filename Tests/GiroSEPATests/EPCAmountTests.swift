import Foundation
import Testing
import GiroCore
@testable import GiroSEPA

/// Element 8 grammar `^EUR(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$`, value ≥ 0.01 — table-driven.
@Suite struct EPCAmountTests {
    static let acceptedCases: [(String, String)] = [
        ("EUR1", "1.00"), ("EUR12.3", "12.30"), ("EUR123.45", "123.45"), ("EUR0.01", "0.01"), ("EUR0.5", "0.50"),
        ("EUR999999999.99", "999999999.99"), ("EUR100000000", "100000000.00"), ("EUR10.00", "10.00"),
        ("EUR58.99", "58.99"),
    ]

    @Test(arguments: acceptedCases)
    func accepted(text: String, value: String) throws {
        let r = try EPC.decode(EPC.elements([8: text]))
        #expect(r.amount?.formattedValue == value)
        #expect(r.amount?.currency == "EUR")
        #expect(r.warnings.isEmpty)
    }

    @Test func amountIsExactDecimal() throws {
        let r = try EPC.decode(EPC.elements([8: "EUR999999999.99"]))
        #expect(r.amount?.value == Decimal(sign: .plus, exponent: -2, significand: Decimal(99_999_999_999 as Int64)))
    }

    @Test func emptyAmountMeansNoAmount() throws {
        let r = try EPC.decode(EPC.elements([8: ""]))
        #expect(r.amount == nil)
        #expect(r.warnings.isEmpty)
    }

    @Test(arguments: ["EUR0", "EUR0.0", "EUR0.00"])
    func zeroIsNoAmountWithWarning(text: String) throws {
        let r = try EPC.decode(EPC.elements([8: text]))
        #expect(r.amount == nil)
        #expect(EPC.codes(r) == ["amount_zero"])
        #expect(r.status == .valid)
    }

    @Test(arguments: ["EUR 12.30", "EUR    10214.94", "EUR\t5"])
    func spacesAfterEURAreTolerated(text: String) throws {
        let r = try EPC.decode(EPC.elements([8: text]))
        #expect(r.amount != nil)
        #expect(EPC.codes(r) == ["amount_spaces"])
    }

    static let rejectedCases: [(String, ErrorCode)] = [
        ("EUR1.234,56", .amountInvalid),  // vector epc-8
        ("EUR12,30", .amountInvalid),
        ("EUR1,234.56", .amountInvalid),
        ("EUR1.234.56", .amountInvalid),
        ("EUR1'234.56", .amountInvalid),
        ("10.8", .amountInvalid),  // vector epc-13: no EUR prefix
        ("12.30EUR", .amountInvalid),
        ("eur12.30", .amountInvalid),
        ("EUR", .amountInvalid),
        ("EUR012", .amountInvalid),
        ("EUR00.50", .amountInvalid),
        ("EUR.50", .amountInvalid),
        ("EUR12.", .amountInvalid),
        ("EUR12.345", .amountInvalid),
        ("EUR-5", .amountInvalid),
        ("EUR+5", .amountInvalid),
        ("EUR1 000", .amountInvalid),
        ("EUR1e3", .amountInvalid),
        ("EUR１２", .amountInvalid),
        ("EUR1000000000", .amountOutOfRange),
        ("EUR9999999999.99", .amountOutOfRange),
        ("CHF12.30", .currencyNotAllowed),
        ("USD5", .currencyNotAllowed),
        ("GBP 1", .currencyNotAllowed),
    ]

    @Test(arguments: rejectedCases)
    func rejected(text: String, code: ErrorCode) {
        let err = EPC.error(EPC.elements([8: text]))
        #expect(err?.code == code, "\(text): \(String(describing: err))")
        #expect(err?.field == "amount")
        #expect(err?.line == 8)
    }

    @Test func parserDirectly() throws {
        #expect(try EPCAmount.parse(Array("EUR7".utf8)[...]).get() == .init(value: 7, hadSpaces: false))
        if case .failure(let f) = EPCAmount.parse(Array("EUR7.123".utf8)[...]) {
            #expect(f.code == .amountInvalid)
        } else {
            Issue.record("three decimals accepted")
        }
    }

    @Test(arguments: [("12.3", "EUR12.30"), ("1", "EUR1.00"), ("999999999.99", "EUR999999999.99")])
    func encoderFormat(value: String, text: String) throws {
        let amount = Amount(value: try #require(DecimalText.parse(value)), currency: "EUR")
        #expect(try EPCAmount.format(amount).get() == text)
    }

    @Test(arguments: [("0", "EUR"), ("0.001", "EUR"), ("1000000000", "EUR"), ("1", "CHF"), ("-1", "EUR")])
    func encoderRefuses(value: String, currency: String) throws {
        let amount = Amount(value: try #require(DecimalText.parse(value)), currency: currency)
        #expect(throws: EPCAmount.Failure.self) { try EPCAmount.format(amount).get() }
    }
}
