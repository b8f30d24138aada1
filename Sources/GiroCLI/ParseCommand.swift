import ArgumentParser
import Foundation
import Giro

/// `giro parse`: typed values (IBAN, amount, date, reference …) out of OCR text, as JSON candidates.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Find IBANs, amounts, dates, references … in OCR text and print them as JSON candidates.",
        discussion: """
        Each candidate has a value, its UTF-8 byte span in the input, the raw text, the OCR corrections made, a \
        confidence and a status (valid, uncertain, invalid). Output is one JSON object \
        {"schema":1,"candidates":[…]} (best first), or with --lines one NDJSON line per input line with \
        1-based "line" and spans relative to that line. Exit status: 0 when something valid was found, 1 when \
        nothing (or nothing valid) was found, 64 usage error, 65 input too large, 66 no input, 74 read error.
        """
    )

    @Option(name: .long, help: ArgumentHelp(
        "Comma-separated parsers: \(ParserGroup.registryNames.joined(separator: ",")). `national` is every national "
            + "parser of --country (of every country without it); a national type runs that parser alone."))
    var parsers: String = "iban,amount,date,reference,national"

    @Option(name: .long, help: "An extra GiroRegex pattern; named captures become fields.")
    var regex: String?

    @Option(name: .long, help: "OCR substitutions allowed per --regex match.")
    var ocr: Int = 0

    @Option(name: .long, help: "Country context (ISO 3166 alpha-2): currency, language, national account forms, and only that country's national parsers.")
    var country: String?

    @Option(name: .long, help: "Language context (ISO 639-1) for month names.")
    var lang: String?

    @Option(name: .long, help: "Expected currency (ISO 4217).")
    var currency: String?

    @Flag(name: .long, help: "Read numeric dates as month/day/year.")
    var mdy = false

    @Flag(name: .long, help: "One NDJSON line per input line.")
    var lines = false

    @Flag(name: .long, help: "Pretty-print the JSON (ignored with --lines).")
    var pretty = false

    @Argument(help: "OCR text file, or - for standard input.")
    var file: String

    struct Result: Encodable {
        var schema = ParseCandidate.schemaVersion
        var line: Int?
        var candidates: [ParseCandidate]
    }

    mutating func run() throws {
        if let c = country, c.count != 2 || !c.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw GiroExit.usage.report("parse", "--country must be an ISO 3166 alpha-2 code")
        }
        var group: ParserGroup
        do {
            group = try ParserGroup.registry(parsers.split(separator: ",").map(String.init), country: country)
            if let regex {
                guard ocr >= 0 else { throw GiroError(.inputInvalid, field: "ocr", "--ocr must be >= 0") }
                group = group.appending(try RegexFieldParser(regex, ocrSubstitutions: ocr))
            }
        } catch let error as GiroError {
            throw GiroExit.usage.report("parse", error.message)
        }
        let context = ParseContext(country: country, language: lang, currency: currency, dateOrder: mdy ? .mdy : nil)
        let bytes: [UInt8]
        do { bytes = try InputReader.readAll(path: file, limit: ParseLimits().maxInputBytes) } catch {
            throw error.exit.report("parse", error.message)
        }
        var anyValid = false
        do {
            if lines {
                var start = 0
                var number = 1
                for end in bytes.indices where bytes[end] == 0x0A {
                    anyValid = try emitLine(group, bytes[start..<end], number, context) || anyValid
                    start = end + 1
                    number += 1
                }
                if start < bytes.count { anyValid = try emitLine(group, bytes[start...], number, context) || anyValid }
            } else {
                let found = try group.parse(bytes: bytes, context: context)
                anyValid = found.contains { $0.status == .valid }
                Output.writeOut(Output.json(Result(candidates: found), pretty: pretty))
            }
        } catch let error as GiroError {
            throw GiroExit.dataError.report("parse", error.description)
        }
        if !anyValid { throw GiroExit.nothingFound }
    }

    private func emitLine(_ group: ParserGroup, _ line: ArraySlice<UInt8>, _ number: Int, _ context: ParseContext) throws -> Bool {
        var bytes = Array(line)
        if bytes.last == 0x0D { bytes.removeLast() }
        let found = try group.parse(bytes: bytes, context: context)
        Output.writeOut(Output.json(Result(line: number, candidates: found), pretty: false))
        return found.contains { $0.status == .valid }
    }
}
