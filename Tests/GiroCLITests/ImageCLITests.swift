import Foundation
import Giro
import GiroTestSupport
import Testing

/// `giro decode IMAGE` and `giro scan` end to end (fixtures from fixtures/images/generate.sh).
extension CLITests {
    static let images = Golden.repoRoot.appendingPathComponent("fixtures/images/generated")
    static func image(_ name: String) -> String { images.appendingPathComponent(name).path }

    func symbols(_ stdout: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }

    @Test func decodeImageByPathPrintsEveryRecord() throws {
        // A rotated phone-like photo of a page with two bills, stored sideways with EXIF orientation 6.
        let r = try giro(["decode", Self.image("two-bills-photo.jpg"), "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let found = try symbols(r.stdout)
        let formats = Set(found.compactMap { ($0["record"] as? [String: Any])?["format"] as? String })
        #expect(formats == ["sepa.epc-qr", "ch.qr-bill"])
        #expect(found.allSatisfy { $0["kind"] as? String == "payment" && $0["symbology"] as? String == "qr" })
    }

    @Test func decodeImageNDJSONAndForcedReader() throws {
        let dm = Self.image("epc-dm-page.png")
        let auto = try giro(["decode", "--file", dm, "--format", "ndjson"])
        #expect(auto.status == 0, "\(auto.stderr)")
        let lines = auto.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(line["symbology"] as? String == "datamatrix" && line["reader"] as? String == "dmtx")
        // zbar cannot read DataMatrix: no symbol, exit 65, an empty array and a note on stderr.
        let zbar = try giro(["decode", dm, "--reader", "zbar", "--format", "json"])
        #expect(zbar.status == 65)
        #expect(try symbols(zbar.stdout).isEmpty && zbar.stderr.contains("no barcode found"))
    }

    @Test func decodeImageReportsNonPaymentSymbols() throws {
        let r = try giro(["decode", Self.image("rf-c128-pure.png"), "--format", "json"])
        #expect(r.status == 65)
        let s = try #require(try symbols(r.stdout).first)
        #expect(s["kind"] as? String == "not_a_payment" && s["text"] as? String == "RF18539007547034")
        #expect((s["error"] as? [String: Any])?["code"] as? String == "unknown_format")
    }

    @Test func decodeImageWritesDebugPNG() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("giro-debug-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try giro(["decode", Self.image("epc-qr-page.png"), "--debug-image", out.path, "--format", "json"])
        #expect(r.status == 0)
        let png = [UInt8](try Data(contentsOf: out))
        let loaded = try ImageLoader().load(png)
        #expect(loaded.fileFormat == .png && loaded.image.width == 1000 && loaded.image.height == 700)
    }

    @Test func decodeImageRefusesOversizedAndBrokenImages() throws {
        let big = try giro(["decode", Self.image("epc-qr-page.png"), "--max-pixels", "1000", "--format", "json"])
        #expect(big.status == 65)
        #expect(big.stdout.contains("image_too_large"))
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.image("epc-qr-page.png"))))
        png = Array(png.prefix(200))
        let broken = try giro(["decode", "-", "--format", "json"], stdin: Data(png))
        #expect(broken.status == 65)
        #expect(broken.stdout.contains("image_invalid"))
    }

    /// Payment symbols the manifest promises: rows expecting a golden record of a payload that is not `invalid-`.
    static func expectedPayments() -> Int {
        let manifest = Self.images.deletingLastPathComponent().appendingPathComponent("manifest.tsv")
        let text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").reduce(0) { sum, line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 5, !line.hasPrefix("#"), f[3] == "golden", !f[2].contains("/invalid-") else { return sum }
            return sum + (Int(f[4]) ?? 0)
        }
    }

    @Test func scanDirectoryGivesOneLinePerSymbol() throws {
        // The largest budget the CLI takes (60 s per image, far above need): how loaded the machine is must not
        // decide what is read (the default 1 s per image dropped a symbol now and then under load).
        // Barcodes only: the printed-slip path has its own test below (OCR on 87 images would dominate the run).
        let r = try giro(["scan", Self.images.path, "--jobs", "2", "--budget-ms", "60000", "--slips", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try r.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.images.path)
        #expect(Set(lines.compactMap { ($0["file"] as? NSString)?.lastPathComponent }) == Set(files))
        let payments = lines.filter { (($0["symbol"] as? [String: Any])?["kind"] as? String) == "payment" }
        #expect(payments.count == Self.expectedPayments(), "payments \(payments.count) of \(files.count) files")
        #expect(r.stderr.contains("giro scan: \(files.count) images"))
        let none = try giro(["scan", FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir-\(UUID())").path])
        #expect(none.status == 66)
    }

    /// `giro scan` reads printed slips too: one line per slip, the element `giro decode IMAGE` prints; a slip whose
    /// barcode decodes gives the barcode's line, cross-checked.
    @Test func scanReadsPrintedSlips() throws {
        let samples = Self.images.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("slips/samples")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("giro-scan-slips-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["hr.hub-3a-water-bill-scan.png", "hr.hub-3a-water-bill-altered-amount-scan.png"] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let r = try giro(["scan", dir.path, "--jobs", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try r.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(lines.count == 2)
        let byFile = Dictionary(uniqueKeysWithValues: lines.map { (($0["file"] as? NSString)?.lastPathComponent ?? "", $0) })
        let slip = try #require(byFile["hr.hub-3a-water-bill-scan.png"]?["slip"] as? [String: Any])
        #expect(slip["kind"] as? String == "slip" && slip["slipClass"] as? String == "hr.hub-3a")
        #expect(((slip["record"] as? [String: Any])?["amount"] as? [String: Any])?["value"] as? String == "1234.50")
        let symbol = try #require(byFile["hr.hub-3a-water-bill-altered-amount-scan.png"]?["symbol"] as? [String: Any])
        let record = try #require(symbol["record"] as? [String: Any])
        #expect(record["status"] as? String == "uncertain")
        let check = (record["source"] as? [String: Any])?["crossCheck"] as? [String: Any]
        #expect(check?["winner"] as? String == "barcode")
        #expect((record["diagnostics"] as? [[String: Any]])?.contains { $0["code"] as? String == "slip_barcode_mismatch" && $0["field"] as? String == "amount" } == true)
        // The same elements as `giro decode IMAGE --format json`.
        let decode = try giro(["decode", dir.appendingPathComponent("hr.hub-3a-water-bill-scan.png").path, "--format", "json"])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(decode.stdout.utf8)) as? [[String: Any]])
        #expect(decoded.count == 1 && NSDictionary(dictionary: decoded[0]) == NSDictionary(dictionary: slip))
    }
}
