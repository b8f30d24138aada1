import Foundation
import GiroTestSupport
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

        // Schema 2 parts, every member set (the fixtures leave many of them null).
        record.symbols = PaymentSymbols(variable: "1", constant: "0308", specific: "2")
        record.alternativeAccounts = [Account(iban: "SK3112000000198742637541", bic: "SUBASKBX", number: "19-8742637541/1200", bankCode: "1200")]
        record.standingOrder = StandingOrder(frequency: "monthly", frequencyCode: "m", day: 15, months: [1, 7, 10],
                                             firstDate: "2026-01-15", lastDate: "2027-01-15", stopOnDeath: true)
        var dd = DirectDebit()
        (dd.scheme, dd.type, dd.mandateID, dd.creditorID, dd.contractID) = ("sepa", "recurrent", "M/1", "SK12ZZZ", "C \"9\"")
        (dd.limitPeriod, dd.validFrom, dd.validTill, dd.reference, dd.stopOnDeath) = ("monthly", "2026-01-01", "2027-01-01", "E2E", false)
        dd.maxAmount = Amount(value: Decimal(string: "200.5") ?? 0, currency: "EUR")
        dd.symbols = PaymentSymbols(variable: "7")
        record.directDebit = dd
        var invoice = Invoice(syntax: "SID", raw: "SID*1.0*ID:1")
        (invoice.id, invoice.issueDate, invoice.taxPointDate, invoice.taxDeclarationDate, invoice.dueDate) = ("1/2", "2024-01-05", "2024-01-05", "2024-01-10", "2024-01-19")
        (invoice.totalAmount, invoice.nonTaxableAmount, invoice.exchangeRate, invoice.foreignCurrencyUnits) = (Decimal(string: "1210"), Decimal(string: "-0.24"), Decimal(string: "25.123"), 1)
        (invoice.currency, invoice.taxPerformance, invoice.documentType, invoice.includesAdvances, invoice.variableSymbol) = ("CZK", "0", "9", true, "42")
        (invoice.sellerVATID, invoice.sellerCompanyID, invoice.buyerVATID, invoice.buyerCompanyID) = ("CZ1", "1", "CZ2", "2")
        (invoice.software, invoice.url, invoice.unknownTags) = ("Giro", "https://x/y", ["X-B": "2", "X-A": "1"])
        invoice.taxes = [InvoiceTax(rateClass: "standard", base: 1000, tax: 210), InvoiceTax(rateClass: "reduced1", base: nil, tax: Decimal(string: "0.5"))]
        invoice.account = Account(iban: "CZ5855000000001265098001", bic: "RZBCCZPP")
        record.invoice = invoice
        record.additionalPayments = [record]
        #expect(String(decoding: record.jsonBytes(), as: UTF8.self) == (try Self.reference(record)))
        let back = try JSONDecoder().decode(PaymentRecord.self, from: Data(record.jsonBytes()))
        #expect(back == record)
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
