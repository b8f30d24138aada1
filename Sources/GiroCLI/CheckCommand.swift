import ArgumentParser
import Giro

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate identifiers as they are printed: IBANs, BICs, RF and QR references, and every national account, reference and coding line of the country plug-ins (giro check --list).",
        discussion: "Exit code 0 when every value is valid, 65 when any is invalid, 64 for an unknown kind.\nKinds: \(CountryRegistry.identifiers.map(\.kind).joined(separator: ", "))."
    )

    @Argument(help: "What to check (giro check --list names every kind).")
    var kind: String?

    @Argument(help: "One or more values (quote values that contain spaces).")
    var values: [String] = []

    @Flag(help: "List every kind with its country and a one-line description (with --json, one object per kind).")
    var list = false

    @Flag(help: "Print one JSON object per value.")
    var json = false

    func validate() throws {
        if list { return }
        guard let kind else { throw ValidationError("give a kind (giro check --list names them) and at least one value") }
        guard CountryRegistry.identifier(kind: kind) != nil else {
            throw ValidationError("unknown kind '\(TerminalText.escape(String(kind.prefix(64))))'; giro check --list names them")
        }
        if values.isEmpty { throw ValidationError("give at least one value to check") }
    }

    func run() throws {
        if list { return printList() }
        guard let kind, let identifier = CountryRegistry.identifier(kind: kind) else { throw GiroExit.usage }
        var allValid = true
        for value in values {
            let result = IdentifierCheck.check(identifier, value)
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

    struct KindInfo: Encodable {
        var kind: String
        var country: String?
        var summary: String
        var example: String

        enum CodingKeys: String, CodingKey { case kind, country, summary, example }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(country, forKey: .country)   // null for international kinds, not left out
            try c.encode(summary, forKey: .summary)
            try c.encode(example, forKey: .example)
        }
    }

    func printList() {
        let kinds = CountryRegistry.identifiers.map { KindInfo(kind: $0.kind, country: $0.country, summary: $0.summary, example: $0.example) }
        if json {
            for k in kinds { Output.writeOut(Output.json(k, pretty: false)) }
            return
        }
        let width = kinds.map(\.kind.count).max() ?? 0
        Output.writeText(kinds.map { k in
            k.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (k.country ?? "--") + "  " + k.summary + " (e.g. \(k.example))"
        })
    }
}
