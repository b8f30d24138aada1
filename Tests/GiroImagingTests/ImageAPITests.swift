import Foundation
import Giro
import Testing

/// Public-API promises of the image support: Sendable and Codable outputs, the README example.
@Suite struct ImageAPITests {
    static func requireSendable<T: Sendable>(_: T.Type) {}
    static func requireCodable<T: Codable>(_: T.Type) {}

    @Test func publicTypesAreSendableAndCodable() {
        Self.requireSendable(ImageDecoder.self)
        Self.requireSendable(ImageDecodeResult.self)
        Self.requireSendable(ImageSymbolResult.self)
        Self.requireSendable(ReadingStrategy.self)
        Self.requireSendable(ImageLoader.self)
        Self.requireSendable(GrayImage.self)
        Self.requireSendable(ZXingReader.self)
        Self.requireSendable(ZBarReader.self)
        Self.requireSendable(DmtxReader.self)
        Self.requireCodable(ImageDecodeResult.self)
        Self.requireCodable(ImageSymbolResult.self)
        Self.requireCodable(DetectedSymbol.self)
        #expect(ImageDecodeResult.schemaVersion == 1)
    }

    /// The library example of Sources/GiroImaging/README.md, kept compiling and true.
    @Test func readmeImageExample() throws {
        let url = ImageFixtures.directory.appendingPathComponent("generated/two-bills-photo.jpg")
        let result = try ImageDecoder(strategy: .unlimited).decode(imageBytes: Array(try Data(contentsOf: url)))
        var seen: [String] = []
        for record in result.payments { seen.append("\(record.format) \(record.amount?.formattedValue ?? "open amount")") }
        #expect(seen.sorted() == ["ch.qr-bill 3949.75", "sepa.epc-qr 24.20"])
        #expect(result.fileFormat == .jpeg && result.orientation == 6)
        let viaEngine = try PaymentDecoder().decode(image: Array(try Data(contentsOf: url)))
        #expect(viaEngine.payments.count == 2)
    }

    @Test func symbolJSONCarriesSchemaBytesAndRecord() throws {
        let url = ImageFixtures.directory.appendingPathComponent("generated/epc-qr-page.png")
        let result = try ImageDecoder(strategy: .unlimited).decode(imageBytes: Array(try Data(contentsOf: url)))
        let symbol = try #require(result.symbols.first)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(symbol)) as? [String: Any])
        #expect(json["schema"] as? Int == 1 && json["kind"] as? String == "payment")
        let payload = try Data(contentsOf: ImageFixtures.repoRoot.appendingPathComponent("fixtures/payloads/sepa.epc-qr/valid-epc-4.txt"))
        #expect(json["bytesBase64"] as? String == payload.base64EncodedString())
        #expect(json["bytesHex"] as? String == payload.map { String(format: "%02x", $0) }.joined())
        #expect(json["record"] is [String: Any] && json["error"] is NSNull)
        let back = try JSONDecoder().decode(ImageSymbolResult.self, from: JSONEncoder().encode(symbol))
        #expect(back == symbol)
    }
}
