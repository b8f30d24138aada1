import Foundation
import Giro
import GiroTestSupport
import Testing

/// The public surface of `import Giro` (engine modules) and `import GiroRegex` is pinned in docs/public-api.txt
/// (docs/api-stability.md). A change to it must be deliberate: regenerate the file with
/// `scripts/count-public-api.sh --list > docs/public-api.txt` and review the diff.
@Suite struct PublicAPITests {
    /// The modules this test binary was built with sit next to it (`.build/<triple>/<config>/Modules`).
    static var builtModules: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let base = FileManager.default.fileExists(atPath: exe.path) ? exe : URL(fileURLWithPath: CommandLine.arguments[0])
        return base.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    @Test func publicSymbolsMatchTheCheckedInList() throws {
        let script = Golden.repoRoot.appendingPathComponent("scripts/count-public-api.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, "--list", "--modules", Self.builtModules.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let listed = out.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "count-public-api.sh failed: \(problems)")
        let pinned = try String(contentsOf: Golden.repoRoot.appendingPathComponent("docs/public-api.txt"), encoding: .utf8)
        let now = String(decoding: listed, as: UTF8.self)
        let added = Set(now.split(separator: "\n")).subtracting(pinned.split(separator: "\n")).sorted()
        let removed = Set(pinned.split(separator: "\n")).subtracting(now.split(separator: "\n")).sorted()
        #expect(added.isEmpty && removed.isEmpty, "public API changed; added: \(added), removed: \(removed)")
        #expect(now == pinned)
    }

    /// The JSON entry points: the record's and the error's bytes, also as strings.
    @Test func jsonEntryPoints() throws {
        let bytes = try EngineLimitTests.spc()
        let record = try PaymentDecoder().decode(bytes: bytes)
        #expect(record.jsonString() == String(decoding: record.jsonBytes(), as: UTF8.self))
        #expect(record.jsonString().hasPrefix("{\"additionalPayments\":[]"))
        do throws(GiroError) { _ = try PaymentDecoder().decode(text: "hello") } catch {
            #expect(error.jsonString().contains("\"code\":\"unknown_format\""))
        }
    }
}
