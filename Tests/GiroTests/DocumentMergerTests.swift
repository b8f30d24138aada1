import Foundation
import Giro
import GiroTestSupport
import Testing

/// The merge of a document's sources, on hand-made source records (an `xml` source among them: the e-invoice
/// reader is not in this module yet, the merge must already take its records).
@Suite struct DocumentMergerTests {
    static func record(_ format: String, iban: String? = "DE89370400440532013000", amount: Decimal? = 123.45, currency: String = "EUR",
                       reference: String? = "RF18539007547034", name: String? = "Giro Fixture GmbH", status: RecordStatus = .valid) -> PaymentRecord {
        var r = PaymentRecord(format: format, country: "DE", formatVersion: nil, status: status)
        r.creditor = Party(name: name, account: iban.map { Account(iban: $0) })
        r.amount = amount.map { Amount(value: $0, currency: currency) }
        r.reference = reference.map { Reference(type: "iso11649", value: $0, valid: true) }
        return r
    }

    static func sourced(_ source: DocumentSourceKind, _ r: PaymentRecord, page: Int? = 1) -> SourcedRecord {
        SourcedRecord(source: source, page: page, record: r)
    }

    @Test func agreeingSourcesGiveOneValidPaymentWithEveryFieldsSources() {
        let result = DocumentReader.verdict(.pdf, records: [
            Self.sourced(.print, Self.record("slip.unknown", name: nil)),
            Self.sourced(.barcode, Self.record("sepa.epc-qr")),
            Self.sourced(.xml, Self.record("xrechnung", name: "GIRO FIXTURE")),
        ])
        #expect(result.status == .valid)
        #expect(result.mismatches.isEmpty)
        #expect(result.payments.count == 1)
        let p = result.payments[0]
        #expect(p.record.format == "xrechnung")
        #expect(p.inputs == [0, 1, 2])
        #expect(p.sources["creditor.account.iban"] == [.xml, .barcode, .print])
        #expect(p.sources["amount.value"] == [.xml, .barcode, .print])
        #expect(p.sources["amount.currency"] == [.xml, .barcode, .print])
        #expect(p.sources["reference"] == [.xml, .barcode, .print])
        // Legal form and case dropped: "GIRO FIXTURE" is "Giro Fixture GmbH"; the print had no name.
        #expect(p.sources["creditor.name"] == [.xml, .barcode])
    }

    @Test(arguments: [
        ("creditor.account.iban", DocumentMergerTests.record("sepa.epc-qr", iban: "DE02120300000000202051")),
        ("amount.value", DocumentMergerTests.record("sepa.epc-qr", amount: 1123.45)),
        ("amount.currency", DocumentMergerTests.record("sepa.epc-qr", currency: "CHF")),
        ("reference", DocumentMergerTests.record("sepa.epc-qr", reference: "RF712348231")),
        ("creditor.name", DocumentMergerTests.record("sepa.epc-qr", name: "Someone Else Ltd")),
    ])
    func eachComparedFieldThatDiffersIsAMismatchWithBothValuesAndSources(field: String, barcode: PaymentRecord) throws {
        let result = DocumentReader.verdict(.pdf, records: [Self.sourced(.xml, Self.record("xrechnung")), Self.sourced(.barcode, barcode)])
        #expect(result.status == .uncertain)
        #expect(result.payments.count == 1)
        let m = try #require(result.mismatches.first)
        #expect(result.mismatches.count == 1)
        #expect(m.field == field && m.payment == 0)
        #expect(m.values.map(\.source) == [.xml, .barcode])
        #expect(m.values[0].value != m.values[1].value)
        let record = result.payments[0].record
        #expect(record.status == .uncertain)
        #expect(record.diagnostics.contains { $0.code == .documentSourceMismatch && $0.field == field && $0.uncertain })
        #expect(!(result.payments[0].sources[field] ?? []).contains(.barcode))
    }

    @Test func twoBarcodesForTwoPaymentsStayTwoPaymentsEachWithItsPrint() {
        let first = Self.record("sepa.epc-qr"), second = Self.record("sepa.epc-qr", iban: "DE02120300000000202051", amount: 9, reference: nil)
        let result = DocumentReader.verdict(.pdf, records: [
            Self.sourced(.barcode, first), Self.sourced(.barcode, second),
            Self.sourced(.print, Self.record("slip.unknown", iban: "DE02120300000000202051", amount: 9, reference: nil, name: nil)),
            Self.sourced(.print, Self.record("slip.unknown", name: nil)),
        ])
        #expect(result.status == .valid)
        #expect(result.payments.map(\.inputs) == [[0, 3], [1, 2]])
        #expect(result.mismatches.isEmpty)
    }

    @Test func oneRecordPerSourceIsOnePaymentEvenWhenNothingAgrees() {
        // The tamper case with everything changed: the bill is one payment, so every field is reported.
        let result = DocumentReader.verdict(.pdf, records: [
            Self.sourced(.barcode, Self.record("sepa.epc-qr", iban: "DE02120300000000202051", amount: 999, reference: nil, name: "Mallory")),
            Self.sourced(.print, Self.record("slip.unknown", reference: nil, name: nil)),
        ])
        #expect(result.payments.count == 1)
        #expect(result.mismatches.map(\.field) == ["creditor.account.iban", "amount.value"])
        #expect(result.status == .uncertain)
    }

    @Test func aRepeatedPrintIsOneSourceRecordOfThePayment() {
        let print = Self.record("slip.unknown", name: nil)
        let result = DocumentReader.verdict(.pdf, records: [
            Self.sourced(.barcode, Self.record("sepa.epc-qr")), Self.sourced(.print, print), Self.sourced(.print, print, page: 2),
        ])
        #expect(result.payments.count == 1)
        #expect(result.payments[0].inputs == [0, 1, 2])
        #expect(result.status == .valid)
    }

    @Test func fieldsOnlyALowerSourceHasCompleteTheRecord() {
        let result = DocumentReader.verdict(.pdf, records: [
            Self.sourced(.barcode, Self.record("sepa.epc-qr", reference: nil, name: nil)),
            Self.sourced(.xml, Self.record("xrechnung", iban: nil, amount: nil)),
        ])
        let p = result.payments[0]
        #expect(p.record.format == "xrechnung")
        #expect(p.record.creditor?.account?.iban == "DE89370400440532013000")
        #expect(p.record.amount?.value == 123.45)
        #expect(p.sources["amount.value"] == [.barcode])
        #expect(p.sources["reference"] == [.xml])
    }

    @Test func anUncertainPaymentMakesTheDocumentUncertainAndNoPaymentIsNoPayment() {
        let uncertain = DocumentReader.verdict(.image, records: [Self.sourced(.barcode, Self.record("sepa.epc-qr", status: .uncertain), page: nil)])
        #expect(uncertain.status == .uncertain && uncertain.mismatches.isEmpty)
        let none = DocumentReader.verdict(.xml, records: [])
        #expect(none.status == .noPayment && none.payments.isEmpty)
    }

    @Test func aSlipCrossCheckOnAnImageCountsForThePrint() {
        var barcode = Self.record("hr.hub3")
        barcode.source.crossCheck = CrossCheck(winner: "barcode", slipClass: "hr.hub-3a", fields: [
            CrossCheckField(field: "creditor.account.iban", barcode: "DE89370400440532013000", print: "DE89370400440532013000", match: true),
            CrossCheckField(field: "amount", barcode: "123.45 EUR", print: "1123.45 EUR", match: false),
        ])
        let result = DocumentReader.verdict(.image, records: [Self.sourced(.barcode, barcode, page: nil)])
        #expect(result.payments[0].sources["creditor.account.iban"] == [.barcode, .print])
        #expect(result.mismatches.map(\.field) == ["amount.value"])
        #expect(result.mismatches.first?.values.map(\.value) == ["123.45 EUR", "1123.45 EUR"])
        #expect(result.status == .uncertain)
    }

    @Test func theResultRoundTripsThroughJSON() throws {
        let result = DocumentReader.verdict(.pdf, pageCount: 1, records: [
            Self.sourced(.barcode, Self.record("sepa.epc-qr", amount: 1)), Self.sourced(.print, Self.record("slip.unknown")),
        ])
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(DocumentResult.self, from: data) == result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? Int == 1 && object["status"] as? String == "uncertain")
    }
}

@Suite struct PayeeNameMatchingTests {
    @Test(arguments: [
        ("Müller GmbH", "MULLER"), ("Robert Schneider AG", "robert schneider"), ("Zagrebački holding d.o.o.", "ZAGREBACKI HOLDING DOO"),
        ("Kovács és Társa Kft.", "kovacs es tarsa"), ("Acme Ltd", "ACME LIMITED"), ("Firma s.r.o.", "Firma spol. s r.o."),
        ("  O'Brien & Sons,  Inc. ", "O BRIEN SONS"), ("ＡＣＭＥ", "acme"),
    ])
    func namesThatAgree(_ a: String, _ b: String) {
        #expect(PayeeNameMatching.agree(a, b), "\(PayeeNameMatching.normalized(a)) vs \(PayeeNameMatching.normalized(b))")
    }

    @Test(arguments: [("Müller GmbH", "Möller GmbH"), ("Acme Ltd", "Acme Trading Ltd"), ("Robert Schneider", "Schneider Robert"), ("AG", "GmbH")])
    func namesThatDiffer(_ a: String, _ b: String) {
        #expect(!PayeeNameMatching.agree(a, b))
    }

    @Test func aNameThatIsOnlyALegalFormKeepsIt() {
        #expect(PayeeNameMatching.normalized("GmbH") == "GMBH")
    }
}
