import ArgumentParser
import Foundation

@main
struct GiroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "giro",
        abstract: "Decode and validate payment slips: barcode payloads in, normalized payment records out.",
        discussion: """
        Exit codes (every subcommand): 0 success, 1 nothing found (grep, parse), 2 decoded but uncertain, \
        64 usage error, 65 invalid data or input too large, 66 no input, 74 I/O error. See docs/cli.md.
        """,
        version: "0.1.0",
        subcommands: [DecodeCommand.self, BatchCommand.self, FormatsCommand.self, TemplatesCommand.self, CheckCommand.self, GrepCommand.self,
                      ParseCommand.self, ScanCommand.self, ServeCommand.self, ExportCommand.self, EncodeCommand.self]
    )

    /// Runs the command; a thrown `GiroExit` becomes the process exit code, anything else goes to ArgumentParser
    /// (usage errors → 64, help → 0).
    static func main() async {
        do {
            var command = try parseAsRoot()
            // `serve` is async; the other subcommands run synchronously.
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as GiroExit {
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
