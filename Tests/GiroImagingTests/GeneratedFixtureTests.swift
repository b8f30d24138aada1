import Foundation
import Giro
import Testing

/// Every generated image decodes to the golden record of the payload it was made from.
@Suite struct GeneratedFixtureTests {
    @Test func manifestCoversAllFourSymbologies() {
        let seen = Set(ImageFixtures.cases.map(\.symbology))
        #expect(seen == Set(Symbology.allCases), "manifest has \(seen)")
        #expect(ImageFixtures.cases.count >= 40)
    }

    @Test(arguments: ImageFixtures.cases)
    func decodesToGoldenRecord(_ c: ImageFixtures.Case) throws {
        // A generous budget: which passes run must not depend on the machine's load (speed is benchmarked).
        let result = try ImageDecoder(strategy: .unlimited).decode(imageBytes: try c.bytes())
        #expect(result.symbols.count == c.symbols, "\(result.symbols.map { "\($0.symbology) \($0.kind) \($0.pass)" }) passes \(result.passes)")
        if c.expect == "golden" {
            var expected: [NSDictionary] = []
            for p in c.payloads { expected.append(try #require(try ImageFixtures.golden(p))) }
            let records = result.symbols.compactMap(\.record)
            let errors = result.symbols.filter { $0.kind == .invalid }.compactMap(\.error)
            #expect(records.count + errors.count == c.payloads.count)
            for record in records {
                #expect(record.source.kind == "image")
                #expect(c.symbologies.map(\.rawValue).contains(record.source.symbology ?? "-"))
                let actual = try #require(try ImageFixtures.comparable(record))
                #expect(expected.contains(actual), "record \(record.format) differs from the golden of \(c.payloads)")
            }
            // An invalid payment payload: the symbol is reported as `invalid` with the golden's error.
            for var error in errors {
                // The partial record, like a record, is compared without its image provenance.
                if var partial = error.partial {
                    partial.source.kind = "payload"
                    partial.source.symbology = nil
                    error.partial = partial
                }
                let actual = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(["error": error])) as? NSDictionary)
                #expect(expected.contains(actual), "error \(error) differs from the golden of \(c.payloads)")
            }
        } else {
            let symbol = try #require(result.symbols.first)
            #expect(symbol.kind == .notAPayment)
            #expect(symbol.error?.code.rawValue == c.expect)
            let payload = try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent(c.payloads[0]))
            #expect(symbol.bytesBase64 == payload.base64EncodedString())
            #expect(symbol.text == String(decoding: payload, as: UTF8.self) && symbol.textCharset == "UTF-8")
        }
        for s in result.symbols {
            #expect(s.corners.count == 4)
            #expect(s.corners.allSatisfy { $0.x >= -20 && $0.y >= -20 && $0.x <= result.width + 20 && $0.y <= result.height + 20 },
                    "corners \(s.corners) outside \(result.width)×\(result.height)")
        }
    }
}
