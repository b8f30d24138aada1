import Foundation
import GiroTestSupport
import Testing
import Giro

/// `giro parse` end to end, on the OCR dumps under fixtures/ocr.
extension CLITests {
    static let ocrSlip = Golden.repoRoot.appendingPathComponent("fixtures/ocr/uplatnica-hr.txt").path
    static let ocrInvoice = Golden.repoRoot.appendingPathComponent("fixtures/ocr/faktura-cz.txt").path

    struct ParseOutput: Decodable {
        var schema: Int
        var line: Int?
        var candidates: [ParseCandidate]
    }

    @Test func parseOCRSlipPrintsRepairedCandidates() throws {
        let r = try giro(["parse", "--country", "HR", Self.ocrSlip])
        #expect(r.status == 0, "\(r.stderr)")
        let out = try JSONDecoder().decode(ParseOutput.self, from: Data(r.stdout.utf8))
        #expect(out.schema == 1)
        let iban = try #require(out.candidates.first { $0.type == "iban" && $0.status == .valid })
        #expect(iban.value == "HR1210010051863000160" && iban.corrections.count == 3)
        #expect(out.candidates.contains { $0.type == "amount" && $0.amount == Decimal(string: "1234.5") && $0.currency == "EUR" })
        #expect(out.candidates.contains { $0.type == "date" && $0.value == "2025-01-31" && !$0.corrections.isEmpty })
        #expect(out.candidates.contains { $0.type == "hr.model" && $0.value == "HR01 7269-68949637676-00018" })
        // The made-up payer IBAN fails its check and is reported as such, not repaired.
        #expect(out.candidates.contains { $0.type == "iban" && $0.status == .invalid })
        #expect(r.stdout.contains(#""amount":"1234.50""#))
    }

    @Test func parseLinesAndSelectedParsersFromStdin() throws {
        let input = Data("IBAN CZ65 0800 0000 1920 0014 5399\nnic\nVS: 2024001 splatnost 2. ledna 2025\n".utf8)
        let r = try giro(["parse", "--lines", "--parsers", "iban,reference", "--country", "CZ", "-"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { try? JSONDecoder().decode(ParseOutput.self, from: Data($0.utf8)) }
        #expect(lines.count == 3)
        #expect(lines[0]?.line == 1 && lines[0]?.candidates.first?.value == "CZ6508000000192000145399")
        #expect(lines[1]?.candidates.isEmpty == true)
        #expect(lines[2]?.candidates.map(\.type) == ["cz.vs"])  // no date: only iban and reference were asked for
    }

    @Test func parseWithRegexAndErrors() throws {
        let r = try giro(["parse", "--parsers", "", "--regex", #"Rechnung (?<no>\d{6})"#, "--ocr", "1", "-"],
                         stdin: Data("Rechnung 2O2401 vom 3.1.".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let out = try JSONDecoder().decode(ParseOutput.self, from: Data(r.stdout.utf8))
        #expect(out.candidates.first?.fields["no"] == "202401")
        #expect(try giro(["parse", "--parsers", "iban,nope", "-"], stdin: Data("x".utf8)).status == 64)
        #expect(try giro(["parse", "--regex", "(a", "-"], stdin: Data("x".utf8)).status == 64)
        #expect(try giro(["parse", "/nonexistent/ocr.txt"]).status == 66)
        #expect(try giro(["parse", "-"], stdin: Data("nothing to see here".utf8)).status == 1)
    }
}

/// National parsers on the command line: listed by `--help`, picked by `--country`.
extension CLITests {
    @Test func parseHelpListsEveryNationalParser() throws {
        let r = try giro(["parse", "--help"])
        let help = r.stdout.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        for name in ParserGroup.registryNames { #expect(help.contains(name), "\(name) missing from giro parse --help") }
    }

    @Test func parseCountryPicksTheNationalParsers() throws {
        let input = Data("Verwendungszweck 1OO8 4545 6115 8\nBefizetőazonosító: 9876543217\n".utf8)
        let german = try giro(["parse", "--country", "DE", "-"], stdin: input)
        #expect(german.status == 0, "\(german.stderr)")
        let out = try JSONDecoder().decode(ParseOutput.self, from: Data(german.stdout.utf8))
        #expect(out.candidates.map(\.type) == ["de.bzue"] && out.candidates.first?.fields["country"] == "DE")
        let every = try JSONDecoder().decode(ParseOutput.self, from: Data(try giro(["parse", "-"], stdin: input).stdout.utf8))
        #expect(Set(every.candidates.compactMap { $0.fields["country"] }) == ["DE", "HU"])
        #expect(try giro(["parse", "--parsers", "hu.befizetoazonosito", "-"], stdin: input).status == 0)
    }
}
