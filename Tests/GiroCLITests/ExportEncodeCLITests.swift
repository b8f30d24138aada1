import Foundation
import Giro
import GiroTestSupport
import Testing

/// `giro export pain001` and `giro encode` end to end: decode output piped back in.
@Suite struct ExportEncodeCLITests {
    let cli = CLITests()

    /// `giro decode --format json`: the record on one line.
    func decoded(_ fixture: String) throws -> Data {
        let r = try cli.giro(["decode", "--format", "json", "-f", Golden.payloadRoot.appendingPathComponent(fixture).path])
        #expect(r.status == 0, "\(r.stderr)")
        return Data(r.stdout.utf8)
    }

    @Test func exportReadsDecodeOutputAndWritesPain001() throws {
        let record = try decoded("ch.qr-bill/valid-qrr-1.txt")
        let r = try cli.giro(["export", "pain001", "--flavor", "ch", "--debtor-name", "Muster AG", "--debtor-iban",
                              "CH93 0076 2011 6238 5295 7", "--message-id", "CLI-1", "--created", "1768471200", "-"], stdin: record)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.09\">"))
        #expect(r.stdout.contains("<Prtry>QRR</Prtry>") && r.stdout.contains("<MsgId>CLI-1</MsgId>"))
    }

    @Test func exportRefusalIsJSONAndExit65() throws {
        let r = try cli.giro(["export", "pain001", "--debtor-name", "D", "--debtor-iban", "DE89370400440532013000", "-"],
                             stdin: try decoded("ch.qr-bill/valid-qrr-1.txt"))
        #expect(r.status == 65)
        let error = try JSONDecoder().decode([String: GiroError].self, from: Data(r.stdout.utf8))["error"]
        #expect(error?.code == .currencyNotAllowed || error?.code == .referenceTypeInvalid)
        #expect(r.stderr.hasPrefix("giro export: "))
    }

    @Test func exportReadsNDJSONLines() throws {
        // One compact record per line, as `giro decode` prints them one after the other.
        var ndjson = Data()
        for fixture in ["sepa.epc-qr/valid-belgian-ogm.txt", "sepa.epc-qr/valid-austrian-zahlungsreferenz.txt"] {
            ndjson.append(try decoded(fixture))
        }
        let r = try cli.giro(["export", "pain001", "--debtor-name", "D", "--debtor-iban", "DE89370400440532013000",
                              "--execution-date", "2026-02-01", "--created", "1768471200"], stdin: ndjson)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("<NbOfTxs>2</NbOfTxs>"))
    }

    @Test func hub3ReissuedAsEPCQRCodeImage() throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("giro-encode-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let hub3 = try decoded("hr.hub3/valid-fina-hr01.txt")
        let encoded = try cli.giro(["encode", "--as", "sepa.epc-qr", "--png", png.path], stdin: hub3)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.stdout.hasPrefix("BCD\n002\n"))
        let image = try cli.giro(["decode", "--format", "json", "-f", png.path])
        #expect(image.status == 0, "\(image.stderr)")
        let symbols = try JSONDecoder().decode([ImageSymbolResult].self, from: Data(image.stdout.utf8))
        #expect(symbols.first?.bytesBase64 == Data(encoded.stdout.utf8).base64EncodedString())
        #expect(symbols.first?.record?.format == "sepa.epc-qr")
    }

    @Test func encodeRoundTripsThroughTheCLI() throws {
        let record = try decoded("sepa.epc-qr/valid-epc-4.txt")
        let encoded = try cli.giro(["encode", "--as", "sepa.epc-qr"], stdin: record)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let again = try cli.giro(["decode", "-"], stdin: Data(encoded.stdout.utf8))
        #expect(again.status == 0, "\(again.stderr)")
        let a = try JSONDecoder().decode(PaymentRecord.self, from: record)
        let b = try JSONDecoder().decode(PaymentRecord.self, from: Data(again.stdout.utf8))
        #expect(comparable(a) == comparable(b))
        let unknown = try cli.giro(["encode", "--as", "xx.nothing"], stdin: record)
        #expect(unknown.status == 64)
    }
}
