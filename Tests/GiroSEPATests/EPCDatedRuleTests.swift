import Foundation
import GiroCore
import Testing
@testable import GiroSEPA

/// EPC069-12 v3.1 (19 Mar 2024) makes the amount optional: a code without one is uncertain only when judged earlier.
@Suite struct EPCDatedRuleTests {
    static let noAmount = "BCD\n002\n1\nSCT\nBHBLDEHHXXX\nFranz Mustermann\nDE71110220330123456789\n\nGDDS\nRF18539007547034"

    static func decode(_ text: String, on day: String) throws -> PaymentRecord {
        var payload = Payload(text: text)
        payload.asOf = try #require(CalendarDate(iso: day))
        return try EPCQRCode().decode(payload)
    }

    @Test func beforeV31AMissingAmountIsUncertainAndSaysWhenItCeases() throws {
        let r = try Self.decode(Self.noAmount, on: "2024-03-18")
        #expect(r.status == .uncertain && r.amount == nil)
        let d = try #require(r.diagnostics.first)
        #expect(d.code == .amountMissing && d.field == "amount" && d.message.contains("2024-03-19"))
    }

    @Test func fromV31ItIsValid() throws {
        #expect(try Self.decode(Self.noAmount, on: "2024-03-19").diagnostics.isEmpty)
        #expect(try Self.decode(Self.noAmount, on: "2026-11-28").status == .valid)
    }

    @Test func aZeroAmountCountsAsNoAmount() throws {
        let zero = Self.noAmount.replacingOccurrences(of: "789\n\n", with: "789\nEUR0\n")
        #expect(try Self.decode(zero, on: "2024-01-01").diagnostics.map(\.code) == [.amountZero, .amountMissing])
        #expect(try Self.decode(zero, on: "2024-03-19").diagnostics.map(\.code) == [.amountZero])
    }

    @Test func anAmountIsNeverConcerned() throws {
        let r = try Self.decode(Self.noAmount.replacingOccurrences(of: "789\n\n", with: "789\nEUR12.30\n"), on: "2020-01-01")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func theDescriptorDeclaresTheRule() {
        #expect(SEPA.descriptor.datedRules == EPCDatedRules.all)
    }
}
