import Foundation
@testable import GiroSlips
import GiroImaging
import Testing

/// Label wordings matched against OCR words with the faults a sparse pass makes on small print (the development
/// sample's green Slovak form: `Speci ificky symbol`, `Cislo Gétu adresata v tvare IBAN`).
@Suite struct SlipLabelMatchTests {
    /// One line of words, 20 px high, left to right with a 12 px gap.
    func line(_ texts: [String], y: Int = 100) -> SlipClassifier.PageIndex {
        var x = 40
        var words: [PageWord] = []
        for t in texts {
            words.append(PageWord(text: t, x: x, y: y, w: 14 * t.count, h: 20))
            x += 14 * t.count + 12
        }
        return SlipClassifier.PageIndex(PageWords(width: 2000, height: 400, words: words), excluding: [])
    }

    @Test func aWordTheOCRSplitStillMatches() {
        let hits = SlipClassifier.hits(for: "Špecifický symbol", index: 0, in: line(["Speci", "ificky", "symbol"]))
        #expect(hits.map(\.words) == [[0, 1, 2]])
        let inner = SlipClassifier.hits(for: "Konštantný symbol", index: 0, in: line(["Konstan", "tny", "symbol"]))
        #expect(inner.map(\.words) == [[0, 1, 2]])
    }

    @Test func oneMisreadInnerTokenOfALongLabelMatches() {
        let hits = SlipClassifier.hits(for: "Číslo účtu adresáta v tvare IBAN", index: 0,
                                       in: line(["Cislo", "Gétu", "adresata", "v", "tvare", "IBAN"]))
        #expect(hits.map(\.words) == [[0, 1, 2, 3, 4, 5]])
    }

    @Test func anotherWordIsNoMisreading() {
        // The payer's IBAN label differs from the payee's by one inner word: it must not be taken for it.
        #expect(SlipClassifier.hits(for: "Číslo účtu príjemcu (IBAN)", index: 0,
                                    in: line(["Číslo", "účtu", "platiteľa", "(IBAN)"])).isEmpty)
        // Nor a short label with one word wrong, nor a long one whose last word differs.
        #expect(SlipClassifier.hits(for: "Variabilný symbol", index: 0, in: line(["Variabilny", "kod"])).isEmpty)
        #expect(SlipClassifier.hits(for: "Číslo účtu adresáta v tvare IBAN", index: 0,
                                    in: line(["Cislo", "uctu", "adresata", "v", "tvare", "BIC"])).isEmpty)
    }
}
