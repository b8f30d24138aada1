import GiroCore
import GiroTestSupport
import GiroSlovenia
import Testing

/// decode → encode → decode gives the same record (apart from diagnostics and source) for every
/// fixture that decodes; canonical payloads re-encode byte for byte.
@Suite struct UPNQREncoderTests {
    /// The control sum and reserve depend on the payload's form, not on the payment.
    static func comparable(_ r: PaymentRecord) -> PaymentRecord {
        var c = GiroTestSupport.comparable(r)
        c.extras["si.checksum"] = nil
        c.extras["si.reserve"] = nil
        return c
    }

    static let decodable = UPN.fixtures().filter { $0.expect != "invalid" }.map(\.name)

    @Test func enoughFixtures() { #expect(UPN.fixtures().count >= 15) }

    @Test(arguments: decodable)
    func roundTrip(_ name: String) throws {
        guard let fixture = UPN.fixtures().first(where: { $0.name == name }), let first = UPN.record(fixture.bytes) else { return }
        // Over-long fields cannot be re-encoded; everything else must be.
        if first.warnings.contains(where: { $0.code == .fieldTooLong }) {
            #expect(throws: GiroError.self) { try UPN.format.encode(first) }
            return
        }
        let encoded = try UPN.format.encode(first)
        guard let second = UPN.record(encoded) else { return }
        #expect(Self.comparable(second) == Self.comparable(first))
        #expect(try UPN.format.encode(second) == encoded)
    }

    @Test func canonicalPayloadReencodesByteForByte() throws {
        let bytes = UPNPayload.bytes()
        let r = try #require(UPN.record(bytes))
        #expect(try UPN.format.encode(r) == bytes)
    }

    @Test func encoderRefusesWhatUPNCannotCarry() throws {
        var r = try #require(UPN.record(UPNPayload.bytes()))
        r.amount = Amount(value: 5, currency: "USD")
        #expect(throws: GiroError.self) { try UPN.format.encode(r) }
        r.amount = Amount(value: UPN.decimal("1.005"), currency: "EUR")
        #expect(throws: GiroError.self) { try UPN.format.encode(r) }
        r.amount = Amount(value: 1, currency: "EUR")
        r.creditor?.name = "Ωmega"
        #expect(throws: GiroError.self) { try UPN.format.encode(r) }
    }
}
