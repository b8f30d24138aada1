import Foundation
import Giro
import Testing

/// Hostile and malformed XML: every one a typed error, nothing expanded, fetched or crashed.
@Suite struct InvoiceSafetyTests {
    static func decode(_ text: String, limits: XMLLimits = XMLLimits()) -> Result<PaymentRecord, GiroError> {
        decode(Array(text.utf8), limits: limits)
    }

    static func decode(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try InvoiceDecoder(limits: limits).decode(xml: bytes) }
    }

    static func code(_ r: Result<PaymentRecord, GiroError>) -> String? {
        if case .failure(let e) = r { return e.code.rawValue }
        return nil
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&lol9;</ID></Invoice>
        """

    @Test func billionLaughsIsRefusedUnexpanded() {
        let clock = ContinuousClock()
        let start = clock.now
        let r = Self.decode(Self.billionLaughs)
        #expect(Self.code(r) == "xml_dtd_forbidden")
        #expect(clock.now - start < .seconds(1))
    }

    @Test func externalEntityIsNeverRead() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&xxe;</ID></Invoice>
            """
        let r = Self.decode(xxe)
        #expect(Self.code(r) == "xml_dtd_forbidden")
        if case .failure(let e) = r { #expect(!e.message.contains("root:")) }
    }

    /// UTF-16 hides `<!DOCTYPE` from the byte scan; libxml2's reader still reports the node, and it is refused.
    @Test func doctypeInUTF16IsRefusedByTheReader() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let r = Self.decode(bytes)
        #expect(Self.code(r) == "xml_dtd_forbidden")
    }

    @Test func undeclaredEntityIsNotWellFormed() {
        #expect(Self.code(Self.decode("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">&x;</Invoice>"))
                == "xml_invalid")
    }

    @Test func deepNestingStopsAtTheDepthLimit() {
        let depth = 200
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(Self.code(Self.decode(text)) == "xml_too_deep")
        #expect(Self.code(Self.decode(text, limits: XMLLimits(maxDepth: 300))) == "invoice_unknown_syntax")
    }

    @Test func elementCountAndBytesAreBounded() {
        let many = "<a>" + String(repeating: "<b/>", count: 50) + "</a>"
        #expect(Self.code(Self.decode(many, limits: XMLLimits(maxElements: 20))) == "xml_too_many_elements")
        #expect(Self.code(Self.decode(many, limits: XMLLimits(maxBytes: 100))) == "xml_too_large")
    }

    @Test func malformedXMLIsTypedWithItsLine() {
        let r = Self.decode("<Invoice>\n<ID>1</Invoice>")
        #expect(Self.code(r) == "xml_invalid")
        if case .failure(let e) = r { #expect(e.line == 2 && e.field == "xml") }
        #expect(Self.code(Self.decode("<")) == "xml_invalid")
        #expect(Self.code(Self.decode("<a/>")) == "invoice_unknown_syntax")
    }

    /// 1,500 seeded single-byte mutations of a real invoice (markup, entity, quote, control and non-UTF-8 bytes):
    /// each is a record of the same format or a typed error with a message; none crashes or hangs.
    @Test func seededMutationsOfARealInvoiceEndInARecordOrATypedError() throws {
        let url = InvoiceGoldenTests.root.appendingPathComponent("cii-xrechnung/XRECHNUNG_Einfach.cii.xml")
        let base = try [UInt8](Data(contentsOf: url))
        let alphabet: [UInt8] = Array("<>&;\"'/=!-[]? \n0A".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFE, 0xFF]
        var state: UInt64 = 0x6769726F
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var records = 0, errors = 0
        for _ in 0..<1500 {
            var m = base
            let at = next() % m.count
            switch next() % 3 {
            case 0: m[at] = alphabet[next() % alphabet.count]
            case 1: m.insert(alphabet[next() % alphabet.count], at: at)
            default: m.remove(at: at)
            }
            switch Self.decode(m) {
            case .success(let r):
                records += 1
                #expect(r.format == "eu.einvoice-cii")
            case .failure(let e):
                errors += 1
                #expect(!e.message.isEmpty && !e.code.rawValue.isEmpty)
            }
        }
        #expect(records > 0 && errors > 0, "\(records) records, \(errors) errors")
    }

    /// Every prefix of a real invoice is refused with a typed error or decoded; none crashes.
    @Test func truncationsOfARealInvoiceNeverCrash() throws {
        let url = InvoiceGoldenTests.root.appendingPathComponent("ubl-en16931/EN16931_Einfach.ubl.xml")
        let bytes = try [UInt8](Data(contentsOf: url))
        for cut in stride(from: 0, to: bytes.count, by: 97) {
            switch Self.decode(Array(bytes.prefix(cut))) {
            case .success: Issue.record("a truncated invoice (\(cut) bytes) decoded")
            case .failure(let e): #expect(!e.code.rawValue.isEmpty)
            }
        }
    }
}
