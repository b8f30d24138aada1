import ArgumentParser
import Foundation
import Giro

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Write a record (giro decode JSON) as the payload of a format Giro can encode.",
        discussion: """
        `giro formats` marks the formats that encode. A record from one format can be re-issued as another \
        (a HUB3 as an EPC QR); what the target cannot carry is refused with the encoder's error (JSON on stdout, \
        exit 65). The payload bytes go to stdout as they are, without a trailing newline; --png also draws its QR code.
        """
    )

    @Option(name: .customLong("as"), help: "Target format id (sepa.epc-qr, ch.qr-bill, hr.hub3 …).")
    var format: String

    @Option(help: ArgumentHelp("Also write the payload's QR code as a PNG to this file (libqrencode; level M, byte mode).", valueName: "file"))
    var png: String?

    @Argument(help: "The record file (- or none: standard input).")
    var file: String = "-"

    func run() throws {
        guard PaymentEncoding.formatIDs.contains(format) else {
            throw GiroExit.usage.report("encode", "--as \(format): not a format Giro encodes (\(PaymentEncoding.formatIDs.joined(separator: ", ")))")
        }
        let bytes: [UInt8]
        do { bytes = try InputReader.readAll(path: file, limit: RecordInput.maximumBytes) } catch {
            throw error.exit.report("encode", error.message)
        }
        let payload: [UInt8]
        var image: [UInt8]?
        do throws(GiroError) {
            let records = try RecordInput.records(from: bytes)
            guard records.count == 1, let record = records.first else {
                throw GiroError(.inputInvalid, field: "input", "\(records.count) records; encode takes one")
            }
            payload = try PaymentEncoding.encode(record, as: format)
            if png != nil { image = try QRCodeImage.png(payload: payload) }
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: false))
            throw GiroExit.dataError.report("encode", error.description)
        }
        if let png, let image, !FileManager.default.createFile(atPath: png, contents: Data(image)) {
            throw GiroExit.ioError.report("encode", "cannot write \(png)")
        }
        FileHandle.standardOutput.write(Data(payload))
    }
}
