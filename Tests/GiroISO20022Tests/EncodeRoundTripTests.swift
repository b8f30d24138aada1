import Foundation
import Giro
import GiroTestSupport
import Testing

/// `giro encode`'s library half: every format that encodes takes its own valid fixtures through record JSON →
/// payload → record unchanged (as `giro decode | giro encode --as` does), and re-issues records of other formats.
@Suite struct EncodeRoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var format: String
        var file: String
        var testDescription: String { format + "/" + file }
    }

    static let cases: [Case] = PaymentEncoding.formatIDs.flatMap { id -> [Case] in
        let folder = Pain001Support.root.appendingPathComponent("fixtures/payloads/" + id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("valid-") && ($0.hasSuffix(".txt") || $0.hasSuffix(".bin")) }.sorted()
            .map { Case(format: id, file: $0) }
    }

    /// The payment data. Format bookkeeping is the encoder's canonical form, pinned by each plug-in's own tests:
    /// `extras` (SPAYD writes `CRC32` and drops unknown `X-` keys) and the version written (SPAYD 1.2 → 1.0).
    static func paymentData(_ r: PaymentRecord) -> PaymentRecord {
        var c = comparable(r)
        c.extras = [:]
        c.formatVersion = nil
        return c
    }

    @Test func everyEncoderHasFixtures() {
        #expect(PaymentEncoding.formatIDs.count >= 8)
        for id in PaymentEncoding.formatIDs { #expect(Self.cases.contains { $0.format == id }, "\(id) has no valid fixture") }
    }

    @Test(arguments: cases)
    func roundTrip(_ c: Case) throws {
        let first = try Pain001Support.record(c.format + "/" + c.file)
        // Through the JSON the CLI reads, so the record model's JSON round trip is part of the test.
        let readBack = try #require(try RecordInput.records(from: first.jsonBytes()).first)
        if first.warnings.contains(where: { $0.code == .versionUnknown }) {
            #expect(throws: GiroError.self) { try PaymentEncoding.encode(readBack, as: c.format) }
            return
        }
        let payload = try PaymentEncoding.encode(readBack, as: c.format)
        let second = try PaymentDecoder().decode(bytes: payload)
        #expect(second.format == c.format)
        var expected = Self.paymentData(first)
        if c.format == "cz.spayd", first.invoice != nil {
            // Known gap of the SPAYD encoder: an embedded QR Faktura (X-INV) is not written back. Pinned so that
            // fixing it shows up here.
            #expect(second.invoice == nil)
            expected.invoice = nil
        }
        #expect(Self.paymentData(second) == expected)
        // Canonical: the payload re-encodes to itself.
        #expect(try PaymentEncoding.encode(second, as: c.format) == payload)
    }

    @Test func hub3ReissuedAsEPCQR() throws {
        let hub3 = try Pain001Support.record("hr.hub3/valid-fina-hr01.txt")
        #expect(hub3.reference?.model == "HR01" && hub3.amount?.currency == "EUR")
        let epc = try PaymentDecoder().decode(bytes: try PaymentEncoding.encode(hub3, as: "sepa.epc-qr"))
        #expect(epc.format == "sepa.epc-qr" && epc.status == .valid)
        #expect(epc.creditor?.account?.iban == hub3.creditor?.account?.iban)
        #expect(epc.amount == hub3.amount && epc.creditor?.name == hub3.creditor?.name && epc.purpose == hub3.purpose)
        // The Croatian model has no meaning in an EPC QR: it travels in the text, not as a creditor reference.
        #expect(epc.reference == nil)
        #expect(epc.remittanceInformation == "HR01 " + (hub3.reference?.value ?? "") + " " + (hub3.remittanceInformation ?? ""))
        // What EPC cannot carry is refused by its encoder: a non-euro amount.
        var czk = hub3
        czk.amount?.currency = "CZK"
        #expect(throws: GiroError.self) { try PaymentEncoding.encode(czk, as: "sepa.epc-qr") }
    }

    @Test func unknownAndReadOnlyFormatsAreRefused() {
        #expect(throws: GiroError.self) { try PaymentEncoding.encode(PaymentRecord(format: "x", country: nil, formatVersion: nil), as: "xx.nothing") }
        let readOnly = FormatRegistry.all.first { !$0.descriptor.canEncode }
        if let readOnly {
            do throws(GiroError) {
                _ = try PaymentEncoding.encode(PaymentRecord(format: "x", country: nil, formatVersion: nil), as: readOnly.id)
                Issue.record("\(readOnly.id) encoded")
            } catch { #expect(error.code == .encodeNotSupported) }
        }
    }
}

/// `giro encode --png`: the QR code drawn by libqrencode reads back through Giro's own image decoding to the
/// same payload bytes and the same record.
@Suite struct EncodePNGTests {
    static let payloads = ["sepa.epc-qr/valid-epc-4.txt", "ch.qr-bill/valid-qrr-1.txt", "hr.hub3/valid-fina-hr01.txt",
                           "cz.spayd/valid-spayd-1.txt", "si.upn-qr/valid-flags-and-payer.bin", "sk.pay-by-square/valid-bysquare-3.txt"]

    @Test(arguments: payloads)
    func pngDecodesToThePayload(_ fixture: String) throws {
        let record = try Pain001Support.record(fixture)
        let payload = try PaymentEncoding.encode(record, as: record.format)
        let png = try QRCodeImage.png(payload: payload)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let result = try ImageDecoder().decode(imageBytes: png)
        let symbol = try #require(result.symbols.first { $0.symbology == .qr })
        #expect(symbol.bytesBase64 == Data(payload).base64EncodedString())
        let again = try #require(symbol.record)
        #expect(comparable(again) == comparable(try PaymentDecoder().decode(bytes: payload)))
    }

    @Test func limits() {
        #expect(throws: GiroError.self) { try QRCodeImage.png(payload: []) }
        #expect(throws: GiroError.self) { try QRCodeImage.png(payload: [UInt8](repeating: 65, count: 3000)) }
    }
}
