import Foundation
import Testing
import Giro

/// The fast writer must produce exactly what `JSONEncoder` (sorted keys, unescaped slashes) produces.
@Suite struct JSONWriterTests {
    static func reference<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    @Test func everyFixtureRecordAndErrorMatchesJSONEncoder() throws {
        var compared = 0
        for c in Golden.cases() {
            let bytes = try [UInt8](Data(contentsOf: c.payload))
            switch Result(catching: { () throws(GiroError) in try PaymentDecoder().decode(bytes: bytes) }) {
            case .success(let record):
                #expect(String(decoding: record.jsonBytes(), as: UTF8.self) == (try Self.reference(record)), "\(c.testDescription)")
            case .failure(let error):
                #expect(String(decoding: error.jsonBytes(), as: UTF8.self) == (try Self.reference(error)), "\(c.testDescription)")
            }
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func escapingMatchesJSONEncoder() throws {
        var record = PaymentRecord(format: "x.y", country: nil, formatVersion: nil)
        record.remittanceInformation = "quote \" backslash \\ slash / tab \t nl \n cr \r bell \u{07} nul \u{0} del \u{7F} € 😀 \u{1F}"
        record.extras = ["b": "2", "a": "1", "Z": "0", "ä": "x"]
        record.billInformation = BillInformation(syntax: "S1", raw: "//S1/10/1")
        record.billInformation?.vatDetails = [TaxRate(rate: Decimal(string: "7.7") ?? 0, amount: Decimal(string: "185.65"))]
        record.billInformation?.paymentConditions = [PaymentCondition(discount: 2, days: 10)]
        record.amount = Amount(value: Decimal(string: "12.3") ?? 0, currency: "EUR")
        record.diagnostics = [.warning(.trailingNewline, field: "payload", line: 3, "x")]
        #expect(String(decoding: record.jsonBytes(), as: UTF8.self) == (try Self.reference(record)))
    }

    @Test func batchLinesMatchJSONEncoder() throws {
        let batch = BatchDecoder(jobs: 1)
        let spc = try Data(contentsOf: Golden.payloadRoot.appendingPathComponent("ch.qr-bill/valid-spc-1.txt"))
        let inputs = [
            #"{"id":"a/b","payloadBase64":"\#(spc.base64EncodedString())"}"#,
            #"{"id":7,"payload":"BCD\n001"}"#,
            "plain", "",
        ]
        for (i, line) in inputs.enumerated() {
            let out = batch.decodeLine(Array(line.utf8)[...], lineNumber: i + 1)
            #expect(BatchDecoder.json(out) == (try Self.reference(out)))
        }
    }
}
