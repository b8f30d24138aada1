import Foundation
import GiroCore
import GiroParsers
import GiroTestSupport
import Testing

@Suite struct ParserBehaviourTests {
    static let slip = """
    UPLATNICA
    IBAN primatelja: HR12 1OO1 0051 8630 0016 O
    Model i poziv na broj: HR01 7269-68949637676-00018
    Iznos: 1.234,5O EUR   Datum izvršenja: 3l.O1.2025
    Opis: račun 31.01.2025, e-mail racuni@primjer.hr, VIN WVWZZZ1JZXW000001
    """

    @Test func groupResolvesOverlapsAndKeepsEveryField() throws {
        let found = try ParserGroup.standard().parse(Self.slip, context: ParseContext(country: "HR"))
        let byType = Dictionary(grouping: found, by: \.type)
        #expect(byType["iban"]?.map(\.value) == ["HR1210010051863000160"])
        #expect(byType["hr.model"]?.first?.status == .valid)
        #expect(byType["amount"]?.map(\.value) == ["1234.50"])
        #expect(Set(byType["date"]?.map(\.value) ?? []) == ["2025-01-31"])
        // No two kept claims of different parsers overlap.
        for a in found { for b in found where a.parser != b.parser { #expect(!a.span.overlaps(b.span), "\(a.value) / \(b.value)") } }
    }

    /// The README example, as written there.
    @Test func readmeExample() throws {
        let text = "IBAN HR12 1OO1 0051 8630 0016 O, iznos 1.234,5O EUR, rok 3l.O1.2025"
        let found = try ParserGroup.standard().parse(text, context: ParseContext(country: "HR"))
        let iban = try #require(found.first { $0.type == "iban" })
        #expect(iban.value == "HR1210010051863000160")
        #expect(iban.corrections.map(\.offset) == [11, 12, 30])
        #expect(iban.span == ByteSpan(5, 31) && iban.fields["bankCode"] == "1001005")
        #expect(try AmountParser().parse("12 100,- Kč").first?.amount == 12100)
        #expect(try AmountParser().parse("12 100,- Kč").first?.currency == "CZK")
        #expect(try DateParser().parse("2. ledna 2025").first?.value == "2025-01-02")
        #expect(found.contains { $0.type == "date" && $0.value == "2025-01-31" })
    }

    @Test func spansPointAtTheRawTextAndCorrectionsAtItsBytes() throws {
        let bytes = Array(Self.slip.utf8)
        for c in try ParserGroup.named(["iban", "amount", "date", "reference", "email", "vin"]).parse(bytes: bytes) {
            #expect(String(decoding: bytes[c.span.range], as: UTF8.self) == c.rawText)
            for fix in c.corrections {
                #expect(c.span.range.contains(fix.offset))
                #expect(String(decoding: bytes[fix.offset..<(fix.offset + fix.from.utf8.count)], as: UTF8.self) == fix.from)
            }
        }
    }

    @Test func candidatesRoundTripThroughJSONWithAmountsAsStrings() throws {
        let found = try ParserGroup.standard().parse(Self.slip)
        let data = try JSONEncoder().encode(found)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""amount":"1234.50""#))
        #expect(json.contains(#""schema":1"#))
        let back = try JSONDecoder().decode([ParseCandidate].self, from: data)
        #expect(back.map(\.value) == found.map(\.value))
        #expect(back.map(\.amount) == found.map(\.amount))
    }

    @Test func emailVINAndRaw() throws {
        let mail = try EmailParser().parse("Kontakt: Ivan.Horvat@Primjer.HR.")
        #expect(mail.map(\.value) == ["Ivan.Horvat@primjer.hr"])
        #expect(try EmailParser().parse("a@b, @x.hr, user@localhost").isEmpty)
        let vin = try VINParser().parse("VIN 1M8GDM9AXKP042788 / 1M8GDM9AYKP042788 / 1M8GDM9AXKPO42788").sorted { $0.span < $1.span }
        #expect(vin.map(\.status) == [.valid, .uncertain, .valid])
        #expect(vin.last?.value == "1M8GDM9AXKP042788")
        #expect(vin.last?.corrections == [Correction(offset: 55, from: "O", to: "0")])
        let raw = try RawParser().parse("  Iznos\u{00A0}\u{00A0}12,00 —  EUR\r\nНR12 Сafé\u{FB01}x \u{201E}ok\u{201C}\n\n")
        #expect(raw.map(\.value) == ["Iznos 12,00 - EUR", "HR12 Cafe\u{301}fix \"ok\"".precomposedStringWithCanonicalMapping])
        #expect(raw[1].corrections.contains(Correction(offset: raw[1].span.start, from: "Н", to: "H")))
        // Serbian Cyrillic words are left alone.
        #expect(try RawParser().parse("Београд").first?.value == "Београд")
    }

    @Test func regexParserNamedCapturesAndOCRTolerance() throws {
        let p = try RegexFieldParser(#"INV-(?<year>\d{4})-(?<no>\d{5})"#, ocrSubstitutions: 2)
        let found = try p.parse("Rechnung INV-2O24-00l23 vom 1.2.")
        let c = try #require(found.first)
        #expect(c.fields == ["year": "2024", "no": "00123"])
        #expect(c.corrections.count == 2)
        #expect(throws: GiroError.self) { try RegexFieldParser("(a") }
        do { _ = try RegexFieldParser("a(?=b)") } catch { #expect(error.code == .inputInvalid && error.field == "regex") }
    }

    @Test func monthNamesComeFromFoundationForEveryLanguage() throws {
        for (text, lang) in [("3. März 2025", "de"), ("3 mars 2025", "fr"), ("3 marzo 2025", "it"), ("3 maart 2025", "nl"),
                             ("March 3, 2025", "en"), ("3. ožujka 2025", "hr"), ("3. март 2025", "sr"), ("3. mart 2025", "sr"),
                             ("3. marec 2025", "sl"), ("3. března 2025", "cs"), ("3. marca 2025", "sk"), ("2025. március 3.", "hu"),
                             ("3 mars 2025", "sq")] {
            let c = try DateParser().parse(text, context: ParseContext(language: lang)).first
            #expect(c?.value == "2025-03-03", "\(text)")
        }
    }

    @Test func contextResolvesSeparatorAmbiguity() throws {
        #expect(try AmountParser().parse("Betrag 1.234").first?.status == .uncertain)
        #expect(try AmountParser().parse("Betrag 1.234", context: ParseContext(country: "DE")).first?.amount == 1234)
        #expect(try AmountParser().parse("1,234", context: ParseContext(currency: "KWD")).first?.amount == Decimal(string: "1.234"))
    }

    @Test func nationalFormsOnlyWithTheirCountry() throws {
        #expect(try IBANParser().parse("19-2000145399/0800").isEmpty)
        #expect(try IBANParser().parse("19-2000145399/0800", context: ParseContext(country: "CZ")).first?.fields["iban"] == "CZ6508000000192000145399")
        let gb = try IBANParser().parse("60-16-13 31926819", context: ParseContext(country: "GB"))
        #expect(gb.first?.status == .uncertain && gb.first?.notes == ["no_modulus_check"])
    }

    @Test func optionsSwitchOffWhatTheyName() throws {
        let badIBAN = "HR1210010051863000161"
        #expect(try IBANParser().parse(badIBAN).first?.status == .invalid)
        #expect(try IBANParser(reportInvalid: false).parse(badIBAN).isEmpty)
        #expect(try IBANParser(nationalForms: false).parse("2000145399/0800", context: ParseContext(country: "CZ")).isEmpty)
        #expect(try DateParser().parse("20250131").first?.notes == ["compact"])
        #expect(try DateParser(compactDates: false).parse("20250131").isEmpty)
        #expect(try ReferenceParser(reportInvalid: false).parse("RF17 5390 0754 7034").isEmpty)
    }

    @Test func limitsAreEnforcedWithATypedError() {
        var limits = ParseLimits()
        limits.maxInputBytes = 10
        #expect(throws: GiroError.self) { try AmountParser().parse("12,00 EUR 12,00 EUR", limits: limits) }
        do { _ = try DateParser().parse(String(repeating: "1", count: 11), limits: limits) } catch {
            #expect(error.code == .payloadTooLarge)
        }
        #expect(throws: GiroError.self) { try ParserGroup.named(["iban", "nope"]) }
    }

    /// Random bytes, random OCR-like text and pathological runs never crash any parser.
    @Test func junkNeverCrashes() throws {
        var rng = SplitMix64(seed: 1)
        let group = try ParserGroup.named(["iban", "amount", "date", "reference", "email", "raw", "vin"])
        let regex = try RegexFieldParser(#"(?<x>\d+)"#, ocrSubstitutions: 1)
        var inputs: [[UInt8]] = [[], [0xFF], [0xC2], [0xE2, 0x80], Array("+++".utf8), Array("RF".utf8), Array("HR12".utf8),
                                 Array(repeating: UInt8(ascii: "1"), count: 5000), Array(repeating: UInt8(ascii: "."), count: 3000),
                                 Array(String(repeating: "1.", count: 2000).utf8), Array(String(repeating: "HR12 ", count: 500).utf8),
                                 Array(String(repeating: "@", count: 1000).utf8), Array(String(repeating: "a@b.", count: 500).utf8)]
        let alphabet = Array("0123456789 .,-/'+*@OIlSBZGRFHRSIVS\n€Kččž".utf8)
        for _ in 0..<300 {
            let n = Int(rng.next() % 200)
            inputs.append((0..<n).map { _ in rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        var gen = OCRTextGenerator(seed: 3)
        inputs.append(gen.generate(bytes: 200_000))
        for bytes in inputs {
            let found = try group.parse(bytes: bytes)
            for c in found { #expect(c.span.start >= 0 && c.span.end <= bytes.count && c.span.start <= c.span.end) }
            _ = regex.scan(bytes, context: ParseContext())
        }
    }
}
