import Testing
import GiroCore
@testable import GiroSEPA

/// Decoding of each element 1–12, its mandatory/optional status, maximum length and error position.
@Suite struct EPCElementTests {
    // MARK: Detection and header

    @Test(arguments: [
        ("BCD\n002", true), ("\u{FEFF}BCD\n", true), ("\0\0BCD\r\n", true), ("BCD", true), ("BCD \n", true),
        ("BCDX\n", false), ("SPC\n0200", false), ("bank://singlepaymentsepa?", false), ("bcd\n", false),
        ("", false), ("BC", false),
    ])
    func detection(text: String, matches: Bool) {
        #expect(EPC.format.matches(Payload(text: text)) == matches)
    }

    @Test func serviceTagMustBeBCD() {
        var e = EPC.base
        e[0] = "BCE"
        let err = EPC.error(e)
        #expect(err?.code == .serviceTagInvalid)
        #expect(err?.line == 1)
        #expect(err?.field == "header")
        #expect(err?.format == "sepa.epc-qr")
    }

    @Test(arguments: ["001", "002"])
    func supportedVersions(version: String) throws {
        let r = try EPC.decode(EPC.elements([2: version]))
        #expect(r.formatVersion == version)
        #expect(r.status == .valid)
    }

    @Test(arguments: ["2", "0001", "V02", ""])
    func malformedVersionsAreRejected(version: String) {
        let err = EPC.error(EPC.elements([2: version]))
        #expect(err?.code == .versionUnsupported)
        #expect(err?.line == 2)
        #expect(err?.offset == 4)
    }

    @Test func identificationSCT() throws {
        let r = try EPC.decode(EPC.base)
        #expect(r.extras[EPCExtrasKey.identification] == "SCT")
    }

    @Test func identificationINSTIsAcceptedWithInfo() throws {
        let r = try EPC.decode(EPC.elements([4: "INST"]))
        #expect(r.status == .valid)
        #expect(r.warnings.isEmpty)
        #expect(r.diagnostics.map(\.code) == [.instantIdentification])
        #expect(r.diagnostics.first?.severity == .info)
        #expect(r.extras[EPCExtrasKey.identification] == "INST")
    }

    @Test func identificationINSTCanBeDisabled() {
        let strict = EPCQRCode(options: .init(acceptInstant: false))
        do {
            _ = try strict.decode(Payload(bytes: EPC.payload(EPC.elements([4: "INST"]))))
            Issue.record("INST accepted although disabled")
        } catch {
            #expect(error.code == .identificationInvalid)
            #expect(error.line == 4)
        }
    }

    @Test(arguments: ["sct", "SCTX", "XCT", "", "INS"])
    func identificationInvalid(value: String) {
        #expect(EPC.error(EPC.elements([4: value]))?.code == .identificationInvalid)
    }

    // MARK: Element count

    @Test func sevenElementsAreEnough() throws {
        let r = try EPC.decode(EPC.elements(count: 7))
        #expect(r.amount == nil && r.reference == nil && r.purpose == nil)
        #expect(r.status == .valid && r.warnings.isEmpty)
    }

    @Test(arguments: 1...6)
    func fewerThanSevenElementsAreRejected(count: Int) {
        let err = EPC.error(EPC.elements(count: count))
        #expect(err?.code == .fieldMissing, "\(String(describing: err))")
        #expect(err?.line == count + 1 || (count == 4 && err?.line == 6))
    }

    @Test func emptyBICAndNothingElseReportsTheName() {
        let err = EPC.error(Array("BCD\n002\n1\nSCT\n\n".utf8))
        #expect(err?.code == .fieldMissing)
        #expect(err?.field == "creditor.name")
    }

    @Test func thirteenElementsAreRejected() {
        let err = EPC.error(EPC.elements([13: "extra"]))
        #expect(err?.code == .structureInvalid)
        #expect(err?.line == 13)
    }

    // MARK: 5 BIC

    @Test(arguments: ["BHBLDEHH", "BHBLDEHHXXX", "E097DEXXXXX"])
    func bicForms(bic: String) throws {
        let r = try EPC.decode(EPC.elements([5: bic]))
        #expect(r.creditor?.account?.bic == bic)
        #expect(r.warnings.isEmpty)
    }

    @Test func bicIsOptionalInVersion002() throws {
        let r = try EPC.decode(EPC.elements([5: ""]))
        #expect(r.creditor?.account?.bic == nil)
        #expect(r.status == .valid && r.warnings.isEmpty)
    }

    @Test func bicMissingInVersion001IsAWarning() throws {
        let r = try EPC.decode(EPC.elements([2: "001", 5: ""]))
        #expect(EPC.codes(r) == ["bic_missing"])
        #expect(r.warnings.first?.line == 5)
        #expect(r.status == .valid, "DE is in the EEA: banks route by IBAN")
    }

    @Test func bicMissingForNonEEAAccountMakesTheRecordUncertain() throws {
        let r = try EPC.decode(EPC.elements([5: "", 7: "CH9300762011623852957"]))
        #expect(EPC.codes(r) == ["bic_missing"])
        #expect(r.status == .uncertain)
        #expect(r.country == "CH")
    }

    @Test(arguments: ["ABC", "BHBLDEHHXX", "BHBL1EHH", "BHBLQQHH", "BHBLDE-H", "00000000"])
    func aValueThatIsNotABICIsDroppedAsPlaceholder(bic: String) throws {
        let r = try EPC.decode(EPC.elements([5: bic]))
        #expect(r.creditor?.account?.bic == nil)
        #expect(EPC.codes(r) == ["placeholder_value"])
        #expect(r.warnings.first?.field == "creditor.account.bic")
        #expect(r.warnings.first?.line == 5)
        #expect(r.status == .valid)
    }

    @Test func bicCountryMismatch() throws {
        let r = try EPC.decode(EPC.elements([5: "BNPAFRPPXXX"]))
        #expect(EPC.codes(r) == ["bic_country_mismatch"])
        #expect(r.status == .uncertain)
    }

    @Test(arguments: [("BNPAFRPP", "MC5811222000010123456789030"), ("UNCRITMM", "SM86U0322509800000000270100"),
                      ("UBSWCHZH80A", "CH9300762011623852957")])
    func bicOfATerritoryIsNoMismatch(bic: String, iban: String) throws {
        let r = try EPC.decode(EPC.elements([5: bic, 7: iban, 10: ""], count: 9))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
    }

    // MARK: 6 Name

    @Test func aMissingNameIsKeptUncertain() throws {
        let r = try EPC.decode(EPC.elements([6: ""]))
        #expect(r.creditor?.name == nil)
        #expect(r.creditor?.account?.iban == "DE71110220330123456789")
        #expect(EPC.codes(r) == ["field_missing"])
        #expect(r.warnings.first?.field == "creditor.name")
        #expect(r.warnings.first?.line == 6)
        #expect(r.warnings.first?.uncertain == true)
        #expect(r.status == .uncertain)
    }

    @Test func nameOfSeventyCharacters() throws {
        let name = String(repeating: "ä", count: 70)  // 140 bytes: lengths count characters
        let r = try EPC.decode(EPC.elements([6: name]))
        #expect(r.creditor?.name == name)
    }

    @Test func nameOfSeventyOneCharactersIsKept() throws {
        let r = try EPC.decode(EPC.elements([6: String(repeating: "x", count: 71)]))
        #expect(r.creditor?.name?.count == 71)
        #expect(EPC.codes(r) == ["field_too_long"])
        #expect(r.warnings.first?.field == "creditor.name")
        #expect(r.status == .valid)
    }

    // MARK: 7 IBAN

    @Test func ibanIsMandatory() {
        let err = EPC.error(EPC.elements([7: ""]))
        #expect(err?.code == .fieldMissing)
        #expect(err?.line == 7)
    }

    @Test(arguments: [
        ("DE71110220330123456788", ErrorCode.ibanInvalidChecksum),
        ("DE7111022033012345678", .ibanInvalidLength),
        ("XX71110220330123456789", .ibanInvalidCountry),
        ("DE71-1102/2033", .ibanInvalidFormat),
    ])
    func ibanErrors(iban: String, code: ErrorCode) {
        let err = EPC.error(EPC.elements([7: iban]))
        #expect(err?.code == code)
        #expect(err?.field == "creditor.account.iban")
        #expect(err?.line == 7)
        // "BCD⏎002⏎1⏎SCT⏎BHBLDEHHXXX⏎Franz Mustermann⏎" is 43 bytes.
        #expect(err?.offset == 43)
    }

    @Test func countryIsTheIBANCountry() throws {
        #expect(try EPC.decode(EPC.elements([5: "", 7: "FR1420041010050500013M02606"])).country == "FR")
    }

    // MARK: 9 Purpose

    @Test func purposeCode() throws {
        #expect(try EPC.decode(EPC.base).purpose == "GDDS")
    }

    @Test(arguments: ["1234", "gdds", "GDD", "GDDSX", "GD S"])
    func purposeInvalidIsKeptRaw(code: String) throws {
        let r = try EPC.decode(EPC.elements([9: code]))
        #expect(r.purpose == code)
        #expect(EPC.codes(r) == ["purpose_invalid"])
        #expect(r.warnings.first?.line == 9)
    }

    // MARK: 10 / 11 Remittance

    @Test func structuredReferenceTooLongIsKept() throws {
        let r = try EPC.decode(EPC.elements([10: String(repeating: "1", count: 36)]))
        #expect(r.reference?.value.count == 36)
        #expect(EPC.codes(r) == ["field_too_long", "reference_unclassified"])
        #expect(r.warnings.first?.field == "reference")
        #expect(r.status == .valid)
    }

    @Test func unstructuredRemittance() throws {
        let text = String(repeating: "x", count: 130) + String(repeating: "é", count: 10)
        let r = try EPC.decode(EPC.elements([10: "", 11: text]))
        #expect(r.remittanceInformation == text)
        #expect(r.reference == nil)
        #expect(r.warnings.isEmpty)
    }

    @Test func unstructuredRemittanceTooLongIsKept() throws {
        let r = try EPC.decode(EPC.elements([10: "", 11: String(repeating: "x", count: 141)]))
        #expect(r.remittanceInformation?.count == 141)
        #expect(EPC.codes(r) == ["field_too_long"])
        #expect(r.warnings.first?.field == "remittanceInformation")
        #expect(r.warnings.first?.line == 11)
        #expect(r.status == .valid)
    }

    @Test func bothRemittanceFormsAreKeptWithAWarning() throws {
        let r = try EPC.decode(EPC.elements([11: "Invoice 4711"]))
        #expect(r.reference?.value == "RF18539007547034")
        #expect(r.remittanceInformation == "Invoice 4711")
        #expect(EPC.codes(r) == ["remittance_both_forms"])
    }

    // MARK: 12 Beneficiary-to-originator information

    @Test func beneficiaryInformationGoesToExtras() throws {
        let r = try EPC.decode(EPC.elements([12: "Thank you"]))
        #expect(r.extras[EPCExtrasKey.beneficiaryToOriginatorInformation] == "Thank you")
        #expect(r.warnings.isEmpty)
    }

    @Test func beneficiaryInformationTooLongIsOnlyAWarning() throws {
        let r = try EPC.decode(EPC.elements([12: String(repeating: "x", count: 71)]))
        #expect(EPC.codes(r) == ["field_too_long"])
        #expect(r.status == .valid)
    }

    // MARK: Whole payload

    @Test func payloadOverThe331ByteLimitIsAWarning() throws {
        let r = try EPC.decode(EPC.elements([6: String(repeating: "N", count: 70), 10: "",
                                             11: String(repeating: "T", count: 140), 12: String(repeating: "I", count: 70)]))
        #expect(EPC.codes(r) == ["payload_over_limit"])
        #expect(r.status == .valid)
    }

    @Test func extrasAndSource() throws {
        let r = try EPC.format.decode(Payload(bytes: EPC.payload(EPC.base, separator: "\r\n"), symbology: .qr))
        #expect(r.extras[EPCExtrasKey.lineSeparator] == "CRLF")
        #expect(r.extras[EPCExtrasKey.charsetCode] == "1")
        #expect(r.source == SourceInfo(kind: "payload", symbology: "qr", charset: "UTF-8"))
    }

    @Test func emptyAndOversizedPayloads() {
        #expect(EPC.error([UInt8]())?.code == .emptyPayload)
        #expect(EPC.error(Array(repeating: 0x41, count: PayloadLimits.maxBytes + 1))?.code == .payloadTooLarge)
    }

    @Test func errorsCarryTheWarningsCollectedSoFar() {
        let err = EPC.error(EPC.payload(EPC.elements([2: "001", 5: "", 8: "EUR1,5"]), separator: "\r\r\n"))
        #expect(err?.code == .amountInvalid)
        #expect(err?.diagnostics.map(\.code) == [.lineEndingCRCRLF, .bicMissing])
    }
}
