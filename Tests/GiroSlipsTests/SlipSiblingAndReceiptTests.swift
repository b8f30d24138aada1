import Giro
import Testing

/// `classify.absent` tells a form from its sibling by a label it does not print (the post's red ES has no
/// `Zugunsten von`, the bank's has), checked on load; a receipt part that repeats the form's labels does not give
/// the main part's fields (the Czech and Slovak postal orders).
@Suite struct SlipSiblingAndReceiptTests {
    /// A 200 × 60 mm form; `extra` adds anchors, `classify` keys after them.
    static func template(id: String, extraAnchors: String = "", classify: String = "") -> String {
        """
        {
          "schema": 1, "id": "\(id)", "country": "HR", "name": "Test", "currency": "EUR",
          "size": {"width": 200, "height": 60},
          "classify": {
            "anchors": [
              {"text": "PLAIN ORDER", "box": {"x": 80, "y": 2, "w": 30, "h": 4}},
              {"text": "ALPHA LABEL", "id": "alpha", "box": {"x": 5, "y": 10, "w": 20, "h": 3}},
              {"text": "BETA LABEL", "box": {"x": 100, "y": 10, "w": 20, "h": 3}},
              {"text": "GAMMA LABEL", "box": {"x": 5, "y": 30, "w": 20, "h": 3}}\(extraAnchors)
            ],\(classify)
            "minAnchors": 3
          },
          "zones": [
            {"field": "debtor.name", "box": {"x": 5, "y": 13.5, "w": 60, "h": 5}, "parser": "text", "label": {"anchor": "alpha", "value": "below"}}
          ]
        }
        """
    }

    static let plain = template(id: "hr.plain", classify: "\n\"absent\": [\"BANK MARK\"],")
    static let bank = template(id: "hr.plain-bank", extraAnchors: ",\n{\"text\": \"BANK MARK\", \"box\": {\"x\": 150, \"y\": 50, \"w\": 20, \"h\": 3}, \"required\": true}")

    static func load(_ text: String) throws -> SlipTemplate { try SlipTemplateLoader.load(Array(text.utf8), file: "test.json") }

    /// Words of `text` from (x, y), one per token, 30 px high (10 px per mm).
    static func place(_ text: String, _ x: Int, _ y: Int) -> [PageWord] {
        var cx = x
        return text.split(separator: " ").map { token in
            let w = 18 * token.count
            defer { cx += w + 12 }
            return PageWord(text: String(token), x: cx, y: y, w: w, h: 30)
        }
    }

    /// The form at 10 px per mm, its mark printed at (`markX`, `markY`) pixels when given.
    static func page(mark: (Int, Int)? = nil, height: Int = 600) -> PageWords {
        var words = place("PLAIN ORDER", 800, 20) + place("ALPHA LABEL", 50, 100) + place("BETA LABEL", 1000, 100)
            + place("GAMMA LABEL", 50, 300) + place("Ana Kovač", 60, 140)
        if let (x, y) = mark { words += place("BANK MARK", x, y) }
        return PageWords(width: 2000, height: height, words: words)
    }

    static func classes(_ templates: [SlipTemplate], _ page: PageWords) -> [String] {
        SlipReader(templates: templates).read(words: page).map(\.slipClass).filter { $0 != SlipReader.genericClass }
    }

    @Test func absentLabelsLoad() throws {
        #expect(try Self.load(Self.plain).absent == ["BANK MARK"])
        #expect(try Self.load(Self.bank).absent.isEmpty)
    }

    @Test func theFormWithoutTheMarkIsThePlainSibling() throws {
        let both = [try Self.load(Self.plain), try Self.load(Self.bank)]
        #expect(Self.classes(both, Self.page()) == ["hr.plain"])
        #expect(Self.classes(both, Self.page(mark: (1500, 500))) == ["hr.plain-bank"])
        // Alone, the plain template does not claim the form that prints the mark.
        #expect(Self.classes([try Self.load(Self.plain)], Self.page(mark: (1500, 500))).isEmpty)
    }

    @Test func aMarkOutsideTheFormDoesNotCount() throws {
        // Another slip's mark far below the form on the same page.
        let r = SlipReader(templates: [try Self.load(Self.plain)]).read(words: Self.page(mark: (1500, 1800), height: 2000))
        #expect(r.first?.slipClass == "hr.plain")
        #expect(r.first?.record.debtor?.name == "Ana Kovač")
    }

    @Test(arguments: [
        // An own label's wording (or part of one) would make the form exclude itself.
        ("\"absent\": [\"BANK MARK\"]", "\"absent\": [\"ALPHA\"]", "classify.absent[0]"),
        ("\"absent\": [\"BANK MARK\"]", "\"absent\": [\"BANK MARK\", \"gamma label\"]", "classify.absent[1]"),
        ("\"absent\": [\"BANK MARK\"]", "\"absent\": \"BANK MARK\"", "classify.absent"),
        ("\"absent\": [\"BANK MARK\"]", "\"absent\": [\"--\"]", "classify.absent[0]"),
        ("\"absent\": [\"BANK MARK\"]", "\"absent\": [1]", "classify.absent[0]"),
    ])
    func invalidAbsentLabels(_ replace: String, _ with: String, _ key: String) throws {
        let text = Self.plain.replacingOccurrences(of: replace, with: with)
        #expect(text != Self.plain)
        do throws(GiroError) {
            _ = try SlipTemplateLoader.load(Array(text.utf8), file: "test.json")
            Issue.record("loaded: \(with)")
        } catch {
            #expect(error.code == .slipTemplateInvalid && error.field == key, "\(error.message)")
        }
    }

    /// A receipt part at the left repeats `Payer` and `Amount`; the template (drawn without it) puts `Payer` at the
    /// left. The main part, printing the required title, gives the payer.
    @Test func aReceiptPartDoesNotGiveTheMainPartsFields() throws {
        let t = try Self.load("""
        {
          "schema": 1, "id": "cz.test", "country": "CZ", "name": "Test", "currency": "CZK",
          "size": {"width": 200, "height": 60},
          "classify": {
            "anchors": [
              {"text": "MAIN TITLE", "box": {"x": 80, "y": 2, "w": 30, "h": 4}, "required": true},
              {"text": "Payer", "id": "payer", "box": {"x": 5, "y": 30, "w": 10, "h": 3}},
              {"text": "Amount", "box": {"x": 140, "y": 10, "w": 10, "h": 3}},
              {"text": "Account", "box": {"x": 80, "y": 25, "w": 10, "h": 3}}
            ],
            "minAnchors": 3
          },
          "zones": [
            {"field": "debtor.name", "box": {"x": 5, "y": 33.5, "w": 60, "h": 5}, "parser": "text", "label": {"anchor": "payer", "value": "below"}}
          ]
        }
        """)
        let receipt = Self.place("Payer", 20, 300) + Self.place("RECEIPT NAME", 20, 340) + Self.place("Amount", 20, 100)
            + Self.place("12,00", 20, 140)
        let main = Self.place("MAIN TITLE", 900, 20) + Self.place("Amount", 1400, 100) + Self.place("12,00", 1400, 140)
            + Self.place("Account", 900, 250) + Self.place("Payer", 1500, 300) + Self.place("MAIN NAME", 1500, 340)
            + Self.place("Message for the payee of this payment order", 900, 500)
        let found = SlipReader(templates: [t]).read(words: PageWords(width: 2000, height: 600, words: receipt + main))
        let r = try #require(found.first { $0.slipClass == "cz.test" })
        #expect(r.record.debtor?.name == "MAIN NAME")
    }
}
