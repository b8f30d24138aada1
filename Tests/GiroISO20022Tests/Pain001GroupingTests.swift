import Foundation
import Giro
import GiroTestSupport
import Testing

/// One payment block per execution date; counts and control sums add up at both levels.
@Suite struct Pain001GroupingTests {
    static func record(_ amount: String, due: String?) -> PaymentRecord {
        var r = Pain001RefusalTests.transfer(amount: amount)
        r.dueDate = due
        return r
    }

    @Test func blocksPerExecutionDate() throws {
        let records = [Self.record("10.10", due: "2026-03-01"), Self.record("0.01", due: nil),
                       Self.record("1000", due: "2026-03-01"), Self.record("5.55", due: "2020-01-01")]
        let doc = try Pain001Export.document(records, options: Pain001Support.options(.sepa))
        #expect(doc.controlSum == Decimal(string: "1015.66"))
        #expect(doc.xml.contains("<NbOfTxs>4</NbOfTxs>\n      <CtrlSum>1015.66</CtrlSum>"))
        // Past and absent due dates run on the creation day (2026-01-15), before the March block.
        let blocks = doc.xml.components(separatedBy: "<PmtInf>").dropFirst()
        #expect(blocks.count == 2)
        #expect(blocks.first?.contains("<Dt>2026-01-15</Dt>") == true && blocks.first?.contains("<CtrlSum>5.56</CtrlSum>") == true)
        #expect(blocks.last?.contains("<Dt>2026-03-01</Dt>") == true && blocks.last?.contains("<CtrlSum>1010.10</CtrlSum>") == true)
        // End-to-end ids name the record's input position, whatever its block.
        #expect(blocks.last?.contains("<EndToEndId>GIRO-TEST-3</EndToEndId>") == true)
        let errors = try Pain001Support.schemaErrors(doc.xml, schema: Pain001Flavor.sepa.schemaFile)
        #expect(errors == nil, "\(errors ?? "")")
    }

    @Test func executionDateOptionWinsAndVersion03WritesPlainDate() throws {
        var o = Pain001Support.options(.v03)
        o.executionDate = "2026-02-02"
        let doc = try Pain001Export.document([Self.record("1", due: "2026-03-01"), Self.record("2", due: nil)], options: o)
        #expect(doc.xml.components(separatedBy: "<PmtInf>").count == 2)
        #expect(doc.xml.contains("<ReqdExctnDt>2026-02-02</ReqdExctnDt>"))
        // No debtor BIC: the debtor's bank is "not provided" (the EPC convention ISO 03 accepts too).
        #expect(doc.xml.contains("<Othr>") && doc.xml.contains("<Id>NOTPROVIDED</Id>") && !doc.xml.contains("<BIC>"))
        let errors = try Pain001Support.schemaErrors(doc.xml, schema: Pain001Flavor.v03.schemaFile)
        #expect(errors == nil, "\(errors ?? "")")
    }

    @Test func defaultsAreDeterministicFromTheCreationTime() throws {
        var o = Pain001Support.options(.sepa)
        o.messageID = nil
        let a = try Pain001Export.document([Self.record("1", due: nil)], options: o)
        let b = try Pain001Export.document([Self.record("1", due: nil)], options: o)
        #expect(a.xml == b.xml && a.messageID == "GIRO20260115100000")
        #expect(a.xml.contains("<CreDtTm>2026-01-15T10:00:00</CreDtTm>"))
    }

    @Test func recordInputReadsDecodeBatchAndWrappedOutput() throws {
        let r = Self.record("1", due: nil)
        let json = String(decoding: r.jsonBytes(), as: UTF8.self)
        #expect(try RecordInput.records(from: Array(json.utf8)) == [r])
        let ndjson = "{\"line\":1,\"record\":\(json)}\n\n{\"line\":2,\"record\":\(json)}\n"
        #expect(try RecordInput.records(from: Array(ndjson.utf8)).count == 2)
        #expect(try RecordInput.records(from: Array("[\(json),\(json)]".utf8)).count == 2)
        let withError = "{\"line\":1,\"error\":{\"code\":\"x\"}}\n"
        #expect(throws: GiroError.self) { try RecordInput.records(from: Array(withError.utf8)) }
        #expect(throws: GiroError.self) { try RecordInput.records(from: Array("{\"format\":1}".utf8)) }
        #expect(throws: GiroError.self) { try RecordInput.records(from: Array("not json\n".utf8)) }
        let deep = String(repeating: "[", count: 6) + json + String(repeating: "]", count: 6)
        #expect(throws: GiroError.self) { try RecordInput.records(from: Array(deep.utf8)) }
        #expect(try RecordInput.records(from: Array("{\"records\":[{\"record\":\(json)}]}".utf8)).count == 1)
    }
}
