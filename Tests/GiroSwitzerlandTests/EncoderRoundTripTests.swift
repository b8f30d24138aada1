import GiroCore
import GiroTestSupport
import GiroSwitzerland
import Testing

/// `encode` writes canonical SPC (LF, no trailing separator); decode(encode(decode(x))) == decode(x)
/// apart from diagnostics and source, for every valid and tolerated fixture.
@Suite struct EncoderRoundTripTests {
    static let decodable = SPC.fixtures().filter { $0.expect != "invalid" }.map(\.name)

    @Test(arguments: decodable)
    func roundTrip(_ name: String) throws {
        guard let fixture = SPC.fixtures().first(where: { $0.name == name }),
              let first = SPC.record(fixture.bytes) else { return }
        // An unknown major version is read, never written.
        if first.warnings.contains(where: { $0.code == .versionUnknown }) {
            #expect(throws: GiroError.self) { try SPC.format.encode(first) }
            return
        }
        let encoded = try SPC.format.encode(first)
        guard let second = SPC.record(encoded) else { return }
        #expect(comparable(second) == comparable(first))
        // Canonical output: LF only, no trailing separator, re-encoding is stable.
        #expect(!encoded.contains(0x0D))
        #expect(encoded.last != 0x0A)
        #expect(try SPC.format.encode(second) == encoded)
        // Layout-only tolerances disappear; the data-level ones stay.
        let layout: Set<String> = ["byte_order_mark", "nul_padding", "line_ending_cr", "line_ending_crcrlf", "line_endings_mixed",
                                   "trailing_newline", "trailing_empty_lines", "iban_spaces", "iban_lowercase",
                                   "reference_not_compact", "unicode_normalized", "charset_fallback"]
        #expect(Set(SPC.warningCodes(second)).isDisjoint(with: layout))
    }

    @Test func validFixturesReencodeByteForByteWhenCanonical() throws {
        let base = SPC.bytes(SPC.base)
        guard let r = SPC.record(base) else { return }
        #expect(try SPC.format.encode(r) == base)
        let qr = SPC.bytes(SPC.qr + ["//S1/10/1", "eBill/B/x@y.ch"])
        guard let q = SPC.record(qr) else { return }
        #expect(try SPC.format.encode(q) == qr)
    }

    @Test func openAmountNeedsCurrency() throws {
        guard var r = SPC.record(SPC.with(SPC.base, [18: ""])) else { return }
        #expect(try SPC.format.encode(r) == SPC.bytes(SPC.with(SPC.base, [18: ""])))
        r.extras = [:]
        #expect(throws: GiroError.self) { try SPC.format.encode(r) }
    }

    @Test func s1IsEncodedFromFieldsWhenRawIsEmpty() throws {
        let text = "//S1/10/X.66711\\/8824/11/200630/20/140.000-53/30/102673831/31/200101201231/32/8:1000;2.5:51.8/33/7.7:9.3/40/2:10;0:30"
        guard var r = SPC.record(SPC.base + [text]), let info = r.billInformation else { return }
        var stripped = info
        stripped.raw = ""
        r.billInformation = stripped
        let encoded = try SPC.format.encode(r)
        let again = SPC.record(encoded)
        var expected = info
        expected.raw = again?.billInformation?.raw ?? ""
        #expect(again?.billInformation == expected)
        #expect(again?.billInformation?.raw == text)
    }

    @Test func encoderRejectsWhatTheDecoderRejects() {
        guard let r = SPC.record(SPC.base) else { return }
        var noIBAN = r
        noIBAN.creditor?.account = nil
        #expect(throws: GiroError.self) { try SPC.format.encode(noIBAN) }
        var usd = r
        usd.amount = Amount(value: 1, currency: "USD")
        #expect(throws: GiroError.self) { try SPC.format.encode(usd) }
        var tooPrecise = r
        tooPrecise.amount = Amount(value: SPC.decimal("1.005"), currency: "CHF")
        #expect(throws: GiroError.self) { try SPC.format.encode(tooPrecise) }
        var lineBreak = r
        lineBreak.remittanceInformation = "two\nlines"
        #expect(throws: GiroError.self) { try SPC.format.encode(lineBreak) }
        var threeSchemes = r
        threeSchemes.alternativeSchemes = ["a", "b", "c"]
        #expect(throws: GiroError.self) { try SPC.format.encode(threeSchemes) }
        var other = r
        other.reference = Reference(type: .other, value: "123", valid: nil)
        #expect(throws: GiroError.self) { try SPC.format.encode(other) }
    }

    @Test func qrrAndScorReferenceTypes() throws {
        for lines in [SPC.qr, SPC.scor] {
            guard let r = SPC.record(lines) else { continue }
            #expect(try SPC.format.encode(r) == SPC.bytes(lines))
        }
    }
}
