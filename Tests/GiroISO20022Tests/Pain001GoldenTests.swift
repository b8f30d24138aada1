import Foundation
import Giro
import GiroTestSupport
import Testing

/// Records decoded from the payload fixtures (official and published samples, see each format's README) written
/// in each flavour: the XML must match its golden byte for byte and validate against the flavour's XSD.
/// `GIRO_RECORD=1` rewrites the goldens (and fails, so a recording run never passes).
@Suite struct Pain001GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var flavor: Pain001Flavor
        var name: String
        var payloads: [String]
        var testDescription: String { "\(flavor.rawValue)-\(name)" }
    }

    static let cases: [Case] = [
        Case(flavor: .sepa, name: "epc-qr", payloads: [
            "sepa.epc-qr/valid-austrian-zahlungsreferenz.txt", "sepa.epc-qr/valid-belgian-ogm.txt",
            "sepa.epc-qr/valid-beneficiary-information.txt", "sk.pay-by-square/valid-creditor-reference.txt",
        ]),
        Case(flavor: .sepa, name: "hub3", payloads: ["hr.hub3/valid-fina-hr01.txt", "hr.hub3/valid-diacritics-utf8.txt"]),
        Case(flavor: .ch, name: "qr-bill", payloads: [
            "ch.qr-bill/valid-qrr-1.txt", "ch.qr-bill/valid-qrr-2.txt", "ch.qr-bill/valid-rf-4.txt",
            "ch.qr-bill/valid-s1-full.txt", "ch.qr-bill/valid-liechtenstein-iban.txt",
        ]),
        Case(flavor: .v03, name: "cee", payloads: [
            "hr.hub3/valid-fina-hr01.txt", "hr.hub3/valid-diacritics-utf8.txt", "cz.spayd/valid-spayd-5.txt",
            "hu.mnb-qr/valid-hct-all-fields.txt",
        ]),
        Case(flavor: .v03, name: "qr-bill", payloads: ["ch.qr-bill/valid-qrr-1.txt", "ch.qr-bill/valid-rf-4.txt"]),
    ]

    @Test(arguments: cases)
    func golden(_ c: Case) throws {
        let records = try c.payloads.map(Pain001Support.record)
        let document = try Pain001Export.document(records, options: Pain001Support.options(c.flavor))
        #expect(document.numberOfTransactions == records.count)
        if Pain001Support.hasSchema(c.flavor) {
            let errors = try Pain001Support.schemaErrors(document.xml, schema: c.flavor.schemaFile)
            #expect(errors == nil, "\(c.flavor.schemaFile): \(errors ?? "")")
        } else {
            #expect(c.flavor == .ch, "every other flavour ships its XSD")
        }
        let golden = Pain001Support.goldenFolder.appendingPathComponent("\(c.testDescription).xml")
        if Golden.recording { return try Golden.record(document.xml, to: golden) }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(document.xml == expected, "\(Golden.diff(expected: expected, actual: document.xml))")
    }
}
