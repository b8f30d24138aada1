import Foundation
import GiroCore
@testable import GiroSlovakia
import Testing

/// Record → PAY by square (LZMA through liblzma) → record keeps every payment and account.
@Suite struct PayBySquareEncoderTests {
    func roundTrip(_ r: PaymentRecord, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try PBS.format.encode(r)
        let again = try PBS.format.decode(Payload(bytes: text))
        for (a, b) in zip([again] + again.additionalPayments, [r] + r.additionalPayments) {
            #expect(a.creditor == b.creditor && a.amount == b.amount && a.symbols == b.symbols && a.dueDate == b.dueDate,
                    sourceLocation: sourceLocation)
            #expect(a.standingOrder == b.standingOrder && a.directDebit == b.directDebit && a.reference == b.reference,
                    sourceLocation: sourceLocation)
            #expect(a.remittanceInformation == b.remittanceInformation && a.alternativeAccounts == b.alternativeAccounts,
                    sourceLocation: sourceLocation)
        }
        #expect(again.additionalPayments.count == r.additionalPayments.count, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["bysquare-3", "bysquare-6", "bysquare-7", "bysquare-8"])
    func vectorsRoundTrip(_ name: String) throws {
        try roundTrip(try #require(PBS.record(try PBS.vector(name))))
    }

    @Test(arguments: ["valid-standing-order", "valid-direct-debit", "valid-two-payments", "valid-two-accounts", "valid-creditor-reference"])
    func fixturesRoundTrip(_ name: String) throws {
        try roundTrip(try #require(PBS.record(Golden.fixture(name))))
    }

    @Test func tabsInValuesBecomeSpaces() throws {
        var r = try #require(PBS.record(try PBS.vector("bysquare-7")))
        r.remittanceInformation = "a\tb"
        let again = try PBS.format.decode(Payload(bytes: try PBS.format.encode(r)))
        #expect(again.remittanceInformation == "a b")
    }

    @Test func writesWithoutEndMarkerLikeThe7ZipSDK() throws {
        let data = Array("the quick brown fox".utf8)
        let compressed = try #require(RawLZMA.encode(data))
        // Strict decoding (known size, end marker not allowed) only accepts a stream without it.
        guard case .success(let out) = RawLZMA.decode(compressed[...], knownSize: data.count, limit: 1024) else {
            Issue.record("decode failed"); return
        }
        #expect(out == data)
    }

    @Test func refusesRecordsWithoutIBAN() {
        let r = PaymentRecord(format: "sk.pay-by-square", country: "SK", formatVersion: "1.1.0")
        #expect(throws: GiroError.self) { try PBS.format.encode(r) }
    }
}
