import Foundation
import GiroCore
@testable import GiroSwitzerland
import Testing

/// The coding-line rules both Swiss readers share, on the worked examples of formats-west.md §3.2–3.3.
@Suite struct SwissCodingLineTests {
    func digits(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func orangeExample() {
        #expect(SwissCodingLine.slip(first: UInt8(ascii: ">"), second: UInt8(ascii: "+")) == .orange)
        let first = digits("0100003949753")
        #expect(SwissCodingLine.documentTypeCode(first) == 1)
        #expect(SwissCodingLine.documentType(1)! == ("CHF", true) && SwissCodingLine.documentType(31)! == ("EUR", false))
        #expect(SwissCodingLine.documentType(2) == nil && SwissCodingLine.documentTypeCode(digits("x1")) == nil)
        #expect(SwissCodingLine.amount(first) == Decimal(string: "3949.75") && SwissCodingLine.amount(digits("042")) == nil)
        #expect(SwissCodingLine.holds(first) && SwissCodingLine.holds(digits("120000000000234478943216899")))
        #expect(!SwissCodingLine.holds(digits("0100003949754")))
        #expect(SwissCodingLine.postalAccount(digits("010001628")) == "01-162-8")
        #expect(SwissCodingLine.postalAccount(digits("010000008")) == "01-0-8")
    }

    @Test func redExample() {
        #expect(SwissCodingLine.slip(first: UInt8(ascii: "+"), second: UInt8(ascii: ">")) == .red)
        #expect(SwissCodingLine.slip(first: UInt8(ascii: ">"), second: UInt8(ascii: ">")) == nil)
        let clearing = SwissCodingLine.clearing(digits("070888854"))
        #expect(clearing?.own == true && clearing?.block == true)
        #expect(SwissCodingLine.clearing(digits("170888854")) == nil && SwissCodingLine.clearing(digits("07088885")) == nil)
        #expect(SwissCodingLine.clearing(digits("070888844"))?.own == false)
        #expect(SwissCodingLine.clearingNumber(digits("070888854")) == "08888")
        #expect(SwissCodingLine.redAccountNumber(digits("000000000000001234567890128")) == "123456789012")
        #expect(SwissCodingLine.redAccountNumber(digits("000000000000000000000000000")) == "0")
    }
}
