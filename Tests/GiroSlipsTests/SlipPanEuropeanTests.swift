import Giro
import Testing

/// A template whose `country` is `SEPA` (a form printed across the SEPA area): it loads, its id must start with
/// `sepa.`, its records take the creditor IBAN's country, and the built-in one is tried after every national form.
@Suite struct SlipPanEuropeanTests {
    static let template = """
    {
      "schema": 1, "id": "sepa.test", "country": "SEPA", "name": "Test", "currency": "EUR",
      "size": {"width": 100, "height": 50},
      "classify": {
        "anchors": [
          {"text": "ONE", "box": {"x": 1, "y": 1, "w": 10, "h": 3}},
          {"text": "TWO", "box": {"x": 50, "y": 1, "w": 10, "h": 3}}
        ],
        "minAnchors": 2
      },
      "zones": [
        {"field": "creditor.account.iban", "box": {"x": 1, "y": 10, "w": 90, "h": 5}, "parser": "iban", "required": true},
        {"field": "amount", "box": {"x": 1, "y": 30, "w": 40, "h": 5}, "parser": "amount"}
      ]
    }
    """

    func read(_ iban: String, template: String = Self.template) throws -> PaymentRecord? {
        let reader = SlipReader(templates: [try SlipTemplateLoader.load(Array(template.utf8), file: "test.json")])
        // 10 px per mm.
        let page = PageWords(width: 1000, height: 500, words: [
            PageWord(text: "ONE", x: 10, y: 10, w: 100, h: 30), PageWord(text: "TWO", x: 500, y: 10, w: 100, h: 30),
            PageWord(text: iban, x: 20, y: 110, w: 500, h: 30), PageWord(text: "12,50", x: 20, y: 310, w: 100, h: 30),
        ])
        return reader.read(words: page).first?.record
    }

    @Test func theRecordTakesTheIBANsCountry() throws {
        let r = try #require(try read("FR1420041010050500013M02606"))
        #expect(r.format == "sepa.test" && r.source.slipClass == "sepa.test")
        #expect(r.country == "FR" && r.creditor?.account?.iban == "FR1420041010050500013M02606")
    }

    @Test func noIBANNoCountry() throws {
        // Mod 97 fails: the IBAN is not used, and the record names no country rather than "SEPA".
        let r = try #require(try read("FR1520041010050500013M02606"))
        #expect(r.country == nil && r.creditor?.account?.iban == nil && r.status == .uncertain)
    }

    @Test func onlySEPAIsAcceptedBesidesISOCodes() {
        for (from, to, field) in [("\"country\": \"SEPA\"", "\"country\": \"EU\"", "country"),
                                  ("\"country\": \"SEPA\"", "\"country\": \"SEPA1\"", "country"),
                                  ("\"id\": \"sepa.test\"", "\"id\": \"be.test\"", "id")] {
            let bad = Self.template.replacingOccurrences(of: from, with: to)
            do {
                _ = try SlipTemplateLoader.load(Array(bad.utf8), file: "test.json")
                Issue.record("\(to) loaded")
            } catch {
                #expect(error.code == .slipTemplateInvalid && error.field == field, "\(to)")
            }
        }
    }

    @Test func theBuiltInBlockIsTriedLast() throws {
        let ids = SlipReader.builtInTemplates.map(\.id)
        #expect(ids.last == "sepa.payment-details")
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "sepa.payment-details" })
        #expect(t.country == "SEPA" && t.priority < 0 && t.anchors.contains { $0.required })
    }
}
