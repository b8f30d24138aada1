import Foundation
import Testing
import GiroTestSupport

/// The CLI contract of Foundation II §4: grep line semantics (against pcre2grep), one exit-code table, one
/// meaning per short flag, escaped text output, capped reads, batch read errors.
extension CLITests {
    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("giro-cli-\(getpid())-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }

    static var pcre2grep: String? {
        ["/usr/bin/pcre2grep", "/usr/local/bin/pcre2grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func run(_ tool: String, _ args: [String]) throws -> (status: Int32, stdout: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let grepPatterns = [
        "^[A-Z][a-z]+ ", "(EUR|CHF|RSD)$", "[A-Z]{2}[0-9]{2}[A-Z0-9 ]{11,30}", "^HR[0-9]{2}", "[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "[0-9]{1,3}([.,' ][0-9]{3})*[.,][0-9]{2}", "Verwendungszweck|Zahlschein|faktura", "^$", "^[0-9]+$", "\\s+\\d",
        "[^a-z ]{6}$", "\\bEUR\\b", "^\\S+$", ", *$", "(?i)^praha", "[A-Z]{2}\\d{2}( \\d{4}){3,7}", "x*", "\\AD", "d\\.o\\.o\\.$",
        "[^\\n]{120}",
    ]

    @Test func grepLineModeCountsLikePcre2grep() throws {
        let pcre = try #require(Self.pcre2grep, "pcre2grep is missing: install pcre2-utils (scripts/install-deps.sh)")
        var generator = OCRTextGenerator(seed: 99)
        // Generated text plus the edge cases: empty lines, a CR, an unterminated last line.
        let text = generator.generate(bytes: 1 << 20) + Array("\n\nHR12 tail\r\n\nlast line EUR".utf8)
        let path = try Self.temporaryFile("grep.txt", text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for pattern in Self.grepPatterns {
            let ours = try giro(["grep", "-c", pattern, path])
            let theirs = try run(pcre, ["-u", "--no-jit", "-N", "LF", "-c", pattern, path])
            #expect(ours.stdout == theirs.stdout, "pattern \(pattern): giro \(ours.stdout) pcre2grep \(theirs.stdout)")
            #expect(ours.status == theirs.status, "pattern \(pattern)")
        }
    }

    @Test func grepAnchorsAreLineAnchors() throws {
        let input = Data("Abc def\nXyz q\n".utf8)
        #expect(try giro(["grep", "-c", "^[A-Z][a-z]+ ", "-"], stdin: input).stdout == "2\n")
        #expect(try giro(["grep", "-o", "[a-z]+$", "-"], stdin: input).stdout == "def\nq\n")
        #expect(try giro(["grep", "--only-matching", "^X..", "-"], stdin: input).stdout == "Xyz\n")
        let json = try giro(["grep", "--json", "q$", "-"], stdin: input)
        #expect(json.stdout == #"{"line":2,"start":4,"end":5,"text":"q"}"# + "\n")
        // A match that could cross the newline (\s) still counts per line.
        #expect(try giro(["grep", "-c", "f\\s+X", "-"], stdin: input).stdout == "0\n")
    }

    /// The one exit-code table (docs/cli.md): subcommand + input → code.
    @Test func exitCodeContract() throws {
        let spc = try String(contentsOfFile: Self.spc, encoding: .utf8)
        let uncertain = "BCD\n002\n1\nSCT\n\nName\nCH5800791123000889012\nEUR1.00"
        let cases: [(args: [String], stdin: String?, code: Int32)] = [
            (["decode", spc], nil, 0),
            (["decode", uncertain], nil, 2),
            (["decode", "--as", "nope", spc], nil, 64),
            (["decode", "-o", "json", spc], nil, 64),
            (["decode", "hello"], nil, 65),
            (["decode", "--file", "/nonexistent/x"], nil, 66),
            (["decode", "-"], "", 66),
            (["check", "iban", "CH4431999123000889012"], nil, 0),
            (["check", "iban", "CH4431999123000889013"], nil, 65),
            (["check", "nope", "x"], nil, 64),
            (["grep", "EUR", "-"], "1 EUR\n", 0),
            (["grep", "CHF", "-"], "1 EUR\n", 1),
            (["grep", "(a", "-"], "x\n", 64),
            (["grep", "--ocr", "-1", "a", "-"], "a\n", 64),
            (["grep", "a", "/nonexistent/x"], nil, 66),
            (["grep", "a", "/tmp"], nil, 74),
            (["parse", "-"], "IBAN CH4431999123000889012", 0),
            (["parse", "-"], "nothing here", 1),
            (["parse", "--parsers", "nope", "-"], "x", 64),
            (["parse", "/nonexistent/x"], nil, 66),
            (["batch", "--jobs", "0"], nil, 64),
            (["batch", "-f", "/nonexistent/x"], nil, 66),
            (["batch", "--input", "/tmp"], nil, 74),
            (["batch", "--strict"], "junk\n", 65),
            (["batch"], "junk\n", 0),
            (["scan", "/nonexistent/dir"], nil, 66),
            (["formats"], nil, 0),
            (["frobnicate"], nil, 64),
        ]
        for c in cases {
            let r = try giro(c.args, stdin: c.stdin.map { Data($0.utf8) })
            #expect(r.status == c.code, "giro \(c.args.joined(separator: " ")): \(r.status), expected \(c.code); \(r.stderr)")
        }
    }

    /// The table is defined once: no subcommand throws a raw ArgumentParser `ExitCode`.
    @Test func exitCodesComeFromTheOneEnum() throws {
        let dir = Golden.repoRoot.appendingPathComponent("Sources/GiroCLI")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") && $0 != "ExitCodes.swift" }
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("ExitCode("), "\(file) throws a raw ExitCode; use GiroExit")
        }
    }

    /// Every short flag means one thing across the CLI (-o only-matching, -i ignore-case, -f input file …).
    @Test func oneMeaningPerShortFlag() throws {
        var meaning: [String: (String, String)] = [:]
        for sub in ["decode", "batch", "formats", "check", "grep", "parse", "scan"] {
            let help = try giro([sub, "--help"]).stdout
            let regex = try NSRegularExpression(pattern: "(?m)^\\s+(-[a-zA-Z]), (--[a-z-]+)")
            for m in regex.matches(in: help, range: NSRange(help.startIndex..., in: help)) {
                guard let s = Range(m.range(at: 1), in: help), let l = Range(m.range(at: 2), in: help) else { continue }
                let short = String(help[s]), long = String(help[l])
                if let (other, otherSub) = meaning[short] {
                    #expect(other == long, "\(short) is \(other) in \(otherSub) but \(long) in \(sub)")
                } else {
                    meaning[short] = (long, sub)
                }
            }
        }
        #expect(meaning["-o"]?.0 == "--only-matching" && meaning["-i"]?.0 == "--ignore-case" && meaning["-f"]?.0 == "--file",
                "\(meaning)")
        #expect(try giro(["batch", "-o", "/dev/null"], stdin: Data()).status == 64)
        #expect(try giro(["batch", "-i", "-"], stdin: Data()).status == 64)
    }

    @Test func textOutputEscapesControlCharacters() throws {
        let payload = "BCD\n002\n1\nSCT\n\nEvil\u{1B}[2J\u{07}Name\nDE89370400440532013000\nEUR1.00\n\n\nPay \u{202E}now\u{9B}"
        let r = try giro(["decode", "--format", "text", payload])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" || $0 == "\u{9B}" })
        #expect(r.stdout.contains("Evil\\x1B[2J\\x07Name") && r.stdout.contains("\\u{202E}") && r.stdout.contains("\\x9B"))
        let check = try giro(["check", "iban", "X\u{1B}[2J\u{07}"])
        #expect(check.status == 65 && !check.stdout.contains("\u{1B}") && check.stdout.contains("\\x1B[2J\\x07"))
        let bad = try giro(["decode", "--as", "sepa.epc-qr", "\u{1B}[2J\u{07}"])
        #expect(!bad.stderr.contains("\u{1B}") && !bad.stderr.contains("\u{07}"))
        let pattern = try giro(["grep", "(\u{1B}[2J", "-"], stdin: Data("x".utf8))
        #expect(pattern.status == 64 && !pattern.stderr.contains("\u{1B}") && pattern.stderr.contains("\\x1B"))
    }

    @Test func oversizedInputIsRefusedWithItsSize() throws {
        let big = [UInt8](repeating: 0x41, count: 9000)
        let viaStdin = try giro(["decode", "-"], stdin: Data(big))
        #expect(viaStdin.status == 65 && viaStdin.stderr.contains("more than 8192 bytes"), "\(viaStdin.stderr)")
        #expect(viaStdin.stdout.contains("payload_too_large"))
        let path = try Self.temporaryFile("big.txt", big)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let viaFile = try giro(["decode", "--file", path])
        #expect(viaFile.status == 65 && viaFile.stderr.contains("is 9000 bytes; the limit is 8192"), "\(viaFile.stderr)")
        // parse: a sparse 65 MiB file is refused after reading 64 MiB + 1, with its real size.
        let sparse = FileManager.default.temporaryDirectory.appendingPathComponent("giro-cli-\(getpid())-sparse.txt").path
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: sparse) }
        let handle = try #require(FileHandle(forWritingAtPath: sparse))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let parse = try giro(["parse", sparse])
        #expect(parse.status == 65 && parse.stderr.contains("is \(65 << 20) bytes; the limit is \(64 << 20)"), "\(parse.stderr)")
    }

    @Test func batchReadErrorsExit74AfterWritingWhatWasRead() throws {
        let dir = try giro(["batch", "--input", FileManager.default.temporaryDirectory.path])
        #expect(dir.status == 74 && dir.stderr.contains("Is a directory"), "\(dir.stderr)")
        // A Unix socket whose peer closes with unread data: the reader gets its lines, then ECONNRESET.
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let lines = Data("junk one\njunk two\n".utf8)
        _ = lines.withUnsafeBytes { write(fds[0], $0.baseAddress, $0.count) }
        _ = write(fds[1], "x", 1)  // unread by the peer: closing it then resets the connection
        close(fds[0])
        let url = try #require(Self.giroURL)
        let p = Process()
        p.executableURL = url
        p.arguments = ["batch"]
        p.standardInput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 74, "\(e)")
        #expect(String(decoding: o, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(e.contains("after 2 lines") && e.contains("reset"), "\(e)")
    }
}
