import Foundation
@testable import GiroSlips
import GiroImaging
import Testing

/// A zone under its label is cropped where its label is printed, a row up or down from the global fit's place, once
/// the label stands 1.5 mm or more from where the fit puts it (`SlipLabelPlacement.cropRowShiftMM`); less is a word
/// box's own noise and the crop stays — and only where the zone's own words stand nearer its middle than the template
/// box's (a label moved alone leaves the crop). Synthetic word sets: Giro's own Austrian render (300 dpi) with the
/// payee's label (and its name) moved as another printer prints them.
@Suite struct SlipCropRowTests {
    /// The own render's words, the payee's label (`EmpfängerIn Name/Firma`, y = 130 px) moved down by `dy` pixels,
    /// and its name (`Wiener Stadtwerke GmbH`, y = 177 px) by `nameDY`.
    func payeeCrop(movedBy dy: Int, nameBy nameDY: Int = 0) throws -> (crop: SlipBox, box: SlipBox, pxPerMM: Double) {
        let url = SlipFixtures.folder.appendingPathComponent("at.zahlungsanweisung/utility-scan.words")
        var page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        let label: Set<String> = ["EmpfängerIn", "Name/Firma"]
        for i in page.words.indices where page.words[i].y == 130 && label.contains(page.words[i].text) {
            page.words[i].y += dy
        }
        let name: Set<String> = ["Wiener", "Stadtwerke", "GmbH"]
        for i in page.words.indices where page.words[i].y == 177 && name.contains(page.words[i].text) {
            page.words[i].y += nameDY
        }
        let t = try #require(SlipReader.builtInTemplates.first { $0.id == "at.zahlungsanweisung" })
        let m = try #require(SlipClassifier.match(t, page: page))
        let excluding = Set(m.anchors.flatMap(\.words)).union(SlipReader.builtIn.labelWords(m, page: page))
        let zones = SlipZoneReader.read(m, page: page, excluding: excluding)
        let k = try #require(t.zones.firstIndex { $0.field == "creditor.name" })
        return (zones[k].crop ?? t.zones[k].box, t.zones[k].box, m.transform.scale)
    }

    /// The label and its name 2.5 mm higher (30 px), the name's middle above the template's box: the crop moves
    /// up with them, not across.
    @Test func aLabelAndItsValueHalfALineOffMoveTheCrop() throws {
        let (crop, box, ppm) = try payeeCrop(movedBy: -30, nameBy: -30)
        let shift = crop.y - box.y
        #expect(shift < -1.5 && shift > -3, "moved with the label (\(-30 / ppm) mm): \(shift) mm")
        #expect(crop.x == box.x && crop.w == box.w && crop.h == box.h)
    }

    /// The label alone 2.5 mm higher, its name where it was: the crop stays on the name.
    @Test func aLabelMovedAloneLeavesTheCrop() throws {
        let (crop, box, _) = try payeeCrop(movedBy: -30)
        #expect(crop == box)
    }

    /// The label 0.6 mm lower (7 px, a word box's noise): the crop stays the template's box.
    @Test func aWordBoxsNoiseLeavesTheCrop() throws {
        let (crop, box, _) = try payeeCrop(movedBy: 7)
        #expect(crop == box)
    }
}
