import Foundation
import GiroUnitedKingdom
import Testing
import GiroTestSupport

/// The generated Swift tables (`UKModulusTables.swift`) must say what the data files say.
@Suite struct UKModulusTableSyncTests {
    static let root = RepositoryRoot.url
    static let data = root.appendingPathComponent("Countries/UnitedKingdom/Data")

    func text(_ name: String) throws -> String {
        try String(contentsOf: Self.data.appendingPathComponent(name), encoding: .ascii)
    }

    @Test func weightTableMatchesDataFile() throws {
        let file = "valacdos-v\(UKModulus.tableVersion.replacingOccurrences(of: ".", with: "-")).txt"
        let lines = try text(file).split(whereSeparator: \.isNewline).map { $0.split(separator: " ") }.filter { !$0.isEmpty }
        let rows = UKModulus.rows
        #expect(lines.count == rows.count && rows.count == 1143)
        for (t, row) in zip(lines, rows) {
            let expected = "\(t[0]) \(t[1]) \(t[2]) \(t[3..<17].joined(separator: " ")) \(t.count > 17 ? String(t[17]) : "-")"
            let actual = "\(row.start) \(row.end) \(row.method.rawValue) \(row.weights.map(String.init).joined(separator: " ")) \(row.exception.map(String.init) ?? "-")"
            #expect(expected == actual)
        }
    }

    @Test func substitutionTableMatchesDataFile() throws {
        let file = "scsubtab-v\(UKModulus.tableVersion.replacingOccurrences(of: ".", with: "-")).txt"
        let pairs = try text(file).split(whereSeparator: \.isNewline).map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
        #expect(pairs.sorted() == UKModulus.substitutions.map { "\($0.original) \($0.substitute)" })
        #expect(pairs.count == 21)
    }

    /// Regenerating from the data files reproduces the committed Swift file byte for byte.
    @Test func generatorOutputIsCommitted() throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("UKModulusTables-\(getpid()).swift")
        defer { try? FileManager.default.removeItem(at: out) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(python, "python3 is needed to regenerate the tables"))
        p.arguments = [Self.root.appendingPathComponent("scripts/generate-uk-modulus.py").path, "--output", out.path]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let generated = try Data(contentsOf: out)
        let committed = try Data(contentsOf: Self.root.appendingPathComponent("Countries/UnitedKingdom/UKModulusTables.swift"))
        #expect(generated == committed, "run scripts/generate-uk-modulus.py")
    }
}
