import Foundation
import Giro
import GiroTestSupport
import Testing

/// Replays every input the fuzzers once crashed on (`fuzz/regressions/<target>/<what-it-found>`) through the
/// public API, the way the harness fed it, without the fuzzer: each must decode or fail with a typed error,
/// and keep the property the harness checks. (Regex regressions replay in GiroRegexTests/FuzzRegressionTests.)
@Suite struct FuzzRegressionTests {
    static let root = Golden.repoRoot.appendingPathComponent("fuzz/regressions")

    struct Input: CustomTestStringConvertible, Sendable {
        let target: String
        let name: String
        let bytes: [UInt8]
        var testDescription: String { "\(target)/\(name)" }
    }

    static func inputs(_ target: String) -> [Input] {
        let dir = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else { return nil }
            return Input(target: target, name: name, bytes: [UInt8](data))
        }
    }

    static func decodeOutcome(_ bytes: [UInt8]) -> Result<PaymentRecord, GiroError> {
        Result { () throws(GiroError) in try PaymentDecoder().decode(bytes: bytes) }
    }

    @Test(arguments: inputs("decode") + inputs("json"))
    func payloadDecodesOrFailsTyped(_ input: Input) throws {
        let decoder = PaymentDecoder()
        let symbology = Symbology.allCases[input.bytes.count % Symbology.allCases.count]
        let payload = Payload(bytes: input.bytes, symbology: symbology)
        for format in decoder.formats {
            _ = Result { () throws(GiroError) in try decoder.decode(payload, formatID: format.id) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch Self.decodeOutcome(input.bytes) {
        case .success(let record):
            #expect(record.jsonBytes() == Array(try encoder.encode(record)))
            // Re-encoded by its plug-in (typed error or bytes), and those bytes decoded again.
            if let format = decoder.formats.first(where: { $0.id == record.format }) as? any PaymentFormatEncoder,
               let encoded = try? format.encode(record) {
                _ = Self.decodeOutcome(encoded)
            }
        case .failure(let error):
            #expect(error.jsonBytes() == Array(try encoder.encode(error)))
        }
    }

    @Test(arguments: inputs("batch"))
    func batchLineGivesOneOutputLine(_ input: Input) throws {
        let lineNumber = 1 + input.bytes.count % 7
        let output = BatchDecoder(jobs: 1).decodeLine(input.bytes[...], lineNumber: lineNumber)
        #expect((output.record == nil) != (output.error == nil))
        let json = BatchDecoder.json(output)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["line"] as? Int == lineNumber)
    }

    @Test(arguments: inputs("parsers"))
    func parserSpansStayInsideTheText(_ input: Input) throws {
        // The harness's first byte chooses the context (fuzz/Sources/FuzzParsers).
        let choice = Int(input.bytes.first ?? 0)
        let countries: [String?] = [nil, "HR", "CZ", "SK", "HU", "SI", "RS", "CH", "DE", "AT", "GB", "US"]
        let currencies: [String?] = [nil, "EUR", "CHF", "CZK", "HUF", "RSD", "GBP"]
        let dateOrders: [DateOrder?] = [nil, .dmy, .mdy, .ymd]
        let context = ParseContext(country: countries[choice % countries.count], currency: currencies[(choice / 16) % currencies.count],
                                   dateOrder: dateOrders[(choice / 4) % dateOrders.count])
        let text = Array(input.bytes.dropFirst())
        let group = ParserGroup([IBANParser(), AmountParser(), DateParser(), ReferenceParser(), EmailParser(),
                                 RawParser(), VINParser()])
        let candidates = try group.parse(bytes: text, context: context)
        for c in candidates { #expect(0 <= c.span.start && c.span.start <= c.span.end && c.span.end <= text.count) }
    }

    @Test(arguments: inputs("image"))
    func imageLoadsOrFailsTyped(_ input: Input) {
        let decoder = ImageDecoder(loader: ImageLoader(maxPixels: 160 * 160, maxFileBytes: 256 << 10),
                                   strategy: ReadingStrategy(budgetMilliseconds: 20))
        if let result = try? decoder.decode(imageBytes: input.bytes) {
            #expect(result.width * result.height <= 160 * 160)
        }
    }
}
