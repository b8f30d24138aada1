import Foundation
import Testing
@testable import Giro

/// The batch fast path must read exactly what JSONDecoder reads, or step aside (nil).
@Suite struct BatchLineParserTests {
    struct Reference: Decodable {
        var id: BatchDecoder.LineID?
        var payload: String?
        var payloadBase64: String?
    }

    static let lines: [String] = [
        #"{"id":"a","payload":"BCD\n001\n1"}"#,
        #"{ "id" : 42 , "payloadBase64" : "QkNE" }"#,
        #"{"payload":"Z\u00fcrich \u20ac \ud83d\ude00 \"q\" \\ \/ \t\r\b\f"}"#,
        #"{"id":null,"payload":"x","extra":true,"more":false,"n":-12}"#,
        #"{"id":-9223372036854775808,"payload":"x"}"#,
        #"{}"#,
        #"{"payload":"Grüße"}"#,
        #"{"id":1.5,"payload":"x"}"#,              // fraction → fallback
        #"{"id":"x","payload":["a"]}"#,            // nested → fallback
        #"{"id":"x","payload":"a\u12"}"#,          // bad escape
        #"{"id":"x","payload":"\udc00"}"#,         // lone low surrogate
        #"{"id":"x","payload":"a"} trailing"#,     // trailing garbage
        #"{"id":"x","payload":"a","}"#,            // dangling comma
        #"{"id":"x" "payload":"a"}"#,              // missing comma
        #"{"id":99999999999999999999,"payload":"x"}"#,  // overflow
        "{\"payload\":\"tab\tinside\"}",            // raw control character
    ]

    @Test(arguments: lines)
    func agreesWithJSONDecoder(_ line: String) throws {
        let fast = BatchLineParser.parse(Array(line.utf8)[...])
        let reference = try? JSONDecoder().decode(Reference.self, from: Data(line.utf8))
        guard let fast else { return }  // stepping aside is always allowed
        let ref = try #require(reference, "fast path accepted what JSONDecoder rejects: \(line)")
        #expect((fast.id ?? .missing) == (ref.id ?? .missing))
        #expect(fast.payload.map { String(decoding: $0, as: UTF8.self) } == ref.payload)
        #expect(fast.payloadBase64.map { String(decoding: $0, as: UTF8.self) } == ref.payloadBase64)
    }

    @Test func commonShapesTakeTheFastPath() {
        #expect(BatchLineParser.parse(Array(Self.lines[0].utf8)[...]) != nil)
        #expect(BatchLineParser.parse(Array(Self.lines[1].utf8)[...]) != nil)
        #expect(BatchLineParser.parse(Array(Self.lines[2].utf8)[...]) != nil)
    }
}
