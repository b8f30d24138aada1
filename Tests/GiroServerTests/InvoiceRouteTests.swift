import Foundation
import Giro
import GiroTestSupport
import Testing

/// `POST /v1/decode` with an XML e-invoice body (application/xml, text/xml).
@Suite("giro serve: e-invoices")
struct InvoiceRouteTests {
    @Test func xmlBodyAnswersTheInvoiceRecord() async throws {
        let server = try await RunningServer.start()
        defer { Task { await server.stop() } }
        let body = try RouteTests.fixture("fixtures/invoices/ubl-peppol/base-example.xml")
        let record = try EInvoiceReader.engineDecoder.decode(xml: body)
        for type in ["application/xml", "text/xml; charset=utf-8"] {
            let r = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": type], body: body)
            #expect(r.status == 200)
            #expect(r.body == record.jsonBytes() + [0x0A])
            #expect(r.headers["giro-format"] == "eu.einvoice-ubl")
        }
        let hostile = Array("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>".utf8)
        let refused = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "application/xml"], body: hostile)
        #expect(refused.status == 422 && refused.json["code"] as? String == "xml_dtd_forbidden")
        let credit = try RouteTests.fixture("fixtures/invoices/ubl-en16931/ubl-tc434-creditnote1.xml")
        let creditAnswer = try await request(server.port, "POST", "/v1/decode", headers: ["Content-Type": "application/xml"], body: credit)
        #expect(creditAnswer.status == 422 && creditAnswer.json["code"] as? String == "invoice_credit_note")
    }
}
