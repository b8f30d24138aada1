import Foundation
import Giro
import Testing

/// Forms drawn by other printers: the same labels and values, but stretched unevenly (0.92 × 1.08), each printed
/// row of labels and boxes moved by millimetres, labels in another wording. Zones are placed from the labels found
/// and checked values are assigned near them, so the record must come out as on Giro's own render; and no label
/// text is ever returned as a value, on the own renders or on these pages.
@Suite struct SlipLabelPlacementTests {
    static let reader = SlipReader.builtIn
    static let templates = SlipReader.builtInTemplates

    /// The fields compared between the own render and the perturbed page.
    static func fields(_ r: PaymentRecord) -> [String: String] {
        var out: [String: String] = [:]
        out["iban"] = r.creditor?.account?.iban ?? r.creditor?.account?.number
        out["amount"] = r.amount.map { "\($0.value) \($0.currency)" }
        out["reference"] = r.reference.map { ($0.model ?? "") + " " + $0.value }
        out["creditor"] = r.creditor?.name
        out["debtor"] = r.debtor?.name
        return out
    }

    /// Deterministic pseudo-random numbers (a test must fail the same way twice).
    struct Dice {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(state >> 11) / Double(UInt64(1) << 53)
            return range.lowerBound + u * (range.upperBound - range.lowerBound)
        }
    }

    /// The page's words as another printer would place them: form millimetres scaled by `sx`, `sy`, and every row
    /// of the form (from one row of labels down to the next) moved by its own offset, its values with it.
    static func perturbed(_ page: PageWords, reading: SlipReading, template t: SlipTemplate, sx: Double, sy: Double, seed: UInt64,
                          rename: [String: String] = [:]) -> PageWords {
        let c = reading.corners
        let k = Double(c[1][0] - c[0][0]) / t.width
        let ox = Double(c[0][0]), oy = Double(c[0][1])
        // Rows start at each distinct label height.
        let rows = Array(Set(t.anchors.map { ($0.box.y * 2).rounded() / 2 })).sorted()
        var dice = Dice(state: seed)
        var shifts = rows.map { _ in (dice.next(-6...6), dice.next(-1.5...1.5)) }
        // Rows keep their order and three quarters of their spacing: two label lines never print over each other.
        for i in rows.indices.dropFirst() {
            shifts[i].1 = max(shifts[i].1, shifts[i - 1].1 - 0.25 * (rows[i] - rows[i - 1]) * sy)
        }
        var out = page
        out.words = page.words.map { w in
            let mx = (Double(w.x) - ox) / k, my = (Double(w.y) + Double(w.h) / 2 - oy) / k
            let row = rows.lastIndex { $0 <= my + 0.5 } ?? 0
            let nx = ox + (mx * sx + shifts[row].0) * k + 40, ny = oy + (my * sy + shifts[row].1) * k + 40
            var text = w.text
            if let other = rename[w.text] { text = other }
            let width = Int((Double(w.w) * sx * Double(max(text.count, 1)) / Double(max(w.text.count, 1))).rounded())
            return PageWord(text: text, x: Int(nx.rounded()), y: Int((ny - Double(w.h) / 2).rounded()), w: width, h: w.h, confidence: w.confidence)
        }
        out.width = Int(Double(page.width) * 1.2) + 80
        out.height = Int(Double(page.height) * 1.2) + 80
        return out
    }

    /// Own renders of these classes, read again after perturbation (the classes whose renders print each value in
    /// a box headed by its label).
    static let cases: [(slipClass: String, name: String)] = [
        ("de.sepa-ueberweisung", "invoice"), ("hr.hub-3a", "water-bill"), ("si.upn", "rent"),
        ("at.zahlungsanweisung", "utility"), ("ch.esr", "spec-example"), ("cz.postovni-poukazka-a", "rent"),
    ]

    static func load(_ slipClass: String, _ name: String) throws -> (PageWords, SlipReading, SlipTemplate)? {
        let url = SlipFixtures.folder.appendingPathComponent("\(slipClass)/\(name)-scan.words")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: url))
        let found = reader.read(words: page)
        let t = try #require(templates.first { $0.id == slipClass })
        let own = try #require(found.first { $0.slipClass == slipClass }, "own render \(slipClass)/\(name) not read")
        return (page, own, t)
    }

    @Test(arguments: [(0.92, 1.08), (1.08, 0.92), (1.0, 1.0)])
    func perturbedFormsReadAsTheOwnRender(_ scale: (Double, Double)) throws {
        var compared = 0
        for (slipClass, name) in Self.cases {
            guard let (page, own, t) = try Self.load(slipClass, name) else { continue }
            for seed in [UInt64(1), 7, 23] {
                let other = Self.perturbed(page, reading: own, template: t, sx: scale.0, sy: scale.1, seed: seed)
                let found = Self.reader.read(words: other).filter { $0.slipClass != SlipReader.unknownClass }
                #expect(found.map(\.slipClass) == [slipClass], "\(slipClass)/\(name) × \(scale) seed \(seed): classified as \(found.map(\.slipClass))")
                guard let got = found.first else { continue }
                let want = Self.fields(own.record)
                for (key, value) in want {
                    #expect(Self.fields(got.record)[key] == value, "\(slipClass)/\(name) × \(scale) seed \(seed): \(key)")
                }
                compared += 1
            }
        }
        #expect(compared >= 10)
    }

    /// Folded tokens (case and diacritics ignored), as labels are compared.
    static func tokens(_ s: String) -> [String] {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Every label wording of every template of two or more tokens, and one-token wordings of four or more letters.
    static let labelWordings: [[String]] = templates.flatMap { t in t.anchors.flatMap(\.wordings) }
        .map(tokens).filter { $0.count >= 2 || ($0.first?.count ?? 0) >= 4 }

    /// The text fields of a record that print a label wording whole (`Betrag Euro Cent`, `Angaben zum
    /// Zahlungsempfänger`).
    static func labelTexts(_ r: PaymentRecord) -> [String] {
        var texts = [r.creditor?.name, r.debtor?.name, r.remittanceInformation, r.purpose, r.reference?.value].compactMap { $0 }
        texts += (r.creditor?.address?.lines ?? []) + (r.debtor?.address?.lines ?? [])
        return texts.filter { text in
            let have = tokens(text)
            return labelWordings.contains { want in
                have.count >= want.count && (0...(have.count - want.count)).contains { Array(have[$0..<($0 + want.count)]) == want }
            }
        }
    }

    @Test(arguments: SlipFixtures.cases())
    func noLabelIsReturnedAsAValueOnOwnRenders(_ c: SlipFixtures.Case) throws {
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        for r in Self.reader.read(words: page) {
            #expect(Self.labelTexts(r.record).isEmpty, "\(c.testDescription): \(Self.labelTexts(r.record))")
        }
    }

    @Test func noLabelIsReturnedAsAValueOnPerturbedPages() throws {
        for (slipClass, name) in Self.cases {
            guard let (page, own, t) = try Self.load(slipClass, name) else { continue }
            for seed in [UInt64(3), 11] {
                for r in Self.reader.read(words: Self.perturbed(page, reading: own, template: t, sx: 0.92, sy: 1.08, seed: seed)) {
                    #expect(Self.labelTexts(r.record).isEmpty, "\(slipClass)/\(name) seed \(seed): \(Self.labelTexts(r.record))")
                }
            }
        }
    }
}
