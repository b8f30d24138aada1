import GiroCore
import GiroSwitzerland
import Testing

/// Address types S and K, mandatory fields, country codes, and the three address blocks.
@Suite struct AddressTests {
    @Test func structuredCreditor() {
        let r = SPC.record(SPC.base)
        let a = r?.creditor?.address
        #expect(r?.creditor?.name == "Robert Schneider AG")
        #expect(a == Address(street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH", lines: []))
        #expect(r?.debtor?.name == "Pia Rutschmann")
        #expect(r?.debtor?.address?.town == "Rorschach")
        #expect(r?.debtor?.account == nil)
        #expect(r?.ultimateCreditor == nil)
    }

    @Test func structuredWithoutStreet() {
        let r = SPC.record(SPC.with(SPC.base, [6: "", 7: ""]))
        #expect(r?.creditor?.address?.street == nil)
        #expect(r?.creditor?.address?.buildingNumber == nil)
        #expect(r?.warnings.isEmpty == true)
    }

    @Test func houseNumberInStreetLineIsAccepted() {
        // IG 2.3 §4.3.1: the house number may stay in the street line with an empty building number.
        let r = SPC.record(SPC.with(SPC.base, [6: "Rue du Lac 1268", 7: ""]))
        #expect(r?.creditor?.address?.street == "Rue du Lac 1268")
        #expect(r?.warnings.isEmpty == true)
    }

    @Test func combinedDebtorLinesAndWarning() throws {
        let r = SPC.record(try SPC.vector("spc-4"))
        #expect(r?.debtor?.address?.lines == ["Grosse Marktgasse 28", "9400 Rorschach"])
        #expect(r?.debtor?.address?.street == nil)
        #expect(r?.debtor?.address?.country == "CH")
        let w = r?.warnings.first
        #expect(w?.code == .addressCombinedDeprecated)
        #expect(w?.field == "debtor.address")
        #expect(w?.line == 21)
    }

    @Test func combinedWithEmptyFirstLine() {
        let r = SPC.record(SPC.with(SPC.base, [20: "K", 22: "", 23: "9400 Rorschach", 24: "", 25: ""]))
        #expect(r?.debtor?.address?.lines == ["9400 Rorschach"])
    }

    @Test func combinedRequiresLineTwo() {
        let e = SPC.error(SPC.with(SPC.base, [4: "K", 6: "Rue du Lac 1268", 7: "", 8: "", 9: ""]))
        #expect(e?.code == .fieldMissing)
        #expect(e?.field == "creditor.address.lines[1]")
        #expect(e?.line == 8)
        #expect(e?.diagnostics.map(\.code) == [.addressCombinedDeprecated])
    }

    @Test func combinedForbidsPostalCodeAndTown() {
        let pc = SPC.error(SPC.with(SPC.base, [4: "K", 6: "Rue du Lac 1268", 7: "2501 Biel", 8: "2501", 9: ""]))
        #expect(pc?.code == .addressInvalid)
        #expect(pc?.field == "creditor.address.postalCode")
        let town = SPC.error(SPC.with(SPC.base, [4: "K", 6: "Rue du Lac 1268", 7: "2501 Biel", 8: "", 9: "Biel"]))
        #expect(town?.code == .addressInvalid)
        #expect(town?.field == "creditor.address.town")
    }

    @Test func structuredRequiresPostalCodeAndTown() {
        let pc = SPC.error(SPC.with(SPC.base, [8: ""]))
        #expect(pc?.code == .fieldMissing)
        #expect(pc?.field == "creditor.address.postalCode")
        #expect(pc?.line == 9)
        let town = SPC.error(SPC.with(SPC.base, [25: ""]))
        #expect(town?.code == .fieldMissing)
        #expect(town?.field == "debtor.address.town")
        #expect(town?.line == 26)
    }

    @Test(arguments: ["X", "s", "SK", " "])
    func invalidAddressType(_ type: String) {
        let e = SPC.error(SPC.with(SPC.base, [4: type]))
        #expect(e?.code == .addressInvalid)
        #expect(e?.field == "creditor.address")
        #expect(e?.line == 5)
    }

    @Test func missingAddressTypeInFilledBlock() {
        let e = SPC.error(SPC.with(SPC.base, [20: ""]))
        #expect(e?.code == .addressInvalid)
        #expect(e?.field == "debtor.address")
    }

    @Test func aMissingNameIsKeptUncertain() {
        let r = SPC.record(SPC.with(SPC.base, [21: ""]))
        #expect(r?.debtor?.name == nil)
        #expect(r?.debtor?.address?.town == "Rorschach")
        #expect(r?.warnings.map(\.code) == [.fieldMissing])
        #expect(r?.warnings.first?.field == "debtor.name")
        #expect(r?.status == .uncertain)
    }

    @Test func creditorIsMandatory() {
        let e = SPC.error(SPC.with(SPC.base, [4: "", 5: "", 6: "", 7: "", 8: "", 9: "", 10: ""]))
        #expect(e?.code == .fieldMissing)
        #expect(e?.field == "creditor")
    }

    @Test func emptyDebtorBlockMeansNoDebtor() {
        let r = SPC.record(SPC.with(SPC.base, [20: "", 21: "", 22: "", 23: "", 24: "", 25: "", 26: ""]))
        #expect(r?.debtor == nil)
    }

    @Test(arguments: [("XX", ErrorCode.countryInvalid), ("ch", .countryInvalid), ("CHE", .countryInvalid), ("", .fieldMissing), ("C1", .countryInvalid)])
    func countryCodes(_ code: String, _ expected: ErrorCode) {
        let e = SPC.error(SPC.with(SPC.base, [10: code]))
        #expect(e?.code == expected)
        #expect(e?.field == "creditor.address.country")
        #expect(e?.line == 11)
    }

    @Test(arguments: ["LI", "DE", "FR", "IT", "AT", "XK"])
    func foreignDebtorCountries(_ code: String) {
        let r = SPC.record(SPC.with(SPC.base, [26: code]))
        #expect(r?.debtor?.address?.country == code)
    }

    @Test func fieldLengthsWarnButDecode() {
        let r = SPC.record(SPC.with(SPC.base, [5: String(repeating: "N", count: 71), 7: String(repeating: "1", count: 17),
                                               8: String(repeating: "2", count: 17), 9: String(repeating: "T", count: 36)]))
        #expect(r?.warnings.map(\.field) == ["creditor.name", "creditor.address.buildingNumber",
                                              "creditor.address.postalCode", "creditor.address.town"])
        #expect(r?.warnings.allSatisfy { $0.code == .fieldTooLong } == true)
        #expect(r?.creditor?.name?.count == 71)
    }

    @Test func fieldLengthsAtTheLimitAreClean() {
        let r = SPC.record(SPC.with(SPC.base, [5: String(repeating: "N", count: 70), 6: String(repeating: "S", count: 70),
                                               7: String(repeating: "1", count: 16), 8: String(repeating: "2", count: 16),
                                               9: String(repeating: "T", count: 35)]))
        #expect(r?.warnings.isEmpty == true)
    }

    @Test func combinedLinesAllowSeventyCharacters() {
        let long = String(repeating: "L", count: 70)
        let r = SPC.record(SPC.with(SPC.base, [4: "K", 6: long, 7: long, 8: "", 9: ""]))
        #expect(SPC.warningCodes(r) == ["address_combined_deprecated"])
    }
}
