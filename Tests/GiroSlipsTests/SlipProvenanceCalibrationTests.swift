import Foundation
import Giro
import GiroTestSupport
import Testing

/// The per-field confidence means something: on the own renders (perfect words of every class and degradation),
/// every field reported at 0.9 or more is exact against the hand-written `.expect`. Prints the reliability table.
@Suite struct SlipProvenanceCalibrationTests {
    /// Provenance paths and the `.expect` field that states their truth.
    static let truthFields = ["creditor.account.iban": "iban", "amount": "amount", "reference": "reference",
                              "creditor.name": "creditor", "debtor.name": "debtor"]
    static let buckets: [(lo: Double, hi: Double)] = [(0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)]

    @Test func ownRendersAreCalibrated() throws {
        var table = [(n: Int, exact: Int)](repeating: (0, 0), count: Self.buckets.count)
        var wrongHigh: [String] = []
        var withProvenance = 0
        for c in SlipFixtures.cases() {
            let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
            guard let r = SlipReader.builtIn.read(words: page).first?.record else { continue }
            let e = try SlipExpectation(contentsOf: c.expect)
            if !r.provenance.isEmpty { withProvenance += 1 }
            for p in r.provenance {
                #expect(p.source == .callerOCR && p.page == 1 && p.box?.count == 4, "\(c): \(p)")
                guard let key = Self.truthFields[p.field], let want = e.expected(key) else { continue }
                let ok = SlipExpectation.observed(key, in: r) == want
                guard let b = Self.buckets.firstIndex(where: { p.confidence >= $0.lo && p.confidence < $0.hi }) else { continue }
                table[b].n += 1
                table[b].exact += ok ? 1 : 0
                if !ok, p.confidence >= 0.9 { wrongHigh.append("\(c) \(p.field) \(p.confidence)") }
            }
        }
        print("own renders, words: confidence → fields, share exact")
        for (b, row) in zip(Self.buckets, table) where row.n > 0 {
            print(String(format: "  %.2f–%.2f  %4d  %.1f %%", b.lo, min(b.hi, 1), row.n, 100 * Double(row.exact) / Double(row.n)))
        }
        #expect(withProvenance == SlipFixtures.cases().count)
        #expect(wrongHigh.isEmpty, "\(wrongHigh)")
        // The table is not empty at the top: checked fields are reported high.
        #expect(table[Self.buckets.count - 1].n > 50)
    }

    /// Each rule of the table, on one record: a held check is high, free text below 0.9, a label or an uncertain
    /// diagnostic low.
    @Test func theRuleTableOnOneSlip() throws {
        let c = try #require(SlipFixtures.cases().first { $0.slipClass == "hr.hub-3a" && $0.name == "water-bill" && $0.degradation == "scan" })
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        let r = try #require(SlipReader.builtIn.read(words: page).first?.record)
        func conf(_ f: String) -> Double? { r.provenance.first { $0.field == f }?.confidence }
        #expect(conf("creditor.account.iban") == 0.99)
        #expect(conf("reference") == 0.99)
        #expect((conf("creditor.name") ?? 1) < 0.9)
        #expect((conf("remittanceInformation") ?? 1) < 0.9)
        // The zone's box, in the page.
        let box = try #require(r.provenance.first { $0.field == "creditor.account.iban" }?.box)
        #expect(box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= page.width + 50 && box[1] + box[3] <= page.height + 50)
        // A field failing its check: the bad-IBAN case keeps no IBAN, so no IBAN provenance.
        let bad = try #require(SlipFixtures.cases().first { $0.slipClass == "hr.hub-3a" && $0.name == "bad-iban" })
        let br = try #require(SlipReader.builtIn.read(words: try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: bad.words))).first?.record)
        #expect(!br.provenance.contains { $0.field == "creditor.account.iban" })
        #expect(br.provenance.contains { $0.field == "amount" })
    }

    /// Kos-GIRO lists three of the payee's accounts under one label, all valid: a lost first line made the second
    /// the payee's account at 0.93 (perturbed scan). The payee's account there stays below 0.9.
    @Test func anAccountAmongListedAccountsIsBelowTheCheckedLevel() throws {
        let c = try #require(SlipFixtures.cases().first { $0.slipClass == "xk.kos-giro" && $0.name == "water-bill" && $0.degradation == "scan" })
        let page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        let r = try #require(SlipReader.builtIn.read(words: page).first?.record)
        let listed = try #require(r.provenance.first { $0.field == "creditor.account.iban" })
        #expect(r.creditor?.account?.iban == "XK051212012345678906")
        #expect(listed.confidence < 0.9)
    }

    /// A label's wording read into a value gets a low confidence, never ≥ 0.9.
    @Test func labelTextInAValueIsLow() throws {
        let c = try #require(SlipFixtures.cases().first { $0.slipClass == "hr.hub-3a" && $0.name == "water-bill" && $0.degradation == "scan" })
        var page = try JSONDecoder().decode(PageWords.self, from: Data(contentsOf: c.words))
        // A label read into the payee's name (`Naziv: Vodoopskrba d.o.o.`).
        let name = try #require(page.words.firstIndex { $0.text == "Vodoopskrba" })
        page.words[name].text = "Naziv: Vodoopskrba"
        let r = try #require(SlipReader.builtIn.read(words: page).first?.record)
        let p = try #require(r.provenance.first { $0.field == "creditor.name" })
        #expect(r.creditor?.name?.contains("Naziv:") == true)
        #expect(p.confidence < 0.5)
    }
}
