import Foundation
import GiroCore
import GiroCzechia
import Testing

/// Record → SPAYD → record keeps the payment data; the written CRC32 verifies.
@Suite struct SPAYDEncoderTests {
    func roundTrip(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try #require(CZ.record(text, sourceLocation: sourceLocation))
        let bytes = try CZ.spayd.encode(r)
        let again = try CZ.spayd.decode(Payload(bytes: bytes))
        #expect(again.warnings.isEmpty, "\(again.warnings)", sourceLocation: sourceLocation)
        #expect(again.extras["cz.crc32"] != nil, sourceLocation: sourceLocation)
        #expect(again.creditor == r.creditor && again.amount == r.amount && again.symbols == r.symbols, sourceLocation: sourceLocation)
        #expect(again.dueDate == r.dueDate && again.standingOrder == r.standingOrder && again.directDebit == r.directDebit,
                sourceLocation: sourceLocation)
        #expect(again.remittanceInformation == r.remittanceInformation && again.reference == r.reference, sourceLocation: sourceLocation)
        #expect(again.alternativeAccounts == r.alternativeAccounts, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["spayd-1", "spayd-2", "spayd-3", "spayd-4", "spayd-5", "spayd-7", "spayd-8"])
    func vectorsRoundTrip(_ name: String) throws {
        try roundTrip(String(decoding: try CZ.vector(name), as: UTF8.self))
    }

    @Test func specialCharactersArePercentEncoded() throws {
        var r = try #require(CZ.record(CZ.base))
        r.remittanceInformation = "Žluťoučký kůň * 100 % +"
        let text = String(decoding: try CZ.spayd.encode(r), as: UTF8.self)
        #expect(text.contains("MSG:%C5%BDlu%C5%A5ou%C4%8Dk%C3%BD k%C5%AF%C5%88 %2A 100 %25 +*"))
        #expect(try CZ.spayd.decode(Payload(text: text)).remittanceInformation == "Žluťoučký kůň * 100 % +")
    }

    @Test func missingIBANIsRefused() {
        let r = PaymentRecord(format: "cz.spayd", country: "CZ", formatVersion: "1.0")
        #expect(throws: GiroError.self) { try CZ.spayd.encode(r) }
    }
}
