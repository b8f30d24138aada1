import GiroCore
@testable import GiroNetherlands
import GiroTestSupport
import Testing

@Suite struct DutchPaymentLinkBarelyAcceptableTests {
    static let clean = NLLink.record(DutchPaymentLinkTests.ideal)

    func expectTolerated(_ text: String, _ codes: [ErrorCode], sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(NLLink.record(text, sourceLocation: sourceLocation), codes, sameAs: Self.clean,
                                           in: [.field(\.amount), .field(\.creditor)], sourceLocation: sourceLocation)
    }

    @Test func surroundingWhitespace() { expectTolerated("  " + DutchPaymentLinkTests.ideal + "\n", [.whitespaceTrimmed]) }
    @Test func ibanWithSpacesAndLowerCase() {
        expectTolerated(DutchPaymentLinkTests.ideal.replacingOccurrences(of: "NL91ABNA0417164300", with: "nl91+abna+0417+1643+00"), [.ibanSpaces])
    }
    @Test func repeatedParameter() { expectTolerated(DutchPaymentLinkTests.ideal + "&amount=99", [.duplicateKey]) }

    @Test func elfproefKenmerkKeptUncertain() {
        // nl-betalingskenmerk-3: valid under elfproef's swapped 10/11 rule, invalid under the official one.
        let r = NLLink.record("https://ideal.nl/betalen?kenmerk=173456789")
        #expect(NLLink.warnings(r) == ["reference_invalid_checksum"] && r?.reference?.value == "173456789" && r?.reference?.type == .other)
    }

    @Test func amountZeroIsInfo() {
        let r = NLLink.record("https://ideal.nl/betalen?amount=0")
        #expect(r?.diagnostics.map(\.code) == [.amountZero, .paymentLink] && NLLink.warnings(r).isEmpty)
    }

    @Test func nationalCheckFailureKept() {
        // A Belgian IBAN whose mod 97 holds but whose national check (bank + account mod 97) does not.
        let r = NLLink.record("https://ideal.nl/betalen?iban=BE41539007547035")
        #expect(NLLink.warnings(r) == ["iban_invalid_national_check"] && r?.creditor?.account?.iban == "BE41539007547035")
    }
}
