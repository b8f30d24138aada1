import GiroCore
import GiroTestSupport
import GiroCroatia
import Testing

/// decode → encode → decode gives the same record (apart from diagnostics and source) for every fixture
/// that decodes; canonical payloads re-encode byte for byte.
@Suite struct HUB3EncoderTests {
    static let decodable = HUB3.fixtures().filter { $0.expect != "invalid" }.map(\.name)

    @Test func enoughFixtures() { #expect(HUB3.fixtures().count >= 15) }

    @Test(arguments: decodable)
    func roundTrip(_ name: String) throws {
        guard let fixture = HUB3.fixtures().first(where: { $0.name == name }), let first = HUB3.record(fixture.bytes) else { return }
        if first.warnings.contains(where: { $0.code == .fieldTooLong }) {
            #expect(throws: GiroError.self) { try HUB3.format.encode(first) }
            return
        }
        let encoded = try HUB3.format.encode(first)
        guard let second = HUB3.record(encoded) else { return }
        #expect(comparable(second) == comparable(first))
        #expect(try HUB3.format.encode(second) == encoded)
    }

    @Test func canonicalPayloadReencodesByteForByte() throws {
        let bytes = HUB3Payload.bytes()
        let r = try #require(HUB3.record(bytes))
        #expect(try HUB3.format.encode(r) == bytes)
        let noReference = HUB3Payload.changed([10: "HR99", 11: ""])
        #expect(try HUB3.format.encode(try #require(HUB3.record(noReference))) == noReference)
    }

    @Test func encoderRefusesWhatHUB3CannotCarry() throws {
        var r = try #require(HUB3.record(HUB3Payload.bytes()))
        r.amount = Amount(value: 5, currency: "USD")
        #expect(throws: GiroError.self) { try HUB3.format.encode(r) }
        r.amount = Amount(value: HUB3.decimal("1.005"), currency: "EUR")
        #expect(throws: GiroError.self) { try HUB3.format.encode(r) }
        r.amount = Amount(value: 1, currency: "EUR")
        r.creditor?.account = nil
        #expect(throws: GiroError.self) { try HUB3.format.encode(r) }
    }
}
