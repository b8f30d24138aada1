import ArgumentParser
import Foundation
import GiroRegex

/// `giro grep`: search text files with GiroRegex, optionally tolerating OCR confusions.
struct GrepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grep",
        abstract: "Search text line by line with a GiroRegex pattern (optionally OCR-tolerant).",
        discussion: """
        Exit status: 0 if something matched, 1 if nothing matched, 2 on error (a bad pattern prints its error kind \
        and span). With --ocr K, up to K OCR confusions (O/0, I/l/1, S/5, B/8, Z/2, G/6) are corrected per match and \
        the corrected text is printed.
        """
    )

    @Flag(name: [.customShort("c"), .long], help: "Print only the number of matching lines (matches with --multiline).")
    var count = false

    @Flag(name: [.customShort("o"), .long], help: "Print only the matched (corrected) text, one match per line.")
    var onlyMatching = false

    @Option(name: .long, help: "Allow up to K OCR confusion substitutions per match.")
    var ocr: Int?

    @Flag(name: .long, help: "Print JSON lines (one object per match, or {\"count\":N}).")
    var json = false

    @Flag(name: .long, help: "Match against the whole input instead of line by line.")
    var multiline = false

    @Flag(name: .customShort("i"), help: "Case-insensitive matching.")
    var ignoreCase = false

    @Argument(help: "The pattern (PCRE-like syntax; see GiroRegex README).")
    var pattern: String

    @Argument(help: "Input file, or - for standard input.")
    var file: String = "-"

    mutating func run() throws {
        var opts: RegexOptions = []
        if ignoreCase { opts.insert(.caseInsensitive) }
        if multiline { opts.insert(.multiline) }
        let regex: RegexPattern
        do {
            regex = try RegexPattern(pattern, options: opts)
        } catch {
            FileHandle.standardError.write(Data(("giro grep: " + RegexGrep.errorMessage(error, pattern: pattern) + "\n").utf8))
            throw ExitCode(2)
        }
        if let k = ocr, k < 0 {
            FileHandle.standardError.write(Data("giro grep: --ocr must be >= 0\n".utf8))
            throw ExitCode(2)
        }
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("giro grep: cannot read \(file)\n".utf8))
                throw ExitCode(2)
            }
            data = d
        }
        var o = RegexGrep.Options()
        o.countOnly = count
        o.onlyMatching = onlyMatching
        o.ocrSubstitutions = ocr
        o.json = json
        o.multiline = multiline
        let result = RegexGrep.run(regex, input: [UInt8](data), options: o)
        FileHandle.standardOutput.write(Data(result.output))
        if !result.matched { throw ExitCode(1) }
    }
}
