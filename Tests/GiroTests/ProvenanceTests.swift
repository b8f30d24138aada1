import Foundation
import Giro
import GiroTestSupport
import Testing

/// `PaymentRecord.provenance`: its JSON, when it is written, and how documents merge it.
@Suite struct ProvenanceTests {
    static func record() -> PaymentRecord {
        var r = DocumentMergerTests.record("sepa.epc-qr")
        r.provenance = [FieldProvenance(field: "creditor.account.iban", source: .barcode, confidence: 0.99, box: [1, 2, 30, 40], page: 1),
                        FieldProvenance(field: "amount", source: .callerOCR, confidence: 0.9, box: nil, page: nil),
                        FieldProvenance(field: "reference", source: .xml, confidence: 1, box: nil, page: nil),
                        FieldProvenance(field: "creditor.name", source: .print, confidence: 0.07, box: [0, 0, 1, 1], page: 3)]
        return r
    }

    @Test func writerAndEncoderAgreeAndItRoundTrips() throws {
        let r = Self.record()
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let viaEncoder = String(decoding: try e.encode(r), as: UTF8.self)
        #expect(r.jsonString() == viaEncoder)
        #expect(viaEncoder.contains(#""provenance":[{"box":[1,2,30,40],"confidence":0.99,"field":"creditor.account.iban","page":1,"source":"barcode"}"#))
        #expect(viaEncoder.contains(#""confidence":1,"field":"reference""#))
        #expect(viaEncoder.contains(#""confidence":0.07"#))
        #expect(viaEncoder.contains(#""source":"caller-ocr""#))
        let back = try JSONDecoder().decode(PaymentRecord.self, from: Data(r.jsonBytes()))
        #expect(back == r)
    }

    @Test func confidenceIsClampedToHundredths() {
        #expect(FieldProvenance(field: "amount", source: .print, confidence: 1.7).confidence == 1)
        #expect(FieldProvenance(field: "amount", source: .print, confidence: -3).confidence == 0)
        #expect(FieldProvenance(field: "amount", source: .print, confidence: .nan).confidence == 0)
        #expect(FieldProvenance(field: "amount", source: .print, confidence: 0.876).confidence == 0.88)
    }

    /// A payload decoded as given has no provenance key: its bytes are those of schema 2 before the key.
    @Test func aPayloadRecordHasNone() throws {
        let payload = "BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\n"
        let r = try PaymentDecoder().decode(Payload(text: payload))
        #expect(r.provenance.isEmpty)
        #expect(!r.jsonString().contains("provenance"))
    }

    /// An agreeing second source raises a field's confidence; a contradicting one lowers it.
    @Test func documentsMergeProvenance() {
        var print = DocumentMergerTests.record("slip.unknown")
        print.provenance = [FieldProvenance(field: "creditor.account.iban", source: .print, confidence: 0.9, box: [0, 0, 9, 9], page: 1),
                            FieldProvenance(field: "amount", source: .print, confidence: 0.8, box: [0, 9, 9, 9], page: 1)]
        var barcode = DocumentMergerTests.record("sepa.epc-qr", amount: 99)
        barcode.provenance = [FieldProvenance(field: "creditor.account.iban", source: .barcode, confidence: 0.9, box: [50, 50, 9, 9], page: 1),
                              FieldProvenance(field: "amount", source: .barcode, confidence: 0.99, box: [50, 50, 9, 9], page: 1)]
        let result = DocumentReader.verdict(.pdf, records: [DocumentMergerTests.sourced(.print, print), DocumentMergerTests.sourced(.barcode, barcode)])
        let p = result.payments[0].record.provenance
        let iban = p.first { $0.field == "creditor.account.iban" }
        #expect(iban?.source == .barcode && iban?.confidence == 0.99)   // 1 − 0.1 × 0.1, at most 0.99
        let amount = p.first { $0.field == "amount" }
        #expect(amount?.source == .barcode && amount?.confidence == 0.3)   // the print says otherwise
        // A record without provenance of its own (a custom source) gets its source's.
        let xml = DocumentMergerTests.record("xrechnung")
        let single = DocumentReader.verdict(.xml, records: [DocumentMergerTests.sourced(.xml, xml, page: nil)])
        #expect(single.payments[0].record.provenance.allSatisfy { $0.source == .xml && $0.confidence == 0.99 && $0.page == nil })
    }
}
