import Giro
import Testing

/// A zone with parser `national` reads the text field a plug-in declares (`type` option), with the zone as its
/// label: look-alikes repaired only when the check holds, a failed check leaves the field empty.
@Suite struct SlipNationalZoneTests {
    static let template = """
    {
      "schema": 1, "id": "de.test", "country": "DE", "name": "Test", "currency": "EUR",
      "size": {"width": 100, "height": 50},
      "classify": {
        "anchors": [
          {"text": "ONE", "box": {"x": 1, "y": 1, "w": 10, "h": 3}},
          {"text": "TWO", "box": {"x": 50, "y": 1, "w": 10, "h": 3}}
        ],
        "minAnchors": 2
      },
      "zones": [
        {"field": "amount", "box": {"x": 1, "y": 30, "w": 40, "h": 5}, "parser": "amount"},
        {"field": "reference", "box": {"x": 1, "y": 10, "w": 60, "h": 5}, "parser": "national", "options": {"type": "de.bzue"}}
      ]
    }
    """

    func read(_ reference: String) throws -> PaymentRecord? {
        var reader = SlipReader(templates: [try SlipTemplateLoader.load(Array(Self.template.utf8), file: "test.json")])
        reader.rules = SlipReader.builtInRules
        // 10 px per mm.
        let page = PageWords(width: 1000, height: 500, words: [
            PageWord(text: "ONE", x: 10, y: 10, w: 100, h: 30), PageWord(text: "TWO", x: 500, y: 10, w: 100, h: 30),
            PageWord(text: reference, x: 20, y: 110, w: 300, h: 30), PageWord(text: "12,50", x: 20, y: 310, w: 100, h: 30),
        ])
        return reader.read(words: page).first?.record
    }

    @Test func repairedWhenTheCheckConfirms() throws {
        let r = try #require(try read("1OO8454561158"))
        #expect(r.reference?.value == "1008454561158" && r.reference?.type.rawValue == "de.bzue" && r.reference?.valid == true)
    }

    @Test func leftEmptyWhenTheCheckFails() throws {
        let r = try #require(try read("1008454561157"))
        #expect(r.reference == nil && r.diagnostics.contains { $0.code == .slipFieldInvalid })
    }

    @Test func anUnknownTypeIsMissing() throws {
        let bad = Self.template.replacingOccurrences(of: "de.bzue", with: "xx.none")
        let t = try SlipTemplateLoader.load(Array(bad.utf8), file: "test.json")
        #expect(SlipReader.builtInRules.missing(for: t) == ["reference: no national text field xx.none"])
        #expect(SlipReader.builtInRules.missing(for: try SlipTemplateLoader.load(Array(Self.template.utf8), file: "t.json")).isEmpty)
    }
}
