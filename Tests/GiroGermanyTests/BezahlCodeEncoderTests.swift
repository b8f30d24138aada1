import Foundation
import GiroCore
import GiroGermany
import GiroTestSupport
import Testing

/// record → URI → the same record, for every fixture that decodes.
@Suite struct BezahlCodeEncoderTests {
    @Test(arguments: BC.fixtures().map(\.name))
    func roundTrip(_ name: String) throws {
        guard let bytes = BC.fixtures().first(where: { $0.name == name })?.bytes,
              case .success(let record) = BC.decode(bytes) else { return }
        let encoded = try BezahlCode().encode(record)
        let again = try #require(BC.record(encoded))
        #expect(comparable(again) == comparable(record), "\(String(decoding: encoded, as: UTF8.self))")
    }

    @Test func writesCanonicalURI() throws {
        var r = PaymentRecord(format: "de.bezahlcode", country: "DE", formatVersion: nil)
        r.creditor = Party(name: "Franz Müller & Söhne", account: Account(iban: "DE89370400440532013000", bic: "COBADEFFXXX"))
        r.amount = Amount(value: Decimal(string: "1234.5") ?? 0, currency: "EUR")
        r.remittanceInformation = "Rechnung 1/2"
        let text = String(decoding: try BezahlCode().encode(r), as: UTF8.self)
        #expect(text == "bank://singlepaymentsepa?name=Franz%20M%C3%BCller%20%26%20S%C3%B6hne&iban=DE89370400440532013000&bic=COBADEFFXXX&amount=1234,50&currency=EUR&reason=Rechnung%201%2F2")
    }

    @Test func refusesWhatBezahlCodeCannotCarry() {
        var r = PaymentRecord(format: "de.bezahlcode", country: "DE", formatVersion: nil)
        #expect(throws: GiroError.self) { try BezahlCode().encode(r) }
        r.creditor = Party(name: "A", account: Account(iban: "DE89370400440532013000"))
        r.amount = Amount(value: Decimal(string: "0.001") ?? 0, currency: "EUR")
        #expect(throws: GiroError.self) { try BezahlCode().encode(r) }
    }
}
