import Foundation
import GiroTestSupport
import Testing

/// The external corpora: `Corpora` fails loudly on a missing file, `.corpus(…)` skips only outside
/// `GIRO_REQUIRE_CORPORA=1`, and `scripts/fetch-corpora.sh` copies from a mirror or fetches the pinned upstream
/// commit and refuses content whose checksum is not the pinned one. The script runs here on a corpus made up for the
/// test (its own manifest, mirror and git upstream in a temporary folder), so this needs neither network nor ../shared.
@Suite struct CorporaTests {
    @Test func aMissingCorpusIsAnErrorThatSaysWhereItLookedAndHowToFetch() {
        let error = #expect(throws: Corpora.Missing.self) { try Corpora.url("no-such-corpus/file") }
        #expect(error?.path.hasSuffix("/no-such-corpus/file") == true)
        #expect(error?.path.hasPrefix(Corpora.root.path) == true)
        #expect(error?.description.contains("scripts/fetch-corpora.sh") == true)
    }

    @Test func anAbsentCorpusSkipsItsTestsOnlyWhenCorporaAreNotRequired() {
        #expect(Corpora.available("no-such-corpus") == Corpora.required)
        #expect(Corpora.root.path.hasSuffix("/corpora") || ProcessInfo.processInfo.environment["GIRO_CORPORA_DIR"] != nil)
    }

    /// A temporary mirror/upstream/destination for one made-up corpus `demo`.
    struct Sandbox {
        let dir: URL
        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("giro-corpora-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        var mirror: URL { dir.appendingPathComponent("mirror") }
        var destination: URL { dir.appendingPathComponent("corpora") }
        var manifest: URL { dir.appendingPathComponent("corpora.tsv") }

        func write(_ text: String, _ relativePath: String, under root: URL) throws {
            let url = root.appendingPathComponent(relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Runs `scripts/fetch-corpora.sh` against this sandbox; exit status and both outputs.
        @discardableResult
        func run(_ arguments: [String] = [], environment extra: [String: String] = [:], shell: String? = nil) throws -> (status: Int32, output: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            let script = RepositoryRoot.appending("scripts/fetch-corpora.sh").path
            p.arguments = shell.map { ["-c", $0] } ?? [script] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "GIRO_REQUIRE_CORPORA")
            environment["GIRO_CORPORA_DIR"] = destination.path
            environment["GIRO_CORPORA_MIRROR"] = mirror.path
            environment["GIRO_CORPORA_MANIFEST"] = manifest.path
            environment["GIRO_CORPORA_UPSTREAM"] = "file://" + dir.appendingPathComponent("upstream").path
            p.environment = environment.merging(extra) { $1 }
            p.currentDirectoryURL = dir
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        func checksum(of folder: URL) throws -> String {
            let r = try run(["--checksum", folder.path])
            return r.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func pin(commit: String, sha256: String) throws {
            try "# test manifest\ndemo\towner/demo\t\(commit)\t\(sha256)\tdata/a.txt,data/sub=renamed\t_extra.json\n"
                .write(to: manifest, atomically: true, encoding: .utf8)
        }

        /// `a.txt` and `renamed/b.txt`: the local layout of the manifest's `data/a.txt,data/sub=renamed`.
        func demoFolder(_ folder: URL, a: String = "one\n") throws -> URL {
            try write(a, "a.txt", under: folder)
            try write("two\n", "renamed/b.txt", under: folder)
            return folder
        }

        /// The mirror holds `demo`, and the manifest pins its checksum (commit unused: no upstream is asked).
        func pinnedMirror() throws -> URL {
            let demo = try demoFolder(mirror.appendingPathComponent("demo"))
            try pin(commit: "0000000", sha256: try checksum(of: demo))
            return demo
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }

        func exists(_ relativePath: String) -> Bool {
            FileManager.default.fileExists(atPath: destination.appendingPathComponent(relativePath).path)
        }
    }

    @Test func fetchesFromTheMirrorAndKeepsAVerifiedCopy() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("{}", "_extra.json", under: try box.pinnedMirror())

        let first = try box.run()
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("corpus demo: fetched from mirror"), "\(first.output)")
        #expect(box.exists("demo/a.txt") && box.exists("demo/renamed/b.txt") && box.exists("demo/_extra.json"))
        let second = try box.run()
        #expect(second.status == 0 && second.output.contains("corpus demo: present, checksum ok"), "\(second.output)")
    }

    @Test func aCorpusWhoseChecksumDiffersIsRefusedAndRemoved() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("one, changed\n", "a.txt", under: try box.pinnedMirror())

        let r = try box.run()
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("corpus demo: CHECKSUM MISMATCH"), "\(r.output)")
        #expect(!box.exists("demo") && !box.exists(".demo.tmp"))
        // Also with GIRO_REQUIRE_CORPORA unset: a wrong corpus is never tolerated, a missing one is.
    }

    @Test func fetchesThePinnedCommitFromUpstreamWithoutAMirror() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let repo = box.dir.appendingPathComponent("upstream/owner/demo.git")
        try box.write("pinned\n", "data/a.txt", under: repo)
        try box.write("two\n", "data/sub/b.txt", under: repo)
        let git = "git -c user.name=t -c user.email=t@example.invalid -c init.defaultBranch=main"
        let made = try box.run(shell: """
            set -e; cd '\(repo.path)'; \(git) init -q .; \(git) add -A; \(git) commit -qm pinned
            \(git) rev-parse --short=8 HEAD > ../pinned
            echo later > data/a.txt; \(git) commit -qam later
            """)
        try #require(made.status == 0, "\(made.output)")
        let commit = try String(contentsOf: repo.deletingLastPathComponent().appendingPathComponent("pinned"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try box.pin(commit: commit, sha256: try box.checksum(of: try box.demoFolder(box.dir.appendingPathComponent("expected"), a: "pinned\n")))

        let r = try box.run()
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("corpus demo: fetched from file://"), "\(r.output)")
        let a = try String(contentsOf: box.destination.appendingPathComponent("demo/a.txt"), encoding: .utf8)
        #expect(a == "pinned\n", "the corpus must come from the pinned commit, not the branch head")
    }

    @Test func aCorpusThatCannotBeFetchedIsToleratedUnlessRequired() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.pin(commit: "0000000", sha256: String(repeating: "0", count: 64))
        let tolerated = try box.run()
        #expect(tolerated.status == 0, "\(tolerated.output)")
        #expect(tolerated.output.contains("corpora missing: demo"), "\(tolerated.output)")
        let required = try box.run(environment: ["GIRO_REQUIRE_CORPORA": "1"])
        #expect(required.status == 1, "\(required.output)")
        #expect(required.output.contains("GIRO_REQUIRE_CORPORA=1"), "\(required.output)")
        #expect(!box.exists("demo"))
    }
}
