import GiroCore
import GiroTestSupport
import GiroSerbia
import Testing

/// decode → encode → decode gives the same record (apart from diagnostics and source) for every fixture
/// that decodes; canonical payloads re-encode byte for byte.
@Suite struct IPSEncoderTests {
    static let decodable = IPS.fixtures().filter { $0.expect != "invalid" }.map(\.name)

    @Test func enoughFixtures() { #expect(IPS.fixtures().count >= 15) }

    @Test(arguments: decodable)
    func roundTrip(_ name: String) throws {
        guard let fixture = IPS.fixtures().first(where: { $0.name == name }), let first = IPS.record(fixture.bytes) else { return }
        let encoded = try IPS.format.encode(first)
        guard let second = IPS.record(encoded) else { return }
        #expect(comparable(second) == comparable(first))
        #expect(try IPS.format.encode(second) == encoded)
    }

    @Test func canonicalPayloadReencodesByteForByte() throws {
        let bytes = IPSPayload.bytes()
        #expect(try IPS.format.encode(try #require(IPS.record(bytes))) == bytes)
        let minimal = try IPS.vector("nbs-ips-6")
        #expect(try IPS.format.encode(try #require(IPS.record(minimal))) == minimal)
    }

    @Test func encoderRefusesWhatIPSCannotCarry() throws {
        var r = try #require(IPS.record(IPSPayload.bytes()))
        r.amount = Amount(value: 5, currency: "EUR")
        #expect(throws: GiroError.self) { try IPS.format.encode(r) }
        r.amount = Amount(value: 5, currency: "RSD")
        r.remittanceInformation = "a|b"
        #expect(throws: GiroError.self) { try IPS.format.encode(r) }
        r.remittanceInformation = nil
        r.creditor?.account = Account(number: "160000000000060217")
        #expect(throws: GiroError.self) { try IPS.format.encode(r) }
    }
}
