import Foundation
import GiroTestSupport
import Testing

/// The image and PDF libraries are opened with dlopen on first use, never at start (Sources/CLazyLibrary): a
/// command that reads no image must not load them, and one that reads an image or PDF loads exactly what it
/// needs. glibc's loader reports every library it opens with `LD_DEBUG=files` (on stderr).
@Suite struct LazyLibraryCLITests {
    static let imageLibraries = ["libzbar.so", "libZXing.so", "libdmtx.so", "libpng16.so", "libjpeg.so", "libwebp.so", "libpoppler-cpp.so", "libpoppler.so", "libqrencode.so"]

    /// The libraries ld.so opened for one `giro` run, by soname, and the exit status.
    func loaded(_ args: [String]) throws -> (libraries: Set<String>, status: Int32) {
        let url = try #require(CLITests.giroURL, "the giro executable was not built next to the tests")
        let p = Process()
        p.executableURL = url
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "files"]) { $1 }
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        // Lines like "  1234:\tfile=libzbar.so.0 [0];  dynamically loaded by ./giro [0]".
        var names = Set<String>()
        for line in text.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            names.insert(String(line[start.upperBound...].prefix { $0 != " " && $0 != ";" }))
        }
        return (names, p.terminationStatus)
    }

    func imageLibraries(in names: Set<String>) -> [String] {
        Self.imageLibraries.filter { lib in names.contains { $0.hasPrefix(lib) } }
    }

    @Test func commandsWithoutImagesLoadNoImageLibrary() throws {
        let text = Golden.repoRoot.appendingPathComponent("README.md").path
        for args in [["--version"], ["grep", "-c", "IBAN", text], ["decode", "--file", CLITests.epc, "--format", "json"]] {
            let run = try loaded(args)
            #expect(run.status == 0, "\(args)")
            #expect(run.libraries.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG=files reported nothing for \(args)")
            #expect(imageLibraries(in: run.libraries).isEmpty, "\(args) loaded \(imageLibraries(in: run.libraries))")
        }
    }

    @Test func encodeOpensLibqrencodeOnlyForAPNG() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("giro-lazy-\(UUID().uuidString).json")
        let png = record.appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: record); try? FileManager.default.removeItem(at: png) }
        let decoded = try CLITests().giro(["decode", "--file", CLITests.epc, "--format", "json"])
        try Data(decoded.stdout.utf8).write(to: record)
        let plain = try loaded(["encode", "--as", "sepa.epc-qr", record.path])
        #expect(plain.status == 0 && imageLibraries(in: plain.libraries).isEmpty, "\(imageLibraries(in: plain.libraries))")
        let drawn = try loaded(["encode", "--as", "sepa.epc-qr", "--png", png.path, record.path])
        #expect(drawn.status == 0)
        #expect(imageLibraries(in: drawn.libraries).sorted() == ["libpng16.so", "libqrencode.so"])
    }

    @Test func aPDFLoadsPopplerAndAnImageItsReaders() throws {
        let pdf = try loaded(["decode", "--file", Golden.repoRoot.appendingPathComponent("fixtures/pdf/epc-invoice.pdf").path, "--format", "json"])
        #expect(pdf.status == 0)
        #expect(imageLibraries(in: pdf.libraries).contains("libpoppler-cpp.so"))
        let webp = try loaded(["decode", "--file", Golden.repoRoot.appendingPathComponent("fixtures/images/generated/epc-dm-webp.webp").path, "--format", "json"])
        #expect(webp.status == 0)
        let opened = imageLibraries(in: webp.libraries)
        #expect(opened.contains("libwebp.so") && opened.contains("libdmtx.so"), "\(opened)")
        #expect(!opened.contains("libpoppler-cpp.so"), "\(opened)")
    }
}
