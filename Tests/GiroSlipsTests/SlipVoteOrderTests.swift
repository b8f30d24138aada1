@testable import GiroSlips
import Testing

/// Equal votes among a zone's readings go to the reading read first, in every run: a dictionary's order (what
/// decided before) changes with each process's hash seed, and so did the field (the same photo read `1.23` in one
/// run and `0.23` in the next).
@Suite struct SlipVoteOrderTests {
    static func reading(_ text: String, confidence: Int) -> (zone: ZoneText, value: SlipValue, confidence: Int) {
        (ZoneText(lines: [text], words: [], confidence: confidence, box: [0, 0, 1, 1], placed: nil), .text(text), confidence)
    }

    @Test func aTieGoesToTheFirstReading() throws {
        // Both orders in one process: with the hash order deciding, one of the two picks the later reading.
        for (first, second) in [("1.23", "0.23"), ("0.23", "1.23")] {
            let picked = try #require(SlipReader.agreed([Self.reading(first, confidence: 70), Self.reading(second, confidence: 70)]))
            #expect(picked.zone.text == first)
            #expect(picked.disagreeing == 1)
        }
    }

    @Test func moreVotesThenConfidenceStillDecideFirst() throws {
        let more = try #require(SlipReader.agreed([Self.reading("A", confidence: 90), Self.reading("B", confidence: 40),
                                                   Self.reading("B", confidence: 30)]))
        #expect(more.zone.text == "B" && more.disagreeing == 1)
        let surer = try #require(SlipReader.agreed([Self.reading("A", confidence: 60), Self.reading("B", confidence: 80)]))
        #expect(surer.zone.text == "B")
    }
}
