import Foundation
import GiroCore
import Testing
@testable import GiroSwitzerland

/// IG QR-bill 2.3 (combined addresses, 21 Nov 2025) and 2.4 (QR reference only in CHF, 14 Nov 2026), judged on the
/// day before, the day of and long before each change.
@Suite struct SPCDatedRuleTests {
    static func decode(_ lines: [String], on day: String) throws -> PaymentRecord {
        var payload = Payload(bytes: SPC.bytes(lines))
        payload.asOf = try #require(CalendarDate(iso: day))
        return try SwissQRBill().decode(payload)
    }

    static let qrrInEUR = SPC.with(SPC.qr, [19: "EUR"])
    static let combined = SPC.with(SPC.base, [4: "K", 6: "Rue du Lac 1268", 7: "2501 Biel", 8: "", 9: ""])

    @Test func qrReferenceInEURIsUncertainFromIG24() throws {
        let r = try Self.decode(Self.qrrInEUR, on: "2026-11-14")
        #expect(r.status == .uncertain && r.amount?.currency == "EUR" && r.reference?.type == .qrReference)
        let d = try #require(r.diagnostics.first)
        #expect(d.code == .qrReferenceRequiresCHF && d.severity == .warning && d.uncertain)
        #expect(d.field == "amount.currency" && d.line == 20)
        #expect(d.message.contains("IG QR-bill 2.4") && d.message.contains("2026-11-14"))
    }

    @Test func qrReferenceInEURTheDayBeforeIsValidWithAnInfo() throws {
        let r = try Self.decode(Self.qrrInEUR, on: "2026-11-13")
        #expect(r.status == .valid && r.warnings.isEmpty)
        #expect(r.diagnostics.map(\.code) == [.qrReferenceRequiresCHF] && r.diagnostics.first?.severity == .info)
    }

    @Test func qrReferenceInEURLongBeforeIsPlainValid() throws {
        #expect(try Self.decode(Self.qrrInEUR, on: "2026-06-01").diagnostics.map(\.severity) == [.info])
        #expect(try Self.decode(Self.qrrInEUR, on: "2025-06-01").diagnostics.isEmpty)
    }

    @Test func otherPairingsAreNotConcerned() throws {
        #expect(try Self.decode(SPC.qr, on: "2026-11-14").diagnostics.isEmpty)
        #expect(try Self.decode(SPC.with(SPC.scor, [19: "EUR"]), on: "2026-11-14").diagnostics.isEmpty)
        #expect(try Self.decode(SPC.with(SPC.base, [19: "EUR"]), on: "2026-11-14").diagnostics.isEmpty)
    }

    @Test func combinedAddressesFromIG23() throws {
        let on = try Self.decode(Self.combined, on: "2025-11-21")
        #expect(on.status == .uncertain && on.creditor?.address?.lines == ["Rue du Lac 1268", "2501 Biel"])
        #expect(on.diagnostics.first?.code == .addressCombinedDeprecated && on.diagnostics.first?.line == 5)
        let before = try Self.decode(Self.combined, on: "2025-11-20")
        #expect(before.status == .valid && before.diagnostics.first?.severity == .info)
        #expect(try Self.decode(Self.combined, on: "2024-06-01").diagnostics.isEmpty)
    }

    @Test func bothRulesAtOnce() throws {
        let r = try Self.decode(SPC.with(Self.combined, [3: "CH4431999123000889012", 19: "EUR", 27: "QRR",
                                                         28: "210000000003139471430009017"]), on: "2026-06-01")
        // IG 2.3 in force (warning), IG 2.4 within 12 months (info).
        #expect(r.diagnostics.map(\.code) == [.addressCombinedDeprecated, .qrReferenceRequiresCHF])
        #expect(r.diagnostics.map(\.severity) == [.warning, .info] && r.status == .uncertain)
    }

    @Test func theDescriptorDeclaresTheRulesTheDecoderUses() {
        #expect(Switzerland.descriptor.datedRules == SPCDatedRules.all)
        #expect(SPCDatedRules.all.allSatisfy { $0.format == SwissQRBill().id })
    }
}
