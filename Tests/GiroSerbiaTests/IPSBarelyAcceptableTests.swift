import GiroCore
import GiroTestSupport
import GiroSerbia
import Testing

/// Deviations seen in the wild (generators, bank apps): decoded with one named warning, same payment data; and
/// every class of docs/decoding-policy.md that applies to IPS QR with its code, severity, uncertainty and status.
@Suite struct IPSBarelyAcceptableTests {
    static let clean = IPS.record(IPSPayload.bytes())

    func expectTolerated(_ bytes: [UInt8], _ codes: [ErrorCode], sourceLocation: SourceLocation = #_sourceLocation) {
        let r = PolicyExpectations.expectTolerated(IPS.record(bytes, sourceLocation: sourceLocation), codes, sameAs: Self.clean,
                                                   in: [.field(\.creditor)], sourceLocation: sourceLocation)
        #expect(r == nil || r?.amount?.currency == "RSD", sourceLocation: sourceLocation)
    }

    @Test func tagsOutOfOrder() {
        var t = IPSPayload.base
        t.swapAt(4, 5)
        expectTolerated(IPSPayload.bytes(t), [.ipsTagOrder])
    }

    @Test func unknownTagKept() {
        let r = IPS.expectPolicy(IPSPayload.bytes(IPSPayload.base + [("XX", "test")]), .unknownKey, uncertain: false, status: .valid)
        #expect(r?.extras["rs.unknown.XX"] == "test" && IPS.warningCodes(r) == ["unknown_key"] && r?.creditor == Self.clean?.creditor)
    }

    @Test func unknownMajorVersionReadWithTheNewestRules() {
        let r = IPS.expectPolicy(IPSPayload.changed("V", "02"), .versionUnknown, uncertain: true, status: .uncertain)
        #expect(r?.formatVersion == "02" && r?.amount == Self.clean?.amount && r?.creditor == Self.clean?.creditor)
    }

    @Test func missingPayeeNameKept() {
        let r = IPS.expectPolicy(IPSPayload.changed("N", nil), .fieldMissing, uncertain: true, status: .uncertain)
        #expect(r?.creditor?.name == nil && r?.creditor?.account == Self.clean?.creditor?.account)
    }

    @Test func placeholderPayerAccountDropped() {
        let bytes = IPSPayload.bytes(IPSPayload.base.prefix(6) + [("O", "000000000000000000")] + IPSPayload.base.dropFirst(6))
        let r = IPS.expectPolicy(bytes, .placeholderValue, uncertain: false, status: .valid)
        #expect(r?.debtor?.account == nil && r?.debtor?.name == "SAVVAS RADEVIĆ")
    }

    @Test func cosmeticAndTooLongAreValid() {
        IPS.expectPolicy(IPSPayload.changed("RO", "97 08 2240113797893"), .referenceNotCompact, uncertain: false, status: .valid)
        IPS.expectPolicy(IPSPayload.changed("S", String(repeating: "x", count: 36)), .fieldTooLong, uncertain: false, status: .valid)
        IPS.expectPolicy([0xEF, 0xBB, 0xBF] + IPSPayload.bytes(), .byteOrderMark, uncertain: false, status: .valid)
    }

    @Test func emptyOptionalTag() { expectTolerated(IPSPayload.bytes(IPSPayload.base + [("RL", "")]), [.ipsEmptyTag]) }

    @Test func trailingPipe() { expectTolerated(Array((IPSPayload.text(IPSPayload.base) + "|").utf8), [.ipsEmptySegment]) }

    @Test func doublePipe() {
        let text = IPSPayload.text(IPSPayload.base).replacingOccurrences(of: "|SF:", with: "||SF:")
        expectTolerated(Array(text.utf8), [.ipsEmptySegment])
    }

    @Test func trailingNewline() { expectTolerated(Array((IPSPayload.text(IPSPayload.base) + "\r\n").utf8), [.whitespaceTrimmed]) }

    @Test func byteOrderMark() { expectTolerated([0xEF, 0xBB, 0xBF] + IPSPayload.bytes(), [.byteOrderMark]) }

    @Test func amountWithoutComma() {
        let r = IPS.record(IPSPayload.changed("I", "RSD100"))
        #expect(r?.amount?.value == 100 && IPS.warningCodes(r) == ["ips_amount_no_comma"])
    }

    @Test func hyphenatedAccount() {
        var t = IPSPayload.base
        t[3].1 = "160-0000000000602-16"
        expectTolerated(IPSPayload.bytes(t), [.ipsAccountNotCompact])
        t[3].1 = "840-955845-10"
        #expect(IPS.record(IPSPayload.bytes(t))?.creditor?.account?.iban == "RS35840000000095584510")
    }

    @Test func invalidPayerAccountKept() {
        let r = IPS.record(IPSPayload.bytes(IPSPayload.base.prefix(6) + [("O", "123")] + IPSPayload.base.dropFirst(6)))
        #expect(r?.debtor?.account == Account(number: "123") && IPS.warningCodes(r) == ["ips_account_invalid"])
    }

    @Test func referenceWithSpaces() {
        let r = IPS.record(IPSPayload.changed("RO", "97 08 2240113797893"))
        #expect(r?.reference?.value == "97082240113797893" && r?.reference?.valid == true)
        #expect(IPS.warningCodes(r) == ["reference_not_compact"])
    }

    @Test func unknownModel() {
        let r = IPS.expectPolicy(IPSPayload.changed("RO", "121234"), .referenceModelUnknown, uncertain: true, status: .uncertain)
        #expect(r?.reference?.valid == nil && IPS.warningCodes(r) == ["reference_model_unknown"])
    }

    @Test func overLongPurpose() {
        let r = IPS.record(IPSPayload.changed("S", String(repeating: "x", count: 36)))
        #expect(IPS.warningCodes(r) == ["field_too_long"])
    }

    @Test func payerPresentedCode() {
        let tags: [(String, String)] = [("K", "PK"), ("V", "01"), ("C", "1"), ("I", "RSD100,00"), ("O", "840000000095584510"),
                                        ("P", "Petar"), ("M", "5411"), ("JS", "12345"), ("RK", "AB12")]
        let r = IPS.record(IPSPayload.bytes(tags))
        #expect(r?.debtor?.account?.iban == "RS35840000000095584510" && r?.extras["rs.payerReference"] == "AB12")
        #expect(IPS.warningCodes(r) == ["ips_payer_presented"] && r?.status == .uncertain)
    }

    @Test func nonConformantGeneratorVector() throws {
        let r = try #require(IPS.record(try IPS.vector("nbs-ips-5")))
        #expect(IPS.warningCodes(r) == ["ips_tag_order", "unknown_key"])
        #expect(r.amount?.value == 1295 && r.creditor?.name == "JEST Ltd., Test")
    }

    @Test func rejectionsOfThePolicyCarryThePartialRecord() {
        // Model 97 whose check digits fail; a domestic payee account whose control digits fail.
        let e = IPS.expectRejection(IPSPayload.changed("RO", "97082240113797894"), .referenceInvalidChecksum)
        #expect(e?.partial?.creditor == Self.clean?.creditor && e?.partial?.purpose == "189")
        let account = IPS.expectRejection(IPSPayload.changed("R", "160000000000060217"), .ipsAccountInvalid)
        #expect(account?.partial?.extras["rs.kind"] == "PR" && account?.partial?.creditor == nil)
    }
}
