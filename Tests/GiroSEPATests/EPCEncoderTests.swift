import Foundation
import Testing
import GiroCore
@testable import GiroSEPA
import GiroTestSupport

/// Record → payload: canonical output and decode(encode(decode(x))) == decode(x) (modulo diagnostics/source).
@Suite struct EPCEncoderTests {
    static let payloads: [String] = [
        "BCD\n001\n1\nSCT\nBHBLDEHHXXX\nFranz Mustermänn\nDE71110220330123456789\nEUR12.3\nGDDS\nRF18539007547034",
        "BCD\n002\n1\nSCT\n\nFrançois D'Alsace S.A.\nFR1420041010050500013M02606\nEUR12.3\n\n\nClient:Marie Louise La Lune",
        "BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code",
        "BCD\r\n002\r\n1\r\nINST\r\n\r\nA\r\nBE68539007547034\r\n\r\n\r\n+++010/8068/17183+++",
        "BCD\n002\n1\nSCT\n\nA\nBE68539007547034\n\n\n123456789099",
        "BCD\n002\n1\nSCT\n\nB\nNL91ABNA0417164300\nEUR0.01\n\n5000 0567 8901 2345",
        "BCD\n002\n1\nSCT\n\nC\nAT611904300234573201\nEUR999999999.99\n\n3372/12 RgNr.: 2201207",
        "BCD\n002\n1\nSCT\n\nD\nDE71110220330123456789\n\nabcd\n457845789452\ntext\ninfo",
        "BCD\n001\n2\nSCT\nGENODES1NUE\r\nAUTOHAUS MARTIN WURST GMBH    \0\0\0\r\nde72 7956 2514 0001 0464 62\r\nEUR    10214.94\r\n\r\n\r\nRg. 21129\r\n",
    ]

    @Test(arguments: payloads)
    func roundTrip(text: String) throws {
        let first = try EPC.decode(text)
        let bytes = try EPC.format.encode(first)
        let second = try EPC.decode(bytes)
        #expect(second.comparable == first.comparable)
        #expect(second.warnings.map(\.code).allSatisfy { [.remittanceBothForms, .referenceInvalidChecksum, .referenceUnclassified, .purposeInvalid].contains($0) },
                "canonical output should only keep content warnings: \(second.warnings)")
        // Encoding is a fixed point.
        #expect(try EPC.format.encode(second) == bytes)
    }

    @Test(arguments: EPCCharsetTests.cases)
    func roundTripKeepsTheCharset(c: EPCCharsetTests.Case) throws {
        let first = try EPC.decode(EPCCharsetTests.payload(code: c.code, iban: c.iban, name: c.bytes, text: c.bytes))
        let bytes = try EPC.format.encode(first)
        #expect(bytes.contains(where: { $0 >= 0x80 }))
        let second = try EPC.decode(bytes)
        #expect(second.comparable == first.comparable)
        #expect(second.source.charset == c.charset)
        #expect(bytes.firstRange(of: c.bytes) != nil, "the name is written in its declared charset")
    }

    @Test func canonicalOutput() throws {
        let r = try EPC.decode(EPC.elements([7: "DE71 1102 2033 0123 4567 89", 8: "EUR 12.3", 12: "Thanks"]))
        let text = String(decoding: try EPC.format.encode(r), as: UTF8.self)
        #expect(text == "BCD\n002\n1\nSCT\nBHBLDEHHXXX\nFranz Mustermann\nDE71110220330123456789\nEUR12.30\nGDDS\nRF18539007547034\n\nThanks")
    }

    @Test func minimalRecord() throws {
        var r = PaymentRecord(format: "sepa.epc-qr", country: nil, formatVersion: nil)
        r.creditor = Party(name: "Red Cross", account: Account(iban: "be72 0000 0000 1616"))
        let text = String(decoding: try EPC.format.encode(r), as: UTF8.self)
        #expect(text == "BCD\n002\n1\nSCT\n\nRed Cross\nBE72000000001616")
    }

    @Test func version001WithoutBICBecomes002() throws {
        let r = try EPC.decode(EPC.elements([2: "001", 5: ""]))
        let text = String(decoding: try EPC.format.encode(r), as: UTF8.self)
        #expect(text.hasPrefix("BCD\n002\n"))
    }

    @Test func unencodableTextFallsBackToUTF8() throws {
        var r = try EPC.decode(EPC.elements([3: "2"]))
        r.creditor?.name = "Łódź"
        let bytes = try EPC.format.encode(r)
        #expect(bytes[8] == UInt8(ascii: "1"))
        #expect(try EPC.decode(bytes).creditor?.name == "Łódź")
    }

    static func record() -> PaymentRecord {
        var r = PaymentRecord(format: "sepa.epc-qr", country: "DE", formatVersion: "002")
        r.creditor = Party(name: "Name", account: Account(iban: "DE71110220330123456789", bic: "BHBLDEHHXXX"))
        return r
    }

    @Test func encoderErrors() {
        func code(_ change: (inout PaymentRecord) -> Void) -> ErrorCode? {
            var r = Self.record()
            change(&r)
            do { _ = try EPC.format.encode(r); return nil } catch { return error.code }
        }
        #expect(code { _ in } == nil)
        #expect(code { $0.creditor?.name = "" } == .fieldMissing)
        #expect(code { $0.creditor?.account?.iban = nil } == .fieldMissing)
        #expect(code { $0.creditor?.account?.iban = "DE00110220330123456789" } == .ibanInvalidChecksum)
        #expect(code { $0.creditor?.account?.bic = "XX" } == .bicInvalid)
        #expect(code { $0.amount = Amount(value: 5, currency: "CHF") } == .currencyNotAllowed)
        #expect(code { $0.amount = Amount(value: 0, currency: "EUR") } == .amountOutOfRange)
        #expect(code { $0.creditor?.name = String(repeating: "x", count: 71) } == .fieldTooLong)
        #expect(code { $0.remittanceInformation = "a\nb" } == .fieldInvalid)
        #expect(code { $0.reference = Reference(type: .other, value: String(repeating: "1", count: 36), valid: nil) } == .fieldTooLong)
        #expect(code {
            $0.creditor?.name = String(repeating: "x", count: 70)
            $0.remittanceInformation = String(repeating: "x", count: 140)
            $0.extras[EPCExtrasKey.beneficiaryToOriginatorInformation] = String(repeating: "x", count: 70)
        } == .payloadTooLarge)
    }

    /// Every decodable golden fixture of this format survives the round trip.
    @Test func roundTripOverTheGoldenFixtures() throws {
        let dir = RepositoryRoot.appending("fixtures/payloads/sepa.epc-qr")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { !$0.hasPrefix("invalid-") && ($0.hasSuffix(".txt") || $0.hasSuffix(".bin")) }
        #expect(files.count >= 40)
        for file in files.sorted() {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(file)))
            let first = try EPC.decode(bytes)
            // Over-long payloads and element 12 are tolerated on input, but the encoder refuses to write them.
            // So are a missing name and an unknown version (written as 002).
            if first.warnings.contains(where: { [.payloadOverLimit, .fieldTooLong, .fieldMissing, .versionUnknown].contains($0.code) }) {
                continue
            }
            let second = try EPC.decode(try EPC.format.encode(first))
            // Documented canonicalisations: v001 without BIC is written as 002, an unknown charset code as 1.
            var expected = first.comparable
            if first.creditor?.account?.bic == nil { expected.formatVersion = "002" }
            if EPCTextDecoder.declared(Array((first.extras[EPCExtrasKey.charsetCode] ?? "").utf8)[...]) == nil {
                expected.extras[EPCExtrasKey.charsetCode] = "1"
            }
            #expect(second.comparable == expected, "\(file)")
        }
    }
}
