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

    @Option(name: .long, help: "The check-digit algorithm of a kind that has several (au-crn: MOD10V01, MOD10V05 …).")
    var algorithm: String?

    @Flag(name: .long, help: "The value must end in its length digit (se-ocr).")
    var lengthDigit = false

    @Option(name: .customLong("option"), help: ArgumentHelp("Any option of the kind, as NAME=VALUE (giro check --list shows them).", valueName: "name=value"))
    var rawOptions: [String] = []

    /// The options given, by name.
    var settings: [String: String] {
        var s: [String: String] = [:]
        for raw in rawOptions {
            let parts = raw.split(separator: "=", maxSplits: 1)
            s[String(parts.first ?? "")] = parts.count > 1 ? String(parts[1]) : "true"
        }
        if let algorithm { s["algorithm"] = algorithm }
        if lengthDigit { s["length-digit"] = "true" }
        return s
    }

    func validate() throws {
        if list { return }
        guard let kind else { throw ValidationError("give a kind (giro check --list names them) and at least one value") }
        guard CountryRegistry.identifier(kind: kind) != nil else {
            throw ValidationError("unknown kind '\(TerminalText.escape(String(kind.prefix(64))))'; giro check --list names them")
        }
        if values.isEmpty { throw ValidationError("give at least one value to check") }
        do throws(GiroError) {
            _ = try IdentifierCheck.identifier(kind: kind, options: settings)
        } catch {
            throw ValidationError(TerminalText.escape(error.message))
        }
    }

    func run() throws {
        if list { return printList() }
        guard let kind, let identifier = try? IdentifierCheck.identifier(kind: kind, options: settings) else { throw GiroExit.usage }
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
        var options: [IdentifierOption]

        enum CodingKeys: String, CodingKey { case kind, country, summary, example, options }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(country, forKey: .country)   // null for international kinds, not left out
            try c.encode(summary, forKey: .summary)
            try c.encode(example, forKey: .example)
            try c.encode(options, forKey: .options)
        }
    }

    func printList() {
        let kinds = CountryRegistry.identifiers.map { KindInfo(kind: $0.kind, country: $0.country, summary: $0.summary, example: $0.example, options: $0.options) }
        if json {
            for k in kinds { Output.writeOut(Output.json(k, pretty: false)) }
            return
        }
        let width = kinds.map(\.kind.count).max() ?? 0
        Output.writeText(kinds.map { k in
            k.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (k.country ?? "--") + "  " + k.summary + " (e.g. \(k.example))"
                + k.options.map { o in "; --\(o.name)" + (o.isSwitch ? "" : " " + o.values.joined(separator: "|") + " (default \(o.defaultValue))") + ": " + o.summary }.joined()
        })
    }
}
