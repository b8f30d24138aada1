import Giro
import Testing

/// A form whose required label the OCR lost (printed across a box's line, blurred on a photo) is still recognised
/// when enough of its own labels — ones no other loaded template prints — agree on its fit
/// (`SlipClassifier.relaxedMatch`); a form whose labels its siblings print too is not, and neither is any form by a
/// template loaded alone.
@Suite struct SlipRequiredLabelLostTests {
    static let templates = SlipReader.builtInTemplates

    /// The template's labels printed where its boxes say (10 px per mm, one word per token), leaving out `without`
    /// and printing `garbled` instead of the labels it names (the OCR's reading of a label across a box's line).
    static func page(_ id: String, without: Set<String>, garbled: [String: String] = [:]) throws -> PageWords {
        let t = try #require(templates.first { $0.id == id })
        var words: [PageWord] = []
        for a in t.anchors where !without.contains(a.id ?? a.text) || garbled[a.id ?? a.text] != nil {
            var x = Int(a.box.x * 10)
            let y = Int(a.box.y * 10)
            for token in (garbled[a.id ?? a.text] ?? a.text).split(separator: " ") {
                let w = 15 * token.count
                words.append(PageWord(text: String(token), x: x, y: y, w: w, h: 25, confidence: 0.9))
                x += w + 10
            }
        }
        return PageWords(width: Int(t.width * 10), height: Int(t.height * 10), words: words)
    }

    static func classes(_ templates: [SlipTemplate], _ page: PageWords) -> [String] {
        SlipReader(templates: templates).read(words: page).map(\.slipClass).filter { $0 != SlipReader.genericClass }
    }

    @Test func theMacedonianOrderWithoutItsAccountLabelIsStillRecognised() throws {
        // `Transakciska smetka na primačot` is required (the title is the Montenegrin order's too); its other
        // labels (`Cel na doznakata`, `Banka na primačot`, `Obrazec PP30` …) are printed by no other form.
        let page = try Self.page("mk.nalog-za-plakjanje-lat", without: ["account"],
                                 garbled: ["account": "Tramsekciskq sbretka na primate"])
        #expect(Self.classes(Self.templates, page) == ["mk.nalog-za-plakjanje-lat"])
        // Nothing like it printed where it belongs: another form than the one the template knows.
        #expect(Self.classes(Self.templates, try Self.page("mk.nalog-za-plakjanje-lat", without: ["account"])).isEmpty)
    }

    @Test func aSiblingFormWithoutATemplateIsNotTakenForTheLoadedOne() throws {
        // HUB 3A without its template: HUB 3 prints the same labels but for its form mark `Obr. HUB 3`, now its
        // only label the others lack; the HUB 3A page prints nothing like it, so it is no HUB 3.
        let loaded = Self.templates.filter { $0.id != "hr.hub-3a" }
        let page = try Self.page("hr.hub-3a", without: [])
        #expect(!Self.classes(loaded, page).contains("hr.hub-3"))
    }

    @Test func aFormWhoseLabelsItsSiblingsPrintNeedsItsRequiredLabel() throws {
        // The Montenegrin order's labels are nearly all the Bosnian or Serbian order's too: without its required
        // payer's account label nothing tells it, and no template claims it.
        let page = try Self.page("me.nalog-za-placanje", without: ["payerAccount"])
        #expect(Self.classes(Self.templates, page).isEmpty)
    }

    @Test func aFormWhoseLabelsItsSiblingsPrintIsTakenFarAheadOfThem() throws {
        // The payer's account label read across its box's line (`Račun platioca` as `Racun piavoce`): the
        // Montenegrin order's other labels are the Bosnian or Serbian order's too, but far more of them agree on
        // its fit than on any of theirs (`SlipClassifier.aheadOfSiblings`).
        let page = try Self.page("me.nalog-za-placanje", without: ["payerAccount"], garbled: ["payerAccount": "Racun piavoce"])
        #expect(Self.classes(Self.templates, page) == ["me.nalog-za-placanje"])
        // The Serbian order with its title lost, the label read there as the Montenegrin one's payer's account
        // would be: its own fit is ahead of the Montenegrin template's, which claims nothing.
        let serbian = try Self.page("rs.nalog-za-uplatu", without: ["title"], garbled: ["title": "Racun piavoce"])
        #expect(!Self.classes(Self.templates, serbian).contains("me.nalog-za-placanje"))
    }

    @Test func aTemplateAloneClaimsNoFormWithoutItsRequiredLabel() throws {
        // Alone, every label of the template is its own: its siblings are not loaded, so its required label stays
        // required (the confusion matrix runs every template alone against every other class's slips).
        let id = "mk.nalog-za-plakjanje-lat"
        let alone = try #require(Self.templates.first { $0.id == id })
        let page = try Self.page(id, without: ["account"], garbled: ["account": "Tramsekciskq sbretka na primate"])
        #expect(Self.classes([alone], page).isEmpty)
    }
}
