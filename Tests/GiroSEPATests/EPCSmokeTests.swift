import Testing
import GiroCore
@testable import GiroSEPA

@Suite struct EPCSmokeTests {
    @Test func baseDecodes() throws {
        let r = try EPC.decode(EPC.base)
        #expect(r.status == .valid)
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.creditor?.name == "Franz Mustermann")
        #expect(r.creditor?.account?.iban == "DE71110220330123456789")
        #expect(r.creditor?.account?.bic == "BHBLDEHHXXX")
        #expect(r.amount?.formattedValue == "12.30")
        #expect(r.reference == Reference(type: .creditorReference, value: "RF18539007547034", valid: true))
        #expect(r.country == "DE")
        #expect(r.formatVersion == "002")
        #expect(r.extras == ["sepa.identification": "SCT", "sepa.charsetCode": "1", "sepa.lineSeparator": "LF"])
    }
}
