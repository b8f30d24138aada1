import ArgumentParser
import Giro

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate IBANs, BICs, RF creditor references, Swiss QR references, UK sort code + account numbers, Belgian OGM/VCS or Dutch betalingskenmerken.",
        discussion: "Exit code 0 when every value is valid, 65 when any is invalid."
    )

    @Argument(help: "What to check: \(IdentifierKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: IdentifierKind

    @Argument(help: "One or more values (quote values that contain spaces).")
    var values: [String]

    @Flag(help: "Print one JSON object per value.")
    var json = false

    func validate() throws {
        if values.isEmpty { throw ValidationError("give at least one value to check") }
    }

    func run() throws {
        var allValid = true
        for value in values {
            let result = IdentifierCheck.check(kind, value)
            allValid = allValid && result.valid
            if json {
                Output.writeOut(Output.json(result, pretty: false))
            } else if result.valid {
                Output.writeText(["\(value): valid (\(result.formatted ?? result.compact ?? ""))"])
            } else {
                Output.writeText(["\(value): invalid: \(result.error?.code.rawValue ?? "?"): \(result.error?.message ?? "")"])
            }
        }
        if !allValid { throw GiroExit.dataError }
    }
}

extension IdentifierKind: ExpressibleByArgument {}
