import Testing
import GiroCore
@testable import GiroSEPA

/// Element 10 classification (formats-west §1.6): RF → BE OGM → NL betalingskenmerk → AT → other.
@Suite struct EPCReferenceTests {
    static let ibanDE = "DE71110220330123456789"
    static let ibanBE = "BE68539007547034"
    static let ibanNL = "NL91ABNA0417164300"
    static let ibanAT = "AT611904300234573201"

    func decode(_ reference: String, iban: String) throws -> PaymentRecord {
        try EPC.decode(EPC.elements([5: "", 7: iban, 10: reference]))
    }

    // MARK: ISO 11649

    @Test(arguments: [("RF18539007547034", ibanDE), ("RF18 5390 0754 7034", ibanDE), ("rf18539007547034", ibanNL),
                      ("RF18539007547034", ibanBE), ("RF18539007547034", ibanAT)])
    func creditorReference(text: String, iban: String) throws {
        let r = try decode(text, iban: iban)
        #expect(r.reference == Reference(type: .creditorReference, value: "RF18539007547034", valid: true))
        #expect(r.warnings.isEmpty)
        #expect(r.status == .valid)
    }

    @Test(arguments: ["RF19539007547034", "RF720191230100405JSH0438"])
    func creditorReferenceWithBadCheckDigitsIsRejected(text: String) throws {
        let e = EPC.error(EPC.elements([7: Self.ibanDE, 10: text]))
        #expect(e?.code == .referenceInvalidChecksum)
        #expect(e?.line == 10)
        #expect(e?.partial?.status == .invalid)
        #expect(e?.partial?.creditor?.account?.iban == Self.ibanDE)
    }

    // MARK: Belgian OGM / VCS

    @Test(arguments: ["+++010/8068/17183+++", "***010/8068/17183***", "010806817183", "+++ 010 / 8068 / 17183 +++"])
    func belgianStructuredCommunication(text: String) throws {
        let r = try decode(text, iban: Self.ibanBE)
        #expect(r.reference == Reference(type: .belgianStructured, value: "010806817183", valid: true))
        #expect(r.warnings.isEmpty)
    }

    @Test func belgianZeroRemainderUses97() throws {
        let r = try decode("+++000/0000/09797+++", iban: Self.ibanBE)
        #expect(r.reference?.valid == true)
    }

    @Test(arguments: ["+++123/4567/89012+++", "123456789099"])
    func belgianBadCheckDigits(text: String) throws {
        let r = try decode(text, iban: Self.ibanBE)
        #expect(r.reference?.type == .belgianStructured)
        #expect(r.reference?.valid == false)
        #expect(EPC.codes(r) == ["reference_invalid_checksum"])
        #expect(r.status == .uncertain)
    }

    @Test func belgianFormOnANonBelgianAccountIsUnclassified() throws {
        let r = try decode("+++010/8068/17183+++", iban: Self.ibanDE)
        #expect(r.reference == Reference(type: .other, value: "+++010/8068/17183+++", valid: nil))
        #expect(EPC.codes(r) == ["reference_unclassified"])
        #expect(r.status == .valid)
    }

    @Test(arguments: ["+++010/8068/1718+++", "+++010/8068/17183***", "+++0108/068/17183+++", "+++01a/8068/17183+++"])
    func malformedBelgianIsNotOGM(text: String) throws {
        let r = try decode(text, iban: Self.ibanBE)
        #expect(r.reference?.type == .other)
    }

    // MARK: Dutch betalingskenmerk

    @Test(arguments: ["5000056789012345", "5000 0567 8901 2345", "12234534622567", "271234567", "701234567890"])
    func dutchPaymentReference(text: String) throws {
        let r = try decode(text, iban: Self.ibanNL)
        #expect(r.reference?.type == .dutchPaymentReference)
        #expect(r.reference?.valid == true)
        #expect(r.reference?.value == text.replacingOccurrences(of: " ", with: ""))
        #expect(r.warnings.isEmpty)
    }

    @Test func dutchSevenDigitsHaveNoCheck() throws {
        let r = try decode("1234567", iban: Self.ibanNL)
        #expect(r.reference == Reference(type: .dutchPaymentReference, value: "1234567", valid: nil))
        #expect(r.warnings.isEmpty)
    }

    /// elfproef's swapped 10/11 rule produces these; they fail under the official rule (vectors nl-3/4).
    @Test(arguments: ["173456789", "02345678901234", "4000056789012345", "281234567"])
    func dutchBadCheck(text: String) throws {
        let r = try decode(text, iban: Self.ibanNL)
        #expect(r.reference?.type == .dutchPaymentReference)
        #expect(r.reference?.valid == false)
        #expect(EPC.codes(r) == ["reference_invalid_checksum"])
        #expect(r.status == .uncertain)
    }

    @Test(arguments: ["12345678", "123456789012345", "12345678901234567", "12345A7"])
    func dutchLengthsThatDoNotExist(text: String) throws {
        let r = try decode(text, iban: Self.ibanNL)
        #expect(r.reference?.type == .other)
        #expect(EPC.codes(r) == ["reference_unclassified"])
    }

    @Test func dutchCheckFunction() {
        #expect(WeightedMod11Reference.check(digits: Array("5000056789012345".utf8)) == true)
        #expect(WeightedMod11Reference.check(digits: Array("1234567".utf8)) == nil)
        #expect(WeightedMod11Reference.check(digits: Array("371234567".utf8)) == false)
        // Length code must be (digits after L) mod 10.
        #expect(WeightedMod11Reference.check(digits: Array("281234567".utf8)) == false)
    }

    // MARK: Austria and the rest

    @Test(arguments: ["3372/12 RgNr.: 2201207", "Zahlungsreferenz 12345", "111"])
    func austrianPaymentReferenceIsFree(text: String) throws {
        let r = try decode(text, iban: Self.ibanAT)
        #expect(r.reference == Reference(type: .austrianPaymentReference, value: text, valid: nil))
        #expect(r.warnings.isEmpty)
    }

    @Test(arguments: ["457845789452", "111", "Invoice 2024/17"])
    func otherReferencesAreKeptVerbatim(text: String) throws {
        let r = try decode(text, iban: Self.ibanDE)
        #expect(r.reference == Reference(type: .other, value: text, valid: nil))
        #expect(EPC.codes(r) == ["reference_unclassified"])
        #expect(r.status == .valid)
    }

    @Test func referenceKeepsDecodedText() throws {
        let r = try decode("Rechnung Müller", iban: Self.ibanAT)
        #expect(r.reference?.value == "Rechnung Müller")
    }
}
