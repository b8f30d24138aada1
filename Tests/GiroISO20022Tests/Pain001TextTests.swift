import Foundation
import Giro
import GiroTestSupport
import Testing

/// Hostile text (markup, control characters, emoji, over-long names) never breaks the XML, and every change is
/// a warning on the field it touched.
@Suite struct Pain001TextTests {
    static func record(name: String, remittance: String? = nil, currency: String = "EUR") -> PaymentRecord {
        var r = Pain001RefusalTests.transfer(currency: currency)
        r.creditor?.name = name
        r.remittanceInformation = remittance
        return r
    }

    @Test(arguments: Pain001Flavor.allCases)
    func hostileNamesStayText(_ flavor: Pain001Flavor) throws {
        let hostile = "<Cdtr>&amp; \"Ürsula\" O'Brien \u{1}\u{7}\u{1F4B8} ]]></Nm>"
        let r = Self.record(name: hostile, remittance: "Invoice <42> & co\u{0}\u{FFFE}", currency: flavor == .ch ? "CHF" : "EUR")
        let doc = try Pain001Export.document([r], options: Pain001Support.options(flavor))
        #expect(!doc.xml.contains("<Cdtr>&amp;"))
        #expect(!doc.xml.contains("\u{1}") && !doc.xml.contains("\u{0}") && !doc.xml.contains("]]></Nm>"))
        #expect(doc.warnings.contains { $0.code == .characterOutsideSet && $0.field == "records[0].creditor.name" })
        if flavor == .v03 {
            #expect(doc.xml.contains("&lt;Cdtr&gt;&amp;amp; &quot;Ürsula&quot; O&apos;Brien"))
            #expect(doc.xml.contains("\u{1F4B8}"))
        }
        if flavor == .sepa { #expect(doc.xml.contains("<Nm>Cdtr amp Ursula O&apos;Brien /Nm</Nm>")) }
        if Pain001Support.hasSchema(flavor) {
            let errors = try Pain001Support.schemaErrors(doc.xml, schema: flavor.schemaFile)
            #expect(errors == nil, "\(errors ?? "")")
        }
    }

    @Test func longTextIsCutWithAWarning() throws {
        let r = Self.record(name: String(repeating: "N", count: 200), remittance: String(repeating: "r", count: 300))
        let doc = try Pain001Export.document([r], options: Pain001Support.options(.v03))
        #expect(doc.xml.contains("<Nm>" + String(repeating: "N", count: 140) + "</Nm>"))
        #expect(doc.xml.contains("<Ustrd>" + String(repeating: "r", count: 140) + "</Ustrd>"))
        #expect(doc.warnings.map(\.field) == ["records[0].creditor.name", "records[0].remittanceInformation"])
        #expect(doc.warnings.allSatisfy { $0.code == .fieldTooLong })
        let sepa = try Pain001Export.document([r], options: Pain001Support.options(.sepa))
        #expect(sepa.xml.contains("<Nm>" + String(repeating: "N", count: 70) + "</Nm>"))
    }

    @Test func referenceAndTextInSEPA() throws {
        var r = Self.record(name: "Creditor", remittance: "Invoice 42")
        r.reference = Reference(type: .creditorReference, value: "RF18539007547034", valid: true)
        let doc = try Pain001Export.document([r], options: Pain001Support.options(.sepa))
        #expect(doc.xml.contains("<Cd>SCOR</Cd>") && doc.xml.contains("<Issr>ISO</Issr>") && doc.xml.contains("<Ref>RF18539007547034</Ref>"))
        #expect(!doc.xml.contains("Invoice 42"))
        #expect(doc.warnings.map(\.code) == [.remittanceBothForms])
        let ch = try Pain001Export.document([Self.record(name: "C", currency: "CHF")].map { var x = $0; x.reference = r.reference; x.remittanceInformation = "Invoice 42"; return x },
                                            options: Pain001Support.options(.ch))
        #expect(ch.xml.contains("<AddtlRmtInf>Invoice 42</AddtlRmtInf>"))
    }
}
