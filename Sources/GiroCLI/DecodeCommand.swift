import ArgumentParser
import Foundation
import Giro

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode one payment payload and print its record.",
        discussion: """
        The payload is taken from the argument, from --file, or from standard input (`-` or no argument).
        Files and standard input are read as raw bytes, so each format applies its own charset rules.
        Exit codes: 0 valid, 2 uncertain, 65 invalid (the error as JSON on stdout, a line on stderr), 66 no input.
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case json, pretty, text }

    @Argument(help: "The payload text, or `-` for standard input.")
    var payload: String?

    @Option(name: .shortAndLong, help: "Read the payload bytes from a file (`-` for standard input).")
    var file: String?

    @Option(name: [.customLong("format"), .customShort("o")], help: "Output: json (one line), pretty, or text.")
    var outputFormat: OutputFormat = .pretty

    @Option(name: .customLong("as"), help: "Skip detection and decode with this format id (see `giro formats`).")
    var formatID: String?

    func validate() throws {
        if payload != nil, file != nil, payload != "-" {
            throw ValidationError("give the payload either as an argument or with --file, not both")
        }
    }

    func run() throws {
        let bytes = try readInput()
        let decoder = PaymentDecoder()
        let payloadValue = Payload(bytes: bytes)
        let result = Result { () throws(GiroError) in
            if let formatID { return try decoder.decode(payloadValue, formatID: formatID) }
            return try decoder.decode(payloadValue)
        }
        switch result {
        case .success(let record):
            switch outputFormat {
            case .json: Output.writeOut(String(decoding: record.jsonBytes(), as: UTF8.self))
            case .pretty: Output.writeOut(Output.json(record, pretty: true))
            case .text: Output.writeOut(Output.text(record))
            }
            if record.status == .uncertain { throw GiroExit.uncertain }
        case .failure(let error):
            Output.writeOut(Output.json(["error": error], pretty: outputFormat == .pretty))
            Output.writeErr("giro: \(error.description)")
            throw GiroExit.dataError
        }
    }

    private func readInput() throws -> [UInt8] {
        let source = file ?? ((payload == nil || payload == "-") ? "-" : nil)
        guard let source else { return Array((payload ?? "").utf8) }
        if source == "-" {
            if isatty(0) == 1 {
                Output.writeErr("giro: no payload given (pass it as an argument, with --file, or pipe it in)")
                throw GiroExit.usage
            }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard !data.isEmpty else {
                Output.writeErr("giro: no input on standard input")
                throw GiroExit.noInput
            }
            return [UInt8](data)
        }
        guard let handle = FileHandle(forReadingAtPath: source) else {
            Output.writeErr("giro: cannot open \(source)")
            throw GiroExit.noInput
        }
        defer { try? handle.close() }
        // Read one byte past the limit so an oversized file is reported, not silently cut.
        let data: Data?
        do { data = try handle.read(upToCount: PayloadLimits.maxBytes + 1) } catch {
            Output.writeErr("giro: cannot read \(source): \(error.localizedDescription)")
            throw GiroExit.ioError
        }
        return [UInt8](data ?? Data())
    }
}
