import GiroCore
import GiroSwitzerland
import Testing

/// IG 2.3 character set, NFC normalisation, UTF-8 / Latin-1 handling and the 997-character limit.
@Suite struct CharacterSetTests {
    @Test(arguments: ["Müller & Söhne", "Ștefan Țărână", "Őrség Kft.", "Prix: 12 €", "^~{}|\\", "Œuvre Ÿ ſ", "¡¿ ÿ"])
    func allowedText(_ name: String) {
        let r = SPC.record(SPC.with(SPC.base, [5: name]))
        #expect(r?.creditor?.name == name)
        #expect(r?.warnings.isEmpty == true, "\(r?.warnings ?? [])")
    }

    @Test(arguments: [("Ω", 0x3A9), ("😀", 0x1F600), ("\t", 0x09), ("\u{7F}", 0x7F), ("\u{85}", 0x85), ("ƀ", 0x180), ("\u{2028}", 0x2028)])
    func outsideTheSet(_ text: String, _ scalar: Int) {
        let r = SPC.record(SPC.with(SPC.base, [29: "Invoice " + text + " 42"]))
        #expect(r?.warnings.map(\.code) == [.characterOutsideSet])
        let w = r?.warnings.first
        #expect(w?.field == "remittanceInformation")
        #expect(w?.line == 30)
        #expect(w?.message.contains(String(scalar, radix: 16, uppercase: true)) == true)
        // The offset points at the character itself.
        let prefix = SPC.bytes(Array(SPC.base[..<29])).count + 1 + "Invoice ".utf8.count
        #expect(w?.offset == prefix)
        // Text is kept as written, not replaced.
        #expect(r?.remittanceInformation == "Invoice " + text + " 42")
    }

    @Test func decomposedTextIsNormalized() {
        let r = SPC.record(SPC.with(SPC.base, [9: "Zu\u{308}rich", 5: "A\u{30A}ngstro\u{308}m"]))
        #expect(r?.warnings.map(\.code) == [.unicodeNormalized, .unicodeNormalized])
        #expect(r?.creditor?.address?.town?.unicodeScalars.count == 6)
        #expect(r?.creditor?.name?.unicodeScalars.count == 8)
    }

    @Test func normalizationCountsComposedLength() {
        // 35 composed characters written with combining marks: within the town limit once normalised.
        let town = String(repeating: "u\u{308}", count: 35)
        let r = SPC.record(SPC.with(SPC.base, [9: town]))
        #expect(r?.warnings.map(\.code) == [.unicodeNormalized])
    }

    @Test func invalidUTF8FallsBackToLatin1() {
        var bytes = SPC.bytes(SPC.with(SPC.base, [9: "Z_rich"]))
        if let i = bytes.firstIndex(of: UInt8(ascii: "_")) { bytes[i] = 0xFC }
        let r = SPC.record(bytes)
        #expect(r?.creditor?.address?.town == "Zürich")
        #expect(r?.warnings.map(\.code) == [.charsetFallback])
        #expect(r?.status == .uncertain)
        #expect(r?.source.charset == "ISO-8859-1")
    }

    @Test func validUTF8IsReportedAsUTF8() {
        let r = SPC.record(SPC.with(SPC.base, [9: "Zürich"]))
        #expect(r?.source.charset == "UTF-8")
        #expect(r?.source.kind == "payload")
    }

    @Test func payloadOverNineHundredNinetySevenCharacters() {
        var lines = SPC.base
        for start in [4, 20] {
            lines[start + 1] = String(repeating: "N", count: 70)
            lines[start + 2] = String(repeating: "S", count: 70)
            lines[start + 3] = String(repeating: "1", count: 16)
            lines[start + 4] = String(repeating: "2", count: 16)
            lines[start + 5] = String(repeating: "T", count: 35)
        }
        lines[29] = String(repeating: "M", count: 40)
        lines += ["//S1/10/" + String(repeating: "1", count: 92), String(repeating: "A", count: 100), String(repeating: "B", count: 100)]
        let within = SPC.record(lines)
        #expect(within?.warnings.isEmpty == true)
        let count = SPC.bytes(lines).count
        #expect(count <= 997)
        // Fill the reserved ultimate creditor to pass 997 characters.
        lines.replaceSubrange(11...17, with: ["S", String(repeating: "U", count: 70), String(repeating: "S", count: 70),
                                             String(repeating: "1", count: 16), String(repeating: "2", count: 16),
                                             String(repeating: "T", count: 35), "CH"])
        let over = SPC.record(lines)
        #expect(Set(SPC.warningCodes(over)) == ["payload_over_limit", "ultimate_creditor_reserved"])
    }

    @Test func nonASCIICountsCharactersNotBytes() {
        // 70 two-byte characters: 140 bytes, 70 characters — within the name limit.
        let r = SPC.record(SPC.with(SPC.base, [5: String(repeating: "é", count: 70)]))
        #expect(r?.warnings.isEmpty == true)
    }
}
