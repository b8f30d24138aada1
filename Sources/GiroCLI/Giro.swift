import ArgumentParser

@main
struct GiroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "giro",
        abstract: "Decode and validate payment slips: barcode payloads in, normalized payment records out.",
        discussion: """
        Exit codes: 0 valid, 2 decoded but uncertain, 64 usage error, 65 invalid data, 66 no input, 74 I/O error.
        """,
        version: "0.1.0",
        subcommands: [DecodeCommand.self, BatchCommand.self, FormatsCommand.self, CheckCommand.self, GrepCommand.self,
                      ParseCommand.self, ScanCommand.self, ServeCommand.self]
    )
}
