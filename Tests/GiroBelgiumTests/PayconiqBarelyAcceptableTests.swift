import GiroCore
@testable import GiroBelgium
import GiroTestSupport
import Testing

/// Tolerated deviations: each decodes with one named warning and the same payment data.
@Suite struct PayconiqBarelyAcceptableTests {
    static let clean = Payconiq.record(PayconiqTests.staticQR)

    func expectTolerated(_ text: String, _ codes: [ErrorCode], sourceLocation: SourceLocation = #_sourceLocation) {
        PolicyExpectations.expectTolerated(Payconiq.record(text, sourceLocation: sourceLocation), codes, sameAs: Self.clean,
                                           in: [.field(\.amount), .field(\.reference)], sourceLocation: sourceLocation)
    }

    @Test func trailingNewline() { expectTolerated(PayconiqTests.staticQR + "\r\n", [.whitespaceTrimmed]) }
    @Test func byteOrderMark() {
        guard let r = Payconiq.record([0xEF, 0xBB, 0xBF] + Array(PayconiqTests.staticQR.utf8)) else { return }
        #expect(r.warnings.map(\.code) == [.byteOrderMark] && r.amount == Self.clean?.amount)
    }
    @Test func repeatedParameterFirstWins() { expectTolerated(PayconiqTests.staticQR + "&A=99", [.duplicateKey]) }

    @Test func placeholderOGMKeptAsOtherUncertain() {
        // ogm-7, the widely copied +++123/4567/89012+++: its check is 02.
        let r = Payconiq.record("https://payconiq.com/t/1/x?reference=%2B%2B%2B123%2F4567%2F89012%2B%2B%2B")
        #expect(Payconiq.warnings(r) == ["reference_invalid_checksum"] && r?.reference?.type == .other && r?.status == .uncertain)
    }

    @Test func unknownParametersKeptInExtras() {
        let r = Payconiq.record("https://payconiq.com/t/1/x?lang=nl&A=100")
        #expect(r?.extras["be.query.lang"] == "nl" && Payconiq.warnings(r).isEmpty)
    }
}
