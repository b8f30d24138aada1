import ArgumentParser
import Foundation
import Giro

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write decoded records as a bank file (ISO 20022 pain.001).",
        subcommands: [Pain001Command.self]
    )
}

struct Pain001Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pain001",
        abstract: "Write records (giro decode JSON or giro batch NDJSON) as a pain.001 credit-transfer initiation on stdout.",
        discussion: """
        Flavours: sepa (pain.001.001.09, EPC SEPA rules, EUR; the default), ch (pain.001.001.09.ch.03, Swiss \
        Payment Standards, CHF/EUR), 03 (pain.001.001.03, any currency). A record that cannot be a credit \
        transfer (no IBAN, no amount, a link, a contact) is refused: its error as JSON on stdout, exit 65. \
        Changes made to fit the flavour are warnings on stderr.
        """
    )

    @Option(name: .customLong("debtor-name"), help: "The paying party's name.")
    var debtorName: String

    @Option(name: .customLong("debtor-iban"), help: "The account the payments leave from.")
    var debtorIBAN: String

    @Option(name: .customLong("debtor-bic"), help: "The debtor bank's BIC.")
    var debtorBIC: String?

    @Option(name: .customLong("execution-date"), help: "YYYY-MM-DD for every payment (default: each record's due date, or today).")
    var executionDate: String?

    @Option(help: "sepa, ch or 03.")
    var flavor: Pain001Flavor = .sepa

    @Option(name: .customLong("message-id"), help: "MsgId (1-20 of A-Z a-z 0-9 -); default GIRO and the creation time.")
    var messageID: String?

    @Option(name: .customLong("created"), help: ArgumentHelp("CreDtTm as seconds since 1970 (reproducible output).", visibility: .hidden))
    var created: Int?

    @Argument(help: "Record files (- or none: standard input).")
    var files: [String] = []

    func run() throws {
        var records: [PaymentRecord] = []
        for path in files.isEmpty ? ["-"] : files {
            let bytes: [UInt8]
            do { bytes = try InputReader.readAll(path: path, limit: RecordInput.maximumBytes) } catch {
                throw error.exit.report("export", error.message)
            }
            do throws(GiroError) { records += try RecordInput.records(from: bytes) } catch {
                Output.writeOut(Output.json(["error": error], pretty: false))
                throw GiroExit.dataError.report("export", "\(path): \(error.description)")
            }
        }
        let options = Pain001Options(
            flavor: flavor, debtorName: debtorName, debtorIBAN: debtorIBAN, debtorBIC: debtorBIC,
            executionDate: executionDate, messageID: messageID,
            creationDate: created.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        do throws(GiroError) {
            let document = try Pain001Export.document(records.map { $0.withNationalAccountIBAN() }, options: options)
            for w in document.warnings { Output.writeErr("giro export: warning \(w.code.rawValue) at \(w.field): \(w.message)") }
            FileHandle.standardOutput.write(Data(document.xml.utf8))
        } catch {
            Output.writeOut(Output.json(["error": error], pretty: false))
            throw GiroExit.dataError.report("export", error.description)
        }
    }
}

extension Pain001Flavor: ExpressibleByArgument {}
