import Foundation
import Giro
import Testing

/// The plug-ins' national text fields through `ParserGroup.registry` (what `giro parse` and `/v1/parse` run):
/// look-alikes repaired only when the field's check confirms them, `--country` selection, every national
/// candidate naming its country, junk never trapping.
@Suite struct NationalParserTests {
    func parse(_ text: String, country: String? = nil, parsers: String = "iban,amount,date,reference,national") throws -> [ParseCandidate] {
        let group = try ParserGroup.registry(parsers.split(separator: ",").map(String.init), country: country)
        return try group.parse(text, context: ParseContext(country: country))
    }

    // Germany: the BZÜ reference, the worked example of zahlungsverkehrsfragen.de (1008454561158, check digit 8).
    @Test func germanBZUReferenceRepairedWhenTheCheckConfirms() throws {
        let found = try parse("Verwendungszweck: 1OO8 4545 6ll5 8", country: "DE")
        let c = try #require(found.first { $0.type == "de.bzue" })
        #expect(c.value == "1008454561158" && c.status == .valid && c.fields["country"] == "DE" && c.notes == ["repaired"])
        #expect(c.corrections.map(\.from) == ["O", "O", "l", "l"] && c.fields["formatted"] == "1008 4545 6115 8")
        #expect(c.rawText == "1OO8 4545 6ll5 8" && c.span == ByteSpan(18, 34))
    }

    @Test func germanBZUReferenceNotRepairedWhenTheCheckFails() throws {
        // O read as 0 gives 1008454561157: the check digit does not hold, so the O stays and nothing is valid.
        let c = try #require(try parse("Verwendungszweck 1OO8454561157", country: "DE").first { $0.type == "de.bzue" })
        #expect(c.status == .invalid && c.value == "1OO8454561157" && c.corrections.isEmpty && c.notes.contains("check_failed"))
        // Unlabelled thirteen digits are no BZÜ reference (a tenth of all numbers would pass the check).
        #expect(try parse("Tel. 1008454561158", country: "DE").allSatisfy { $0.type != "de.bzue" })
    }

    @Test func aLongerRunIsCutAtASpaceAndTheAmountStaysAnAmount() throws {
        let found = try parse("Verwendungszweck 1008 4545 6115 8 12,50 EUR", country: "DE")
        #expect(found.contains { $0.type == "de.bzue" && $0.value == "1008454561158" && $0.span == ByteSpan(17, 33) })
        #expect(found.contains { $0.type == "amount" && $0.amount == Decimal(string: "12.5") })
        // Another running field's label nearer to the value takes it: the Zahlungsreferenz label is not the BZÜ's.
        #expect(try parse("Verwendungszweck: siehe Zahlungsreferenz 1008454561158").allSatisfy { $0.type != "de.bzue" })
    }

    // Hungary: befizetőazonosító, Luhn (papirstore.hu, hibridlevel.hu).
    @Test func hungarianPayerID() throws {
        let found = try parse("Befizetőazonosító: 98765432l7", country: "HU")
        let c = try #require(found.first { $0.type == "hu.befizetoazonosito" })
        #expect(c.value == "9876543217" && c.status == .valid && c.fields["country"] == "HU" && c.corrections.count == 1)
        let bad = try #require(try parse("befizeto azonosito 9876543218", country: "HU").first { $0.type == "hu.befizetoazonosito" })
        #expect(bad.status == .invalid)
    }

    // Austria: no published check digit, so only plain digits after the label, uncertain.
    @Test func austrianZahlungsreferenzIsUncertainAndNeverRepaired() throws {
        let c = try #require(try parse("Zahlungsreferenz 123456789012", country: "AT").first { $0.type == "at.zahlungsreferenz" })
        #expect(c.status == .uncertain && c.notes == ["no_check_digit"] && c.fields["country"] == "AT")
        #expect(try parse("Zahlungsreferenz 1234567B9012", country: "AT").allSatisfy { $0.type != "at.zahlungsreferenz" })
        #expect(try parse("Kundennummer 123456789012", country: "AT").allSatisfy { $0.type != "at.zahlungsreferenz" })
    }

    // The built-in scanners' types name their country too.
    @Test func builtInTypesNameTheirCountry() throws {
        let found = try parse("HR01 102-3057-89016 +++010/8068/17183+++ VS: 2024001")
        #expect(found.first { $0.type == "hr.model" }?.fields["country"] == "HR")
        #expect(found.first { $0.type == "be.ogm" }?.fields["country"] == "BE")
        #expect(found.first { $0.type == "cz.vs" }?.fields["country"] == "CZ")
        // A Slovak slip's symbol names Slovakia (the type is shared).
        #expect(try parse("VS: 2024001", country: "SK").first { $0.type == "cz.vs" }?.fields["country"] == "SK")
    }

    @Test func countryPicksItsOwnNationalParsers() throws {
        let text = "Verwendungszweck 1008454561158\nBefizetőazonosító: 9876543217\nHR01 102-3057-89016\nVS: 2024001"
        let all = Set(try parse(text).map(\.type))
        #expect(all.isSuperset(of: ["de.bzue", "hu.befizetoazonosito", "hr.model", "cz.vs"]), "\(all)")
        let german = Set(try parse(text, country: "DE").map(\.type))
        #expect(german.contains("de.bzue") && german.isDisjoint(with: ["hu.befizetoazonosito", "hr.model", "cz.vs"]), "\(german)")
        let croatian = Set(try parse(text, country: "HR").map(\.type))
        #expect(croatian.contains("hr.model") && !croatian.contains("de.bzue"), "\(croatian)")
        // A type named explicitly runs alone, whatever the country.
        let named = try parse(text, country: "HR", parsers: "hu.befizetoazonosito,cz.vs")
        #expect(Set(named.map(\.type)) == ["hu.befizetoazonosito", "cz.vs"], "\(named.map(\.type))")
    }

    @Test func unknownNamesAreRefused() {
        #expect(throws: GiroError.self) { try ParserGroup.registry(["xx.nothing"], country: nil) }
        #expect(ParserGroup.registryNames.contains("de.bzue") && ParserGroup.registryNames.contains("cz.vs"))
        #expect(Set(ParserGroup.registryNames).count == ParserGroup.registryNames.count)
    }

    @Test func textFieldsAreWellFormed() {
        for f in CountryRegistry.textFields {
            #expect(f.type.hasPrefix(f.country.lowercased() + ".") || f.type.hasPrefix("cz."), "\(f.type) of \(f.country)")
            #expect(CountryRegistry.country(f.country)?.textFields.contains { $0.type == f.type } == true)
            if let id = f.identifier, !f.shape.builtIn { #expect(id.country == f.country && id.isValid(id.example), "\(f.type)") }
        }
    }

    @Test func junkNeverTraps() throws {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789OolISBZG -/.,:\n\u{a0}VSKbefizetőazonosító verwendungszweck zahlungsreferenz+*")
        let parser = NationalFieldParser(fields: CountryRegistry.textFields)
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0...300, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "0" })
            let bytes = Array(text.utf8)
            for c in parser.scan(bytes, context: ParseContext()) {
                #expect(c.span.start >= 0 && c.span.end <= bytes.count && c.span.start < c.span.end)
            }
            _ = try parse(text)
        }
        for text in [String(repeating: "1", count: 100_000), String(repeating: "1 ", count: 50_000), String(repeating: "Verwendungszweck ", count: 5_000)] {
            _ = NationalFieldParser(fields: CountryRegistry.textFields).scan(Array(text.utf8), context: ParseContext())
        }
    }
}
