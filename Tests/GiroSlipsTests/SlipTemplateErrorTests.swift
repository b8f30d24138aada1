import Giro
import Testing

/// A broken template is a `slip_template_invalid` error naming the file, the line and the key.
@Suite struct SlipTemplateErrorTests {
    static let good = """
    {
      "schema": 1,
      "id": "hr.test",
      "country": "HR",
      "name": "Test",
      "size": {"width": 100, "height": 50},
      "classify": {
        "anchors": [
          {"text": "ONE", "box": {"x": 1, "y": 1, "w": 10, "h": 3}},
          {"text": "TWO", "box": {"x": 50, "y": 1, "w": 10, "h": 3}}
        ],
        "minAnchors": 2
      },
      "zones": [
        {"field": "amount", "box": {"x": 1, "y": 10, "w": 40, "h": 5}, "parser": "amount", "required": true}
      ]
    }
    """

    func error(_ text: String) -> GiroError? {
        do {
            _ = try SlipTemplateLoader.load(Array(text.utf8), file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func theBaseTemplateLoads() throws {
        let t = try SlipTemplateLoader.load(Array(Self.good.utf8), file: "test.json")
        #expect(t.id == "hr.test" && t.zones.count == 1 && t.zones[0].required)
    }

    @Test(arguments: [
        // (replace, with, key, line)
        ("\"parser\": \"amount\"", "\"parser\": \"amounts\"", "zones[0].parser", 15),
        ("\"x\": 1, \"y\": 10, \"w\": 40", "\"x\": 70, \"y\": 10, \"w\": 40", "zones[0].box", 15),
        ("\"field\": \"amount\"", "\"field\": \"amount.value\"", "zones[0].field", 15),
        ("\"minAnchors\": 2", "\"minAnchors\": 3", "classify.minAnchors", 12),
        ("\"name\": \"Test\",", "\"name\": \"Test\", \"colour\": 1,", "colour", 5),
        ("\"id\": \"hr.test\"", "\"id\": \"si.test\"", "id", 3),
        ("\"schema\": 1", "\"schema\": 2", "schema", 2),
        ("\"text\": \"TWO\", \"box\": {\"x\": 50", "\"text\": \"TWO\", \"box\": {\"x\": 95", "classify.anchors[1].box", 10),
        ("\"required\": true", "\"required\": \"yes\"", "zones[0].required", 15),
        ("\"size\": {\"width\": 100", "\"size\": {\"width\": 100,", "$", 6),
        ("\"parser\": \"amount\", \"required\": true}", "\"parser\": \"reference\", \"required\": true, \"options\": {\"otherField\": \"creditor.name\"}}", "zones[0].options.otherField", 15),
        ("\"field\": \"amount\"", "\"field\": \"alternativeAccounts\"", "zones[0].parser", 15),
        ("\"required\": true}\n  ]", "\"required\": true}\n  ],\n\"rules\": [{\"rule\": \"account-check\"}]", "rules[0].rule", 17),
        // The account parser: its country is required and must be one it knows; it fills an account only.
        ("\"field\": \"amount\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"amount\"",
         "\"field\": \"creditor.account.iban\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"account\"", "zones[0].options.country", 15),
        ("\"parser\": \"amount\", \"required\": true", "\"parser\": \"account\", \"required\": true, \"options\": {\"country\": \"CZ\"}", "zones[0].parser", 15),
        ("\"field\": \"amount\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"amount\", \"required\": true",
         "\"field\": \"creditor.account.iban\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"account\", \"options\": {\"country\": \"de\"}",
         "zones[0].options.country", 15),
        ("\"field\": \"amount\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"amount\", \"required\": true",
         "\"field\": \"creditor.account.iban\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"account\", \"options\": {\"country\": \"CZ\", \"bankZone\": \"creditor.account.bankCode\"}",
         "zones[0].options.bankZone", 15),
        ("\"field\": \"amount\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"amount\", \"required\": true",
         "\"field\": \"creditor.account.iban\", \"box\": {\"x\": 1, \"y\": 10, \"w\": 40, \"h\": 5}, \"parser\": \"account\", \"options\": {\"country\": \"CZ\", \"bankZone\": \"amount\"}",
         "zones[0].options.bankZone", 15),
        // Labels: a zone's label must name an anchor, with a known placement; variants must be wordings.
        ("\"required\": true}\n  ]", "\"required\": true, \"label\": {\"anchor\": \"THREE\", \"value\": \"below\"}}\n  ]", "zones[0].label.anchor", 15),
        ("\"required\": true}\n  ]", "\"required\": true, \"label\": {\"anchor\": \"ONE\", \"value\": \"above\"}}\n  ]", "zones[0].label.value", 15),
        ("{\"text\": \"ONE\",", "{\"text\": \"ONE\", \"variants\": [\"--\"],", "classify.anchors[0].variants", 9),
        ("{\"text\": \"TWO\",", "{\"text\": \"TWO\", \"id\": \"\", \"variants\": [\"ZWEI\"],", "classify.anchors[1].id", 10),
    ])
    func brokenTemplate(_ replace: String, _ with: String, _ key: String, _ line: Int) throws {
        let text = Self.good.replacingOccurrences(of: replace, with: with)
        #expect(text != Self.good)
        let e = try #require(error(text))
        #expect(e.code == .slipTemplateInvalid)
        #expect(e.field == key)
        #expect(e.line == line)
        #expect(e.message.hasPrefix("test.json:\(line): "))
    }

    /// An account with its bank code in a box of its own, and the CZ/SK symbols as fields.
    @Test func accountWithBankZoneLoads() throws {
        let text = Self.good.replacingOccurrences(of: "\"parser\": \"amount\", \"required\": true}", with: """
        "parser": "amount", "required": true},
            {"field": "creditor.account.iban", "box": {"x": 1, "y": 20, "w": 40, "h": 5}, "parser": "account", "options": {"country": "CZ", "bankZone": "creditor.account.bankCode"}},
            {"field": "creditor.account.bankCode", "box": {"x": 50, "y": 20, "w": 20, "h": 5}, "parser": "digits", "options": {"length": 4}},
            {"field": "symbols.variable", "box": {"x": 1, "y": 30, "w": 40, "h": 5}, "parser": "digits"}
        """)
        let t = try SlipTemplateLoader.load(Array(text.utf8), file: "test.json")
        #expect(t.zones.map(\.parser) == [.amount, .account, .digits, .digits])
        #expect(t.zones[1].options == ["country": "CZ", "bankZone": "creditor.account.bankCode"])
    }

    /// A label's other wordings and a zone placed by its label.
    @Test func labelsAndVariantsLoad() throws {
        let text = Self.good.replacingOccurrences(of: "{\"text\": \"TWO\",", with: "{\"text\": \"TWO\", \"id\": \"two\", \"variants\": [\"ZWEI\", \"DEUX\"],")
            .replacingOccurrences(of: "\"required\": true}\n  ]", with: "\"required\": true, \"label\": {\"anchor\": \"two\", \"value\": \"below\"}}\n  ]")
        let t = try SlipTemplateLoader.load(Array(text.utf8), file: "test.json")
        #expect(t.anchors[1].wordings == ["TWO", "ZWEI", "DEUX"])
        #expect(t.zones[0].label == SlipZoneLabel(anchor: 1, value: .below))
    }

    @Test func duplicateIdsAcrossFilesAreRefused() throws {
        let bytes = Array(Self.good.utf8)
        #expect(throws: GiroError.self) { try SlipTemplateLoader.loadAll([("a.json", bytes), ("b.json", bytes)]) }
    }

    @Test func junkNeverCrashes() {
        var rng = SystemRandomNumberGenerator()
        let seeds = ["", "{", "[]", "null", "{\"schema\": 1}", String(repeating: "[", count: 5000), "\"\\u12\"", "{\"a\":1,\"a\":2}"]
        for s in seeds { #expect(error(s)?.code == .slipTemplateInvalid, "\(s.prefix(20))") }
        let good = Array(Self.good.utf8)
        for _ in 0..<300 {
            var b = good
            for _ in 0..<3 { b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            _ = try? SlipTemplateLoader.load(b, file: "junk.json")
        }
    }
}
