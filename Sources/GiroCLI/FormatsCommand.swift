import ArgumentParser
import Giro

struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "formats", abstract: "List the supported payment formats.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() {
        let descriptors = FormatRegistry.descriptors
        if json {
            Output.writeOut(Output.json(descriptors, pretty: true))
            return
        }
        let rows = descriptors.map { d in
            [d.id, d.country ?? "EU", d.symbologies.map(\.rawValue).joined(separator: ","), d.canEncode ? "yes" : "no", d.name]
        }
        let header = ["ID", "COUNTRY", "SYMBOLOGIES", "ENCODE", "NAME"]
        let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
        for row in [header] + rows {
            Output.writeText([row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")])
        }
    }
}
