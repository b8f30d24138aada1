import Foundation
import GiroCore
import GiroSwitzerland
import Testing

/// QRR / SCOR / NON references, their check digits and their pairing with (QR-)IBANs,
/// fed with the shared qrr-* and rf-* vectors.
@Suite struct ReferenceTests {
    /// The shared vectors qrr-1…4 and rf-1…5 (`vectors/west`, provenance in their `.source` files).
    static let qrrVectors: [(String, String, String)] = [
        ("qrr-1", "210000000003139471430009017", "valid"),   // manuelbl SampleQrCodeText
        ("qrr-2", "310014000183100197799111196", "valid"),   // sprain, real-life BESR example
        ("qrr-3", "000000000000000000000202218", "valid"),   // sprain issue #198
        ("qrr-4", "000000000000000000000000000", "invalid"), // manuelbl: all zeros rejected
    ]
    static let rfVectors: [(String, String, String)] = [
        ("rf-1", "RF18 5390 0754 7034", "valid"),            // python-stdnum, print format
        ("rf-2", "RF17 5390 0754 7034", "invalid"),          // wrong check digits
        ("rf-3", "RF18 5390 0754 70Y", "valid"),             // alphanumeric
        ("rf-4", "RF7420191230100521UPV0857", "valid"),      // SIX sample no. 21, 25 characters
        ("rf-5", "RF720191230100405JSH0438", "invalid"),     // doc example that fails mod 97
    ]

    static func vectorText(_ name: String) -> String {
        (qrrVectors + rfVectors).first { $0.0 == name }?.1 ?? ""
    }

    static func expectation(_ name: String) -> String {
        (qrrVectors + rfVectors).first { $0.0 == name }?.2 ?? ""
    }

    @Test(arguments: ["qrr-1", "qrr-2", "qrr-3", "qrr-4"])
    func qrReferenceVectors(_ name: String) {
        let ref = Self.vectorText(name)
        #expect(ref.count == 27)
        let result = SPC.decode(SPC.with(SPC.qr, [28: ref]))
        switch (Self.expectation(name), result) {
        case ("valid", .success(let r)):
            #expect(r.reference == Reference(type: .qrReference, value: ref, valid: true))
            #expect(r.extras["ch.referenceType"] == "QRR")
            #expect(r.creditor?.account?.isQRIBAN == true)
            #expect(r.warnings.isEmpty)
        case ("invalid", .failure(let e)):
            #expect(e.code == .referenceInvalid)
            #expect(e.field == "reference")
            #expect(e.line == 29)
        default:
            Issue.record("\(name): \(result)")
        }
    }

    @Test(arguments: ["rf-1", "rf-2", "rf-3", "rf-4", "rf-5"])
    func creditorReferenceVectors(_ name: String) {
        let ref = Self.vectorText(name)
        let result = SPC.decode(SPC.with(SPC.scor, [28: ref]))
        switch (Self.expectation(name), result) {
        case ("valid", .success(let r)):
            let compact = ref.replacingOccurrences(of: " ", with: "")
            #expect(r.reference == Reference(type: .creditorReference, value: compact, valid: true))
            #expect(r.extras["ch.referenceType"] == "SCOR")
            // Print-format spaces are tolerated with a warning.
            #expect(SPC.warningCodes(r) == (ref.contains(" ") ? ["reference_not_compact"] : []))
        case ("invalid", .failure(let e)):
            #expect(e.code == .referenceInvalidChecksum)
            #expect(e.field == "reference")
        default:
            Issue.record("\(name): \(result)")
        }
    }

    @Test func qrIBANDetection() {
        #expect(SPC.record(SPC.qr)?.creditor?.account?.isQRIBAN == true)
        #expect(SPC.record(SPC.base)?.creditor?.account?.isQRIBAN == false)
    }

    @Test func qrIBANRequiresQRReference() {
        let scor = SPC.error(SPC.with(SPC.qr, [27: "SCOR", 28: "RF18539007547034"]))
        #expect(scor?.code == .qrIBANRequiresQRReference)
        #expect(scor?.field == "reference.type")
        #expect(scor?.line == 28)
        let non = SPC.error(SPC.with(SPC.qr, [27: "NON", 28: ""]))
        #expect(non?.code == .qrIBANRequiresQRReference)
    }

    @Test func qrReferenceRequiresQRIBAN() {
        let e = SPC.error(SPC.with(SPC.base, [27: "QRR", 28: "210000000003139471430009017"]))
        #expect(e?.code == .qrReferenceRequiresQRIBAN)
        #expect(e?.line == 28)
    }

    @Test func qrReferenceChecks() {
        #expect(SPC.error(SPC.with(SPC.qr, [28: "210000000003139471430009018"]))?.code == .referenceInvalidChecksum)
        #expect(SPC.error(SPC.with(SPC.qr, [28: "21000000000313947143000901"]))?.code == .referenceInvalid)
        #expect(SPC.error(SPC.with(SPC.qr, [28: "21000000000313947143000901A"]))?.code == .referenceInvalid)
        #expect(SPC.error(SPC.with(SPC.qr, [28: ""]))?.code == .fieldMissing)
    }

    @Test func creditorReferenceChecks() throws {
        // spc-10 (QRCoder test data): SCOR with a number that is not an RF reference.
        let e = SPC.error(try SPC.vector("spc-10"))
        #expect(e?.code == .referenceInvalid)
        #expect(e?.field == "reference")
        #expect(e?.line == 29)
        #expect(SPC.error(SPC.with(SPC.scor, [28: "RF1"]))?.code == .referenceInvalid)
        #expect(SPC.error(SPC.with(SPC.scor, [28: "RF18" + String(repeating: "1", count: 22)]))?.code == .referenceInvalid)
        #expect(SPC.error(SPC.with(SPC.scor, [28: ""]))?.code == .fieldMissing)
        // Lower case is compacted with a warning.
        let r = SPC.record(SPC.with(SPC.scor, [28: "rf18539007547034"]))
        #expect(r?.reference?.value == "RF18539007547034")
        #expect(SPC.warningCodes(r) == ["reference_not_compact"])
    }

    @Test func nonHasNoReference() {
        let r = SPC.record(SPC.base)
        #expect(r?.reference == nil)
        #expect(r?.extras["ch.referenceType"] == "NON")
        let e = SPC.error(SPC.with(SPC.base, [28: "123"]))
        #expect(e?.code == .referenceInvalid)
        #expect(e?.line == 29)
    }

    @Test(arguments: ["", "ESR", "qrr", "NON "])
    func invalidReferenceTypes(_ type: String) {
        let e = SPC.error(SPC.with(SPC.base, [27: type]))
        #expect(e?.code == (type.isEmpty ? .fieldMissing : .referenceTypeInvalid))
        #expect(e?.field == "reference.type")
    }

    @Test func ibanRules() {
        #expect(SPC.error(SPC.with(SPC.base, [3: "DE89370400440532013000"]))?.code == .ibanCountryNotAllowed)
        #expect(SPC.error(SPC.with(SPC.base, [3: "CH5800791123000889013"]))?.code == .ibanInvalidChecksum)
        #expect(SPC.error(SPC.with(SPC.base, [3: "CH580079112300088901"]))?.code == .ibanInvalidLength)
        #expect(SPC.error(SPC.with(SPC.base, [3: ""]))?.code == .fieldMissing)
        let e = SPC.error(SPC.with(SPC.base, [3: "CH5800791123000889013"]))
        #expect(e?.field == "creditor.account.iban")
        #expect(e?.line == 4)
        #expect(e?.offset == 11)
        let li = SPC.record(SPC.with(SPC.base, [3: "LI21088100002324013AA"]))
        #expect(li?.creditor?.account?.iban == "LI21088100002324013AA")
        #expect(li?.creditor?.account?.isQRIBAN == false)
    }
}
