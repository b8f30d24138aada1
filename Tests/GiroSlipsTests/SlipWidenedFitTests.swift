import Giro
import Testing

/// Another printer's edition that moves each box by some millimetres its own way, read on a photo where few of its
/// small labels came through: no two labels propose a fit the rest agree with at the usual tolerance, too few were
/// read for the loose fit, but the form's title and enough labels agree on a widened fit
/// (`SlipClassifier.widenedMatch`).
@Suite struct SlipWidenedFitTests {
    static let templates = SlipReader.builtInTemplates

    /// Only the labels in `moves` printed (10 px per mm, one word per token), each moved by its (x, y) millimetres.
    static func page(_ id: String, moves: [String: (Double, Double)]) throws -> PageWords {
        let t = try #require(templates.first { $0.id == id })
        var words: [PageWord] = []
        for a in t.anchors {
            guard let (dx, dy) = moves[a.id ?? a.text] else { continue }
            var x = Int(((a.box.x + dx) * 10).rounded())
            let y = Int(((a.box.y + dy) * 10).rounded())
            for token in a.text.split(separator: " ") {
                let w = 15 * token.count
                words.append(PageWord(text: String(token), x: x, y: y, w: w, h: 25, confidence: 0.9))
                x += w + 10
            }
        }
        return PageWords(width: Int(t.width * 10), height: Int(t.height * 10), words: words)
    }

    static func classes(_ page: PageWords) -> [String] {
        SlipReader(templates: templates).read(words: page).map(\.slipClass).filter { $0 != SlipReader.genericClass }
    }

    /// Five of the Serbian order's eleven labels, each 4–8 mm from the template's place in its own direction.
    static let jittered: [String: (Double, Double)] = [
        "title": (-3, 3), "payer": (-1.5, -4.5), "remit": (-4, -0.5), "currency": (4, 6), "signature": (5, -4),
    ]

    @Test func aFormWhoseBoxesEachMovedIsRecognisedByItsTitleAndLabels() throws {
        #expect(Self.classes(try Self.page("rs.nalog-za-uplatu", moves: Self.jittered)) == ["rs.nalog-za-uplatu"])
    }

    @Test func withoutItsTitleTheLabelsItsSiblingsPrintTooTellNothing() throws {
        var moves = Self.jittered
        moves["title"] = nil
        #expect(Self.classes(try Self.page("rs.nalog-za-uplatu", moves: moves)).isEmpty)
    }

    @Test func labelsScatteredFartherThanAnEditionMovesThemAreNoForm() throws {
        let scattered = Self.jittered.mapValues { ($0.0 * 3, $0.1 * 3) }
        #expect(Self.classes(try Self.page("rs.nalog-za-uplatu", moves: scattered)).isEmpty)
    }
}
