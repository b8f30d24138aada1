import Foundation
import Giro
import GiroTestSupport
import Testing

/// `PaymentDecoder(maxPayloadBytes:)` governs: a lower limit rejects before any plug-in runs, and no value can
/// raise the formats' ceiling or break the check.
@Suite struct EngineLimitTests {
    static func spc() throws -> [UInt8] {
        Array(try Data(contentsOf: Golden.payloadRoot.appendingPathComponent("ch.qr-bill/valid-spc-2-clean.txt")))
    }

    static func error(_ decoder: PaymentDecoder, _ bytes: [UInt8], formatID: String? = nil) -> GiroError? {
        do throws(GiroError) {
            if let formatID { _ = try decoder.decode(Payload(bytes: bytes), formatID: formatID) } else { _ = try decoder.decode(bytes: bytes) }
            return nil
        } catch { return error }
    }

    @Test func lowerLimitRejectsNamingTheRealSizeAndTheLimit() throws {
        let bytes = try Self.spc()
        let limit = bytes.count - 1
        for formatID in [nil, "ch.qr-bill"] {
            let e = try #require(Self.error(PaymentDecoder(maxPayloadBytes: limit), bytes, formatID: formatID))
            #expect(e.code == .payloadTooLarge)
            #expect(e.message.contains("\(bytes.count) bytes") && e.message.contains("limit is \(limit)"), "\(e.message)")
            #expect(Self.error(PaymentDecoder(maxPayloadBytes: bytes.count), bytes, formatID: formatID) == nil)
        }
    }

    @Test(arguments: [PayloadLimits.maxBytes + 1, 1 << 40, Int.max])
    func aLargerLimitIsClampedToTheFormatsCeiling(_ requested: Int) throws {
        let decoder = PaymentDecoder(maxPayloadBytes: requested)
        #expect(decoder.maxPayloadBytes == PayloadLimits.maxBytes)
        let tooBig = [UInt8](repeating: 0x41, count: PayloadLimits.maxBytes + 1)
        let e = try #require(Self.error(decoder, tooBig))
        #expect(e.code == .payloadTooLarge && e.message.contains("limit is \(PayloadLimits.maxBytes)"), "\(e.message)")
        #expect(Self.error(decoder, try Self.spc()) == nil)
    }

    @Test(arguments: [0, -1, Int.min])
    func aLimitBelowOneIsClampedToOne(_ requested: Int) {
        let decoder = PaymentDecoder(maxPayloadBytes: requested)
        #expect(decoder.maxPayloadBytes == 1)
        #expect(Self.error(decoder, [])?.code == .emptyPayload)
        #expect(Self.error(decoder, [0x41])?.code == .unknownFormat)
        #expect(Self.error(decoder, [0x41, 0x42])?.code == .payloadTooLarge)
        #expect(Self.error(decoder, [0x41, 0x42], formatID: "ch.qr-bill")?.code == .payloadTooLarge)
    }

    /// The image path shares the engine's decoder, hence its limit.
    @Test func imageDecoderUsesTheEnginesLimit() {
        #expect(ImageDecoder(decoder: PaymentDecoder(maxPayloadBytes: 10)).decoder.maxPayloadBytes == 10)
        #expect(BatchDecoder(decoder: PaymentDecoder(maxPayloadBytes: -3), jobs: Int.min).decoder.maxPayloadBytes == 1)
    }
}
