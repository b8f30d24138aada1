import Foundation
@testable import GiroSlips
import GiroImaging
import Testing

/// The global fit from synthetic label sets: every label of a template printed where a known transform puts it,
/// then copies in a receipt part, a look-alike far from its place, another scale. The fitted transform must be the
/// known one (the form's corners within a few pixels), and a fit larger than the page is not taken.
@Suite struct SlipFitTests {
    static let hub3a = SlipReader.builtInTemplates.first { $0.id == "hr.hub-3a" }

    /// One word per token of `text`, its line's left edge at `x` and vertical centre at `y` (pixels).
    /// `turn` (radians): the page's; each next word of the label steps along it, as on a turned scan.
    func label(_ text: String, x: Double, y: Double, height: Double, turn: Double = 0) -> [PageWord] {
        var out: [PageWord] = []
        var left = x, top = y
        for token in text.split(separator: " ") {
            let w = Double(token.count) * 0.55 * height
            out.append(PageWord(text: String(token), x: Int(left.rounded()), y: Int((top - height / 2).rounded()), w: Int(w.rounded()), h: Int(height.rounded())))
            left += (w + 0.4 * height) * cos(turn)
            top += (w + 0.4 * height) * sin(turn)
        }
        return out
    }

    /// Each anchor's own wording where `t` puts its reference point.
    func labels(_ template: SlipTemplate, _ t: SlipTransform) -> [PageWord] {
        template.anchors.flatMap { a -> [PageWord] in
            let p = t.apply(SlipClassifier.reference(a))
            return label(a.text, x: p.x, y: p.y, height: 2.2 * t.scale)
        }
    }

    /// The fitted form's corners against the known transform's, pixels.
    func cornerError(_ fit: SlipTransform, _ truth: SlipTransform, _ template: SlipTemplate) -> Double {
        [(0.0, 0.0), (template.width, 0.0), (template.width, template.height), (0.0, template.height)].map { c in
            let a = fit.apply(SlipPoint(x: c.0, y: c.1)), b = truth.apply(SlipPoint(x: c.0, y: c.1))
            return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }.max() ?? .infinity
    }

    @Test(arguments: [11.81, 6.0, 4.2])
    func aFormAtAnyScaleIsFittedAtItsScale(scale: Double) throws {
        let template = try #require(Self.hub3a)
        let truth = SlipTransform(a: scale, b: 0, c: 3 * scale, d: 0, e: scale, f: 2 * scale)
        let page = PageWords(width: Int(216 * scale), height: Int(104 * scale), words: labels(template, truth))
        let m = try #require(SlipClassifier.match(template, page: page))
        #expect(cornerError(m.transform, truth, template) < 0.02 * template.width * scale)
        #expect(abs(m.transform.scale / scale - 1) < 0.02)
    }

    @Test func receiptCopiesAndALookAlikeDoNotMoveTheFit() throws {
        let template = try #require(Self.hub3a)
        let scale = 11.81
        let truth = SlipTransform(a: scale, b: 0, c: 20, d: 0, e: scale, f: 15)
        var words = labels(template, truth)
        // A counterfoil at the right repeats the main part's labels at the same heights (HUB-3A's receipt).
        for id in ["model", "remit", "ref", "payeeIban"] {
            guard let a = template.anchors.first(where: { $0.id == id }) else { continue }
            let p = truth.apply(SlipPoint(x: 160, y: a.box.y + a.box.h / 2))
            words += label(a.text, x: p.x, y: p.y, height: 2.2 * scale)
        }
        // A look-alike of the amount's label in the payer's address block.
        let q = truth.apply(SlipPoint(x: 20, y: 30))
        words += label("Iznos", x: q.x, y: q.y, height: 2.2 * scale)
        let page = PageWords(width: 2560, height: 1220, words: words)
        let m = try #require(SlipClassifier.match(template, page: page))
        #expect(cornerError(m.transform, truth, template) < 10)
        // The fit's own label for each anchor is the main part's, not the copy's.
        for hit in m.anchors {
            let a = template.anchors[hit.anchor]
            let p = truth.apply(SlipClassifier.reference(a))
            #expect(abs(hit.center.x - p.x) < 5, "\(a.id ?? a.text) taken at \(hit.center.x), printed at \(p.x)")
        }
    }

    @Test func aFitLargerThanThePageIsNotTaken() throws {
        let template = try #require(Self.hub3a)
        let page = PageWords(width: 2480, height: 1169, words: [])
        // The form filling the page fits; at 1.6 times that size, reaching off the page's left edge, it does not.
        let filling = SlipTransform(a: 11.81, b: 0, c: 0, d: 0, e: 11.81, f: 0)
        #expect(SlipClassifier.fitsPage(filling, template, page))
        let oversized = SlipTransform(a: 19, b: 0, c: -1286, d: 0, e: 19, f: -264)
        #expect(!SlipClassifier.fitsPage(oversized, template, page))
        // A loose fit that large is brought onto the page at the largest scale it holds.
        let from = [SlipPoint(x: 96, y: 5), SlipPoint(x: 96, y: 46), SlipPoint(x: 5, y: 46)]
        let to = from.map(oversized.apply)
        let placed = SlipClassifier.onPage(oversized, template, page, from, to)
        #expect(SlipClassifier.fitsPage(placed, template, page))
        #expect(abs(placed.scale - min(2480 / template.width, 1169 / template.height)) < 0.01)
        // Unknown page size: no constraint.
        #expect(SlipClassifier.fitsPage(oversized, template, PageWords(width: 0, height: 0, words: [])))
    }

    static let sepaDE = SlipReader.builtInTemplates.first { $0.id == "de.sepa-ueberweisung" }

    /// The larger turn of the fitted form's two axes against the known ones, degrees.
    func axesTurn(_ fit: SlipTransform, _ truth: SlipTransform) -> Double {
        max(abs(atan2(fit.d, fit.a) - atan2(truth.d, truth.a)), abs(atan2(-fit.b, fit.e) - atan2(-truth.b, truth.e))) * 180 / .pi
    }

    /// A scan of the German form read with its labels in one column at the left and one beside them (`Betrag`),
    /// which another printer put 4 mm lower: that one label alone fixes the form's width axis, so an affine fit
    /// through it shears the form by 3° and misplaces the right-hand boxes by a row. The fit stays the scan's turn.
    /// The labels' words run along the scan's turn, as a turned page's do (level words on turned labels told the
    /// fit along the text that the page was level).
    @Test func oneLabelBesideAColumnDoesNotShearTheForm() throws {
        let template = try #require(Self.sepaDE)
        let scale = 11.81, turn = 2.0 * .pi / 180
        let truth = SlipTransform(a: scale * cos(turn), b: -scale * sin(turn), c: 120, d: scale * sin(turn), e: scale * cos(turn), f: 60)
        var words: [PageWord] = []
        for id in ["payerBank", "bic", "ref", "remit", "payer", "date"] {
            let a = try #require(template.anchors.first { $0.id == id })
            let p = truth.apply(SlipClassifier.reference(a))
            words += label(a.text, x: p.x, y: p.y, height: 2.2 * scale, turn: turn)
        }
        let amount = try #require(template.anchors.first { $0.id == "amount" })
        let r = SlipClassifier.reference(amount)
        let p = truth.apply(SlipPoint(x: r.x, y: r.y + 4))
        words += label(amount.text, x: p.x, y: p.y, height: 2.2 * scale, turn: turn)
        let page = PageWords(width: 2000, height: 1500, words: words)
        let m = try #require(SlipClassifier.match(template, page: page))
        #expect(m.anchors.count == 7)
        #expect(axesTurn(m.transform, truth) < 0.5)
        #expect(cornerError(m.transform, truth, template) < 3 * scale)
    }

    @Test func oneLabelOffAColumnLeavesTooLittleSpreadForAnAffine() {
        let column = (0..<5).map { SlipPoint(x: 8, y: 10 + 18 * Double($0)) }
        #expect(!SlipClassifier.spreads(column + [SlipPoint(x: 90, y: 43)]))
        // Two labels beside the column (at different heights) fix the width axis between them.
        #expect(SlipClassifier.spreads(column + [SlipPoint(x: 90, y: 43), SlipPoint(x: 60, y: 90)]))
    }
}
