import Foundation
import Giro
import GiroSlips
import Testing

/// Amounts in words per language (the numbers worked out by hand from each language's grammar of numerals), and
/// the `amount-words` rule on a Czech poštovní poukázka A that prints them under `Částka slovy`.
@Suite struct SlipAmountWordsTests {
    typealias R = SlipAmountWords.Reading

    @Test(arguments: [
        ("=osmsetčtyřicetosm=", R(units: 848, cents: nil)),
        ("čtyřitisícedvěstěpadesát", R(units: 4250, cents: nil)),
        ("jedenáct tisíc dvěstě třicet čtyři", R(units: 11234, cents: nil)),
        ("jednadvacet", R(units: 21, cents: nil)),
        ("dvaadvacet korun", R(units: 22, cents: nil)),
        ("sto korun padesát haléřů", R(units: 100, cents: 50)),
        ("pětset Kč 20/100", R(units: 500, cents: 20)),
        ("milion dvěstě tisíc", R(units: 1_200_000, cents: nil)),
        ("devětsetdevadesátdevět milionů devětsetdevadesátdevět tisíc devětsetdevadesátdevět", R(units: 999_999_999, cents: nil)),
        // OCR without diacritics reads the same.
        ("OSMSET CTYRICET OSM KORUN CESKYCH", R(units: 848, cents: nil)),
    ])
    func czech(_ text: String, _ expected: R) {
        #expect(SlipAmountWords.read(text, language: "ces") == expected)
    }

    @Test(arguments: [
        ("dvestošesťdesiatdva eur deväťdesiatdeväť centov", R(units: 262, cents: 99)),
        ("tisíc päťsto", R(units: 1500, cents: nil)),
        ("sedemnásť", R(units: 17, cents: nil)),
        ("dvadsaťjeden eur 5 centov", R(units: 21, cents: 5)),
        ("dvetisíc tristo", R(units: 2300, cents: nil)),
    ])
    func slovak(_ text: String, _ expected: R) {
        #expect(SlipAmountWords.read(text, language: "slk") == expected)
    }

    @Test(arguments: [
        ("tízezer-kétszázhetvennyolc", R(units: 10278, cents: nil)),
        ("háromszáztizenkettő forint", R(units: 312, cents: nil)),
        ("egymillió-ötszázezer", R(units: 1_500_000, cents: nil)),
        ("kétezer", R(units: 2000, cents: nil)),
        ("huszonöt Ft", R(units: 25, cents: nil)),
        ("Ezerkilencszázkilencvenkilenc", R(units: 1999, cents: nil)),
    ])
    func hungarian(_ text: String, _ expected: R) {
        #expect(SlipAmountWords.read(text, language: "hun") == expected)
    }

    /// Not a number of the language, or a malformed one: no reading, never a guess.
    @Test(arguments: [
        ("", "ces"), ("===", "ces"), ("Částka slovy", "ces"), ("osmosm", "ces"), ("sto sto", "ces"),
        ("tisíc milion", "ces"), ("dva tři", "ces"), ("a", "ces"), ("dva a", "ces"), ("korun", "ces"),
        ("osmset 12", "ces"), ("osmset", "hun"), ("ezerezer", "hun"), ("egy kettő", "hun"), ("hetvenhúsz", "hun"),
        ("dvadsať päť eur 120 centov", "slk"), ("osmset", "deu"), ("tízezer", "xx"),
    ])
    func noReading(_ text: String, _ language: String) {
        #expect(SlipAmountWords.read(text, language: language) == nil)
    }

    /// Junk never traps and never takes long: random bytes, long runs of short morphemes, every language.
    @Test func junkDoesNotCrash() {
        var g = SystemRandomNumberGenerator()
        let pieces = ["a", "sto", "set", "ste", "osm", "pet", "egy", "ket", "hat", "ot", "tizen", "ezer", "=", "-", " ", "/", "9", "é", "ř", "\u{0}", "🙂"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...60, using: &g)).map { _ in pieces.randomElement(using: &g) ?? "" }.joined()
            for code in ["ces", "slk", "hun"] { _ = SlipAmountWords.read(text, language: code) }
        }
        let long = String(repeating: "a", count: 10_000)
        #expect(SlipAmountWords.read(long, language: "ces") == nil)
        #expect(SlipAmountWords.read(String(repeating: "setsetset", count: 20), language: "ces") == nil)
    }

    // MARK: - The rule on a form

    /// The poukázka A render (4 250,00 Kč) with `Částka slovy` and the words added in the free space under the symbols.
    func page(words: String) throws -> PageWords {
        let url = SlipFixtures.folder.appendingPathComponent("cz.postovni-poukazka-a/rent-scan.words")
        var p = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        p.words.append(PageWord(text: "Částka", x: 1417, y: 700, w: 107, h: 29))
        p.words.append(PageWord(text: "slovy", x: 1542, y: 700, w: 89, h: 29))
        p.words.append(PageWord(text: words, x: 1429, y: 745, w: 600, h: 38))
        return p
    }

    func read(_ p: PageWords) throws -> PaymentRecord {
        try #require(SlipReader.builtIn.read(words: p).first).record
    }

    @Test func wordsThatAgreeMakeTheAmountChecked() throws {
        let base = try read(try page(words: "="))
        let r = try read(try page(words: "=čtyřitisícedvěstěpadesát="))
        #expect(r.amount?.value == Decimal(string: "4250"))
        #expect(r.status == base.status)
        #expect(r.diagnostics.filter { $0.code == .slipAmountWordsAgree }.count == 1)
        let before = try #require(base.provenance.first { $0.field == "amount" }?.confidence)
        let after = try #require(r.provenance.first { $0.field == "amount" }?.confidence)
        #expect(after >= 0.99 && after > before)
    }

    @Test func wordsThatDisagreeMakeTheRecordUncertain() throws {
        let r = try read(try page(words: "=čtyřitisícedvěstěšedesát="))
        #expect(r.amount?.value == Decimal(string: "4250"))
        #expect(r.status == .uncertain)
        let d = try #require(r.diagnostics.first { $0.code == .slipAmountWordsMismatch })
        #expect(d.field == "amount" && d.uncertain && d.message.contains("4260"))
    }

    @Test func unreadableWordsAreIgnored() throws {
        let base = try read(try page(words: "="))
        let r = try read(try page(words: "=čtyřitisícedvěstěpadesátx="))
        #expect(r == base)
        #expect(!r.diagnostics.contains { $0.code == .slipAmountWordsMismatch || $0.code == .slipAmountWordsAgree })
    }

    /// A form without the rule (the příkaz k úhradě prints no words) is not checked.
    @Test func aFormWithoutTheRuleIsNotChecked() throws {
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "cz.prikaz-k-uhrade" })
        #expect(!t.rules.contains(.amountWords))
        #expect(SlipReader.builtInTemplates.filter { $0.rules.contains(.amountWords) }.map(\.id).sorted()
                == ["cz.postovni-poukazka-a", "hu.csekk", "sk.postovy-poukaz-u"])
    }
}
