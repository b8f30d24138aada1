import Foundation
import GiroCore
import Testing
@testable import GiroSlips

/// A label or the form's printed instruction is never a value: lines read with OCR noise from the built-in
/// templates' labels and `printed` text (the noisy lines are of the kind a phone photo's zone crop gives) are
/// dropped, a label at a value line's start and a bracketed hint at its end are cut off, and real values that
/// share a word with a label are kept.
@Suite struct SlipPrintedTextTests {
    static func template(_ id: String) throws -> SlipTemplate {
        try #require(SlipReader.builtInTemplates.first { $0.id == id })
    }

    static func read(_ id: String, field: String, _ lines: [String]) throws -> SlipValue? {
        let t = try template(id)
        let zone = try #require(t.zones.first { $0.field == field })
        let text = ZoneText(lines: lines, words: [], confidence: 80, box: [0, 0, 1, 1])
        return SlipFieldReader.read(zone, text: text, model: nil, template: t, currency: t.currency, rules: SlipNationalRules()).value
    }

    @Test func instructionLinesReadWithNoiseAreNoValue() throws {
        let de = SlipPrintedText.of(try Self.template("de.sepa-ueberweisung"))
        // The instruction under the remittance box, its first word split and garbled.
        #expect(de.valuePart(of: "noch V zweck {i max. 2 Zeilen a 27 Stellen, bei maschineller Beschriftung max. 2 Zeilen a 35 Stellen)") == nil)
        // The payer box's hint, `ß` read `B`, the line's start cut by the crop.
        #expect(de.valuePart(of: "K ER 27 Stellen, keine StraBen- oder Postfachangaben)") == nil)
        #expect(de.valuePart(of: "Angaben zum Zahlungsempfanger: Name, Vorname/Firma (max. 27 Stellen") == nil)
        let gb = SlipPrintedText.of(try Self.template("gb.bank-giro-credit"))
        #expect(gb.valuePart(of: "countertoil") == nil)
        #expect(gb.valuePart(of: "Please do not wrlte or mark below thls line") == nil)
    }

    @Test func labelPrefixAndBracketedHintAreCutOff() throws {
        let sk = SlipPrintedText.of(try Self.template("sk.postovy-poukaz-u"))
        #expect(sk.valuePart(of: "Sprava pre adreséla Poistné 628329") == "Poistné 628329")
        #expect(sk.valuePart(of: "VODARENSKA SPOLOCNOST POVAZIE (nazov a") == "VODARENSKA SPOLOCNOST POVAZIE")
        #expect(sk.valuePart(of: "Adresát (názov a adresa)") == nil)
    }

    @Test func valuesSharingALabelWordAreKept() throws {
        let de = SlipPrintedText.of(try Self.template("de.sepa-ueberweisung"))
        for value in ["KURSGEBÜHR FRÜHJAHR 2025", "VERSANDHAUS NORDLICHT GMBH", "DÖRTE SCHÄFER, KÖLN", "Max Name", "Miete Mai 2025", "RF25587130758847", "Kundennr 4711 Rechnung 2025-01"] {
            #expect(de.valuePart(of: value) == value)
        }
        let gb = SlipPrintedText.of(try Self.template("gb.bank-giro-credit"))
        for value in ["Eastvale Energy Ltd", "Northern Counties Bank", "6075 0629 9006"] {
            #expect(gb.valuePart(of: value) == value)
        }
    }

    /// Through the zone's parser: the instruction gives no reference, the prefixed remittance its value only.
    @Test func zoneParsersNeverReturnPrintedText() throws {
        #expect(try Self.read("de.sepa-ueberweisung", field: "reference",
                              ["noch V zweck {i max. 2 Zeilen a 27 Stellen, bei maschineller Beschriftung max. 2 Zeilen a 35 Stellen)"]) == nil)
        #expect(try Self.read("de.sepa-ueberweisung", field: "remittanceInformation",
                              ["KURSGEBÜHR FRÜHJAHR 2025", "K ER 27 Stellen, keine StraBen- oder Postfachangaben)"]) == .text("KURSGEBÜHR FRÜHJAHR 2025"))
        #expect(try Self.read("sk.postovy-poukaz-u", field: "remittanceInformation", ["Sprava pre adreséla Poistné 628329"]) == .text("Poistné 628329"))
        #expect(try Self.read("gb.bank-giro-credit", field: "creditor.name", ["countertoil"]) == nil)
    }

    /// The generic reader's vocabulary knows every form's printed text, OCR noise allowed.
    @Test func genericReaderTakesNoPrintedTextForAName() throws {
        let g = SlipGenericReader(vocabulary: SlipVocabulary(templates: SlipReader.builtInTemplates), rules: SlipNationalRules())
        #expect(g.isLabelText("countertoil"))
        #expect(g.isLabelText("Credit account"))
        #expect(!g.isLabelText("Eastvale Energy Ltd"))
        #expect(!g.isLabelText("James Robinson"))
    }

    @Test func printedTextLoadsAndIsChecked() throws {
        #expect(try Self.template("gb.bank-giro-credit").printed.contains("Counterfoil"))
        let base = #"{"schema": 1, "id": "hr.t", "country": "HR", "name": "T", "size": {"width": 100, "height": 50}, "languages": ["eng"], "#
            + #""classify": {"anchors": [{"text": "ALPHA", "box": {"x": 1, "y": 1, "w": 9, "h": 3}}, {"text": "BETA", "box": {"x": 50, "y": 1, "w": 9, "h": 3}}], "minAnchors": 2}, "#
            + #""zones": [{"field": "creditor.name", "box": {"x": 1, "y": 10, "w": 50, "h": 5}, "parser": "text"}]PRINTED}"#
        let ok = try SlipTemplateLoader.load(Array(base.replacingOccurrences(of: "PRINTED", with: #", "printed": ["(max. 27 Stellen)"]"#).utf8), file: "t.json")
        #expect(ok.printed == ["(max. 27 Stellen)"])
        #expect(try SlipTemplateLoader.load(Array(base.replacingOccurrences(of: "PRINTED", with: "").utf8), file: "t.json").printed.isEmpty)
        #expect(throws: GiroError.self) {
            try SlipTemplateLoader.load(Array(base.replacingOccurrences(of: "PRINTED", with: #", "printed": ["--"]"#).utf8), file: "t.json")
        }
    }
}
