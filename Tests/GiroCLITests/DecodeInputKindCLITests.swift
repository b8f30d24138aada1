import Foundation
import Testing

/// `giro decode` says what its input is when it is no payload: a directory (exit 66, pointing to `giro scan`) or
/// an empty input (exit 66, the error `empty_payload`), never `unknown_format`.
@Suite(.serialized) struct DecodeInputKindCLITests {
    func giro(_ args: [String], stdin: Data? = nil) throws -> CLITests.Run { try CLITests().giro(args, stdin: stdin) }

    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("giro-input-kind-\(getpid())-\(name)").path
    }

    @Test func directoryIsNoInputAndPointsToScan() throws {
        let dir = Self.scratch("dir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for args in [["decode", dir], ["decode", "--file", dir]] {
            let r = try giro(args)
            #expect(r.status == 66, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("\(dir) is a directory") && r.stderr.contains("giro scan \(dir)"), "\(r.stderr)")
            #expect(!r.stdout.contains("unknown_format"), "\(r.stdout)")
        }
    }

    @Test func emptyFileIsEmptyPayload() throws {
        let file = Self.scratch("empty.bin")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: file) }
        for args in [["decode", file], ["decode", "--file", file]] {
            let r = try giro(args)
            #expect(r.status == 66, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stdout.contains(#""code" : "empty_payload""#) && !r.stdout.contains("unknown_format"), "\(r.stdout)")
            #expect(r.stderr.contains("\(file) is empty"), "\(r.stderr)")
        }
        let line = try giro(["decode", "--format", "json", file])
        #expect(line.status == 66 && line.stdout.split(separator: "\n").count == 1 && line.stdout.contains(#""code":"empty_payload""#))
    }

    @Test func emptyStandardInputAndArgumentAreEmptyPayload() throws {
        let stdin = try giro(["decode", "-"], stdin: Data())
        #expect(stdin.status == 66 && stdin.stdout.contains("empty_payload") && stdin.stderr.contains("standard input is empty"))
        let argument = try giro(["decode", ""])
        #expect(argument.status == 66 && argument.stdout.contains("empty_payload"), "\(argument.stderr)")
    }

    /// Text that names no file is still a payload, and a file that holds one is read with `--file` as before.
    @Test func payloadsAreStillPayloads() throws {
        let text = try giro(["decode", "hello"])
        #expect(text.status == 65 && text.stdout.contains("unknown_format"))
        let file = Self.scratch("hello.txt")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("hello".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let read = try giro(["decode", "--file", file])
        #expect(read.status == 65 && read.stdout.contains("unknown_format"))
    }
}
