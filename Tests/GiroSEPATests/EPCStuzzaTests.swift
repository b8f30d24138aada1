import Testing
import GiroCore
@testable import GiroSEPA

/// Stuzza "Zahlen mit Code": the Austrian rules the EPC plug-in applies when the IBAN or the BIC is Austrian.
@Suite struct EPCStuzzaTests {
    /// The Magistrat Wien sample (vector epc-1): v001, charset 2, BIC, Verwendungszweck in element 11.
    static let wien = ["BCD", "001", "2", "SCT", "BAWAATWW", "Magistrat der Stadt Wien", "AT736000000002386492",
                       "EUR58.99", "", "", "Fuer Franz Mustermann"]

    func with(_ changes: [Int: String]) -> [String] {
        var e = Self.wien
        for (k, v) in changes { e[k - 1] = v }
        return e
    }

    @Test func wienSampleHasNoStuzzaWarning() throws {
        let r = try EPC.decode(Self.wien)
        #expect(r.warnings.isEmpty && r.status == .valid && r.reference == nil)
    }

    @Test func zahlungsreferenzIsFreeTextBeyondEPC() throws {
        let r = try EPC.decode(Array(with([10: "3372/12 RgNr.: 2201207"]).prefix(10)))
        #expect(r.reference == Reference(type: .austrianPaymentReference, value: "3372/12 RgNr.: 2201207", valid: nil))
        #expect(r.warnings.isEmpty)
    }

    @Test(arguments: ["1", "2"])
    func stuzzaCharsetsRaiseNothing(_ code: String) throws {
        #expect(try EPC.decode(with([3: code])).warnings.isEmpty)
    }

    @Test(arguments: ["3", "4", "5", "6", "7", "8"])
    func otherCharsetsWarn(_ code: String) throws {
        let r = try EPC.decode(with([3: code]))
        #expect(EPC.codes(r) == ["stuzza_charset"] && r.status == .valid)
    }

    @Test func charsetRuleIsAustrianOnly() throws {
        let r = try EPC.decode(EPC.elements([3: "3"]))
        #expect(EPC.codes(r).isEmpty)
    }

    @Test func bothFormsAreUncertainInAustria() throws {
        let r = try EPC.decode(with([10: "3372/12 RgNr.: 2201207"]))
        #expect(EPC.codes(r) == ["stuzza_remittance_both_forms"] && r.status == .uncertain)
        #expect(r.reference?.value == "3372/12 RgNr.: 2201207" && r.remittanceInformation == "Fuer Franz Mustermann")
    }

    @Test func austrianBICMakesTheCodeAustrian() throws {
        let r = try EPC.decode(EPC.elements([5: "BKAUATWW", 11: "Rechnung 4711"]))
        #expect(EPC.codes(r) == ["bic_country_mismatch", "stuzza_remittance_both_forms"])
    }

    @Test func elsewhereBothFormsStayACosmeticWarning() throws {
        let r = try EPC.decode(EPC.elements([11: "text"]))
        #expect(EPC.codes(r) == ["remittance_both_forms"] && r.status == .valid)
    }

    @Test func austrianSniff() {
        #expect(EPCStuzza.applies(iban: "AT611904300234573201", bic: nil))
        #expect(EPCStuzza.applies(iban: "DE71110220330123456789", bic: "BKAUATWWXXX"))
        #expect(!EPCStuzza.applies(iban: "DE71110220330123456789", bic: "BHBLDEHHXXX"))
        #expect(!EPCStuzza.applies(iban: "DE71110220330123456789", bic: "ATBK"))
    }
}

/// Belgian OGM and Dutch betalingskenmerk written into element 11 (free text), as many billers do.
@Suite struct EPCRemittanceReferenceTests {
    static func belgian(_ text: String, reference: String = "") -> [String] {
        ["BCD", "002", "1", "SCT", "GEBABEBB", "Franz Mustermann", "BE68539007547034", "EUR12.30", "", reference, text]
    }

    static func dutch(_ text: String) -> [String] {
        ["BCD", "002", "1", "SCT", "ABNANL2A", "Stichting Voorbeeld", "NL91ABNA0417164300", "EUR12.30", "", "", text]
    }

    @Test(arguments: ["+++010/8068/17183+++", "***010/8068/17183***", "010806817183", "+++010 / 8068 / 17183+++"])
    func ogmInElement11(_ text: String) throws {
        let r = try EPC.decode(Self.belgian(text))
        #expect(r.reference == Reference(type: .belgianStructured, value: "010806817183", valid: true))
        #expect(r.remittanceInformation == text && r.warnings.isEmpty)
    }

    @Test func framedOGMWithBadCheckKeptUncertain() throws {
        let r = try EPC.decode(Self.belgian("+++123/4567/89012+++"))  // ogm-7: the check is 02
        #expect(r.reference == Reference(type: .belgianStructured, value: "123456789012", valid: false))
        #expect(EPC.codes(r) == ["reference_invalid_checksum"] && r.status == .uncertain)
    }

    @Test(arguments: ["123456789012", "Factuur +++010/8068/17183+++", "+++010/8068/17183+++ 2026", "0108068171830"])
    func otherTextStaysText(_ text: String) throws {
        let r = try EPC.decode(Self.belgian(text))
        #expect(r.reference == nil && r.warnings.isEmpty)
    }

    @Test func element10WinsAndBothAreReported() throws {
        let r = try EPC.decode(Self.belgian("+++010/8068/17183+++", reference: "+++000/0000/09797+++"))
        #expect(r.reference?.value == "000000009797" && EPC.codes(r) == ["remittance_both_forms"])
    }

    @Test func ogmOnlyForBelgianAccounts() throws {
        let r = try EPC.decode(Self.dutch("+++010/8068/17183+++"))
        #expect(r.reference == nil)
    }

    @Test(arguments: [("5000056789012345", "5000056789012345"), ("5000 0567 8901 2345", "5000056789012345"),
                      ("12 2345 3462 2567", "12234534622567")])
    func betalingskenmerkInElement11(_ text: String, _ value: String) throws {
        let r = try EPC.decode(Self.dutch(text))
        #expect(r.reference == Reference(type: .dutchPaymentReference, value: value, valid: true) && r.warnings.isEmpty)
        #expect(r.remittanceInformation == text)
    }

    @Test(arguments: ["5000056789012346", "1234567", "173456789", "Kenmerk 5000056789012345"])
    func dutchTextStaysText(_ text: String) throws {
        let r = try EPC.decode(Self.dutch(text))
        #expect(r.reference == nil && r.warnings.isEmpty)
    }

    @Test func betalingskenmerkOnlyForDutchAccounts() throws {
        #expect(try EPC.decode(Self.belgian("5000056789012345")).reference == nil)
    }
}
