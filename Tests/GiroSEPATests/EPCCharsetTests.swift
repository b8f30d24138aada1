import Testing
import GiroCore
@testable import GiroSEPA

/// Element 3 applied to the raw bytes: every code 1–8 with real encoded bytes, plus the fallback chain.
@Suite struct EPCCharsetTests {
    /// A payload whose name (element 6) is given as raw bytes.
    static func payload(code: String, iban: String, name: [UInt8], text: [UInt8] = []) -> [UInt8] {
        var out = Array("BCD\n002\n\(code)\nSCT\n\n".utf8)
        out += name
        out += Array("\n\(iban)\nEUR1".utf8)
        if !text.isEmpty { out += Array("\n\n\n".utf8) + text }
        return out
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var code: String
        var charset: String
        var iban: String
        var bytes: [UInt8]
        var text: String
        var testDescription: String { "\(code) \(charset) \(text)" }
    }

    // Bytes produced with iconv from the UTF-8 text.
    static let cases: [Case] = [
        Case(code: "1", charset: "UTF-8", iban: "DE71110220330123456789",
             bytes: [0x4D, 0xC3, 0xBC, 0x6C, 0x6C, 0x65, 0x72], text: "Müller"),
        Case(code: "2", charset: "ISO-8859-1", iban: "DE71110220330123456789",
             bytes: [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], text: "Müller"),
        Case(code: "3", charset: "ISO-8859-2", iban: "PL61109010140000071219812874",
             bytes: [0xA3, 0xF3, 0x64, 0xBC], text: "Łódź"),
        Case(code: "4", charset: "ISO-8859-4", iban: "LV80BANK0000435195001",
             bytes: [0xAB, 0x69, 0x72, 0x74, 0x73], text: "Ģirts"),
        Case(code: "5", charset: "ISO-8859-5", iban: "BG80BNBG96611020345678",
             bytes: [0xB8, 0xD2, 0xD0, 0xDD], text: "Иван"),
        Case(code: "6", charset: "ISO-8859-7", iban: "GR1601101250000000012300695",
             bytes: [0xC1, 0xE8, 0xDE, 0xED, 0xE1], text: "Αθήνα"),
        Case(code: "7", charset: "ISO-8859-10", iban: "FI2112345600000785",
             bytes: [0xAF, 0xE5, 0xE5, 0xBB], text: "Ŋååŧ"),
        Case(code: "8", charset: "ISO-8859-15", iban: "DE71110220330123456789",
             bytes: [0xA4, 0x75, 0x72, 0x6F], text: "€uro"),
    ]

    @Test(arguments: cases)
    func declaredCharsetDecodesRealBytes(c: Case) throws {
        let r = try EPC.decode(Self.payload(code: c.code, iban: c.iban, name: c.bytes, text: c.bytes))
        #expect(r.creditor?.name == c.text)
        #expect(r.remittanceInformation == c.text)
        #expect(r.source.charset == c.charset)
        #expect(r.extras[EPCExtrasKey.charsetCode] == c.code)
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.status == .valid)
    }

    @Test func asciiPayloadReportsTheDeclaredCharset() throws {
        let r = try EPC.decode(Self.payload(code: "3", iban: "PL61109010140000071219812874", name: Array("Lodz".utf8)))
        #expect(r.source.charset == "ISO-8859-2")
        #expect(r.warnings.isEmpty)
    }

    @Test func iso8859_15DiffersFromLatin1() throws {
        // 0xA4 is € in ISO-8859-15 and ¤ in ISO-8859-1.
        let latin1 = try EPC.decode(Self.payload(code: "2", iban: "DE71110220330123456789", name: [0xA4]))
        let latin9 = try EPC.decode(Self.payload(code: "8", iban: "DE71110220330123456789", name: [0xA4]))
        #expect(latin1.creditor?.name == "¤")
        #expect(latin9.creditor?.name == "€")
    }

    @Test func utf8DeclaredAsLatin1IsAMismatch() throws {
        let r = try EPC.decode(Self.payload(code: "2", iban: "DE71110220330123456789", name: Array("Müller".utf8)))
        #expect(r.creditor?.name == "Müller")
        #expect(r.source.charset == "UTF-8")
        #expect(EPC.codes(r) == ["charset_mismatch"])
        #expect(r.warnings.first?.line == 3)
        #expect(r.warnings.first?.uncertain == true)
        #expect(r.status == .uncertain)
    }

    @Test func latin1DeclaredAsUTF8FallsBack() throws {
        let r = try EPC.decode(Self.payload(code: "1", iban: "DE71110220330123456789", name: [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]))
        #expect(r.creditor?.name == "Müller")
        #expect(r.source.charset == "ISO-8859-1")
        #expect(EPC.codes(r) == ["charset_fallback"])
        let w = try #require(r.warnings.first)
        #expect(w.line == 6)
        #expect(w.offset == 16)  // "BCD\n002\n1\nSCT\n\n" is 15 bytes, then "M"
        #expect(r.status == .uncertain)
    }

    @Test(arguments: ["9", "0", "A", "", "12"])
    func unknownCodeWithASCIIText(code: String) throws {
        let r = try EPC.decode(Self.payload(code: code, iban: "DE71110220330123456789", name: Array("Muller".utf8)))
        #expect(EPC.codes(r) == ["charset_fallback"])
        #expect(r.extras[EPCExtrasKey.charsetCode] == code)
        #expect(r.status == .valid, "ASCII reads the same in every charset")
    }

    @Test func unknownCodeWithUTF8Text() throws {
        let r = try EPC.decode(Self.payload(code: "9", iban: "DE71110220330123456789", name: Array("Müller".utf8)))
        #expect(r.creditor?.name == "Müller")
        #expect(r.source.charset == "UTF-8")
        #expect(EPC.codes(r) == ["charset_fallback"])
        #expect(r.status == .uncertain)
    }

    @Test func unknownCodeWithLatin1Text() throws {
        let r = try EPC.decode(Self.payload(code: "9", iban: "DE71110220330123456789", name: [0x4D, 0xFC]))
        #expect(r.creditor?.name == "Mü")
        #expect(r.source.charset == "ISO-8859-1")
    }

    @Test func bytesNoCharsetCanDecodeAreRejected() {
        // 0x80 is not UTF-8 here and a C1 control in ISO-8859-1.
        let err = EPC.error(Self.payload(code: "1", iban: "DE71110220330123456789", name: [0x4D, 0x80]))
        #expect(err?.code == .charsetInvalid)
        #expect(err?.line == 6)
        #expect(err?.offset == 16)
        #expect(err?.field == "creditor.name")
    }

    @Test func undefinedByteInDeclaredCharsetFallsBackToLatin1() throws {
        // 0xAE is unassigned in ISO-8859-7.
        let r = try EPC.decode(Self.payload(code: "6", iban: "GR1601101250000000012300695", name: [0x41, 0xAE]))
        #expect(r.source.charset == "ISO-8859-1")
        #expect(EPC.codes(r) == ["charset_fallback"])
        #expect(r.status == .uncertain)
    }

    @Test func nulBytesAreStrippedBeforeDecoding() throws {
        var bytes = Self.payload(code: "2", iban: "DE71110220330123456789", name: [0x4D, 0xFC, 0x00, 0x00])
        bytes.insert(0, at: 5)
        let r = try EPC.decode(bytes)
        #expect(r.creditor?.name == "Mü")
        #expect(EPC.codes(r) == ["nul_padding"])
    }

    @Test func textDecoderCountsCharacters() {
        let bytes = Array("ä".utf8)[...]
        #expect(EPCTextDecoder.characterCount("ä", bytes: bytes) == 1)
        #expect(EPCTextDecoder.characterCount("abc", bytes: Array("abc".utf8)[...]) == 3)
    }
}
