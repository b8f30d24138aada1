import Foundation
import Giro
import Testing

/// zxing-cpp's public sample images (`test/samples/{qrcode,pdf417,datamatrix,code128}-*`), fetched outside the
/// repository into `/work/corpora/zxing-samples` or `$GIRO_ZXING_SAMPLES`. The pass count per folder, per
/// backend and for the combined strategy may only go up (`zxing-samples-ratchet.json`); record new counts with
/// `GIRO_RECORD=1`.
///
/// Expected texts are zxing's own charset interpretation of the symbol. A read passes when its raw bytes equal
/// the expected `.bin`, or equal the `.txt` read as UTF-8, as ISO-8859-1 (zxing's fallback without ECI),
/// as the charset of the symbol's ECI, or as Shift_JIS (zxing's guess for some QR codes).
@Suite(.serialized) struct SampleCorpusRatchetTests {
    static let root: URL? = {
        let env = ProcessInfo.processInfo.environment["GIRO_ZXING_SAMPLES"]
        let url = URL(fileURLWithPath: env ?? "/work/corpora/zxing-samples")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("qrcode-1").path) ? url : nil
    }()
    static let ratchetURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("zxing-samples-ratchet.json")

    struct Sample {
        var image: URL
        var expectedBytes: [UInt8]?
        var expectedText: String?
    }

    static func samples(in folder: URL) -> [Sample] {
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        return names.compactMap { name -> Sample? in
            let ext = (name as NSString).pathExtension.lowercased()
            guard ["png", "jpg", "jpeg", "webp"].contains(ext) else { return nil }
            let base = folder.appendingPathComponent((name as NSString).deletingPathExtension)
            let bin = try? Data(contentsOf: base.appendingPathExtension("bin"))
            let txt = (try? Data(contentsOf: base.appendingPathExtension("txt"))).map { String(decoding: $0, as: UTF8.self) }
            guard bin != nil || txt != nil else { return nil }  // multi-part symbols without a per-image answer
            return Sample(image: folder.appendingPathComponent(name), expectedBytes: bin.map { [UInt8]($0) }, expectedText: txt)
        }
    }

    static func matches(_ s: DetectedSymbol, _ sample: Sample) -> Bool {
        if let bytes = sample.expectedBytes { return s.bytes == bytes }
        guard let text = sample.expectedText else { return false }
        let data = Data(s.bytes)
        var candidates: [String.Encoding] = [.utf8, .isoLatin1, .shiftJIS]
        switch s.eci {
        case 4?: candidates.append(.isoLatin2)
        case 20?: candidates.append(.shiftJIS)
        case 21?: candidates.append(.windowsCP1250)
        case 22?: candidates.append(.windowsCP1251)
        case 23?: candidates.append(.windowsCP1252)
        case 25?: candidates.append(.utf16BigEndian)
        default: break
        }
        return candidates.contains { String(data: data, encoding: $0) == text }
    }

    /// Backends run on the folders of symbologies they can read (zbar: QR, Code128; libdmtx: DataMatrix).
    static func backends(for folder: String) -> [String] {
        var out = ["zxing", "combined"]
        if folder.hasPrefix("qrcode") || folder.hasPrefix("code128") { out.append("zbar") }
        if folder.hasPrefix("datamatrix") { out.append("dmtx") }
        return out.sorted()
    }

    static func read(_ image: GrayImage, backend: String) -> [DetectedSymbol] {
        let options = ReadOptions(timeBudgetMilliseconds: 1000)
        switch backend {
        case "zxing": return (try? ZXingReader().read(image, options: options)) ?? []
        case "zbar": return (try? ZBarReader().read(image, options: options)) ?? []
        case "dmtx": return (try? DmtxReader().read(image, options: options)) ?? []
        // A budget far above what any sample needs (< 3 s in debug): the passes that run must not depend on load.
        default: return ReadingStrategy(budgetMilliseconds: 10_000).read(image) { _ in true }.symbols
        }
    }

    @Test(.enabled(if: root != nil, "zxing-cpp samples not present (set GIRO_ZXING_SAMPLES or see README \"Images\")"))
    func passCountsNeverDrop() throws {
        let root = try #require(Self.root)
        let folders = (try FileManager.default.contentsOfDirectory(atPath: root.path)).filter {
            ["qrcode-", "pdf417-", "datamatrix-", "code128-"].contains(where: $0.hasPrefix)
        }.sorted()
        var counts: [String: [String: Int]] = [:]
        for folder in folders {
            let samples = Self.samples(in: root.appendingPathComponent(folder))
            var row = ["total": samples.count]
            for backend in Self.backends(for: folder) { row[backend] = 0 }
            for sample in samples {
                guard let bytes = try? Data(contentsOf: sample.image),
                      let image = try? ImageLoader().load([UInt8](bytes)).image else { continue }
                for backend in Self.backends(for: folder) where Self.read(image, backend: backend).contains(where: { Self.matches($0, sample) }) {
                    row[backend, default: 0] += 1
                }
            }
            counts[folder] = row
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let summary = String(decoding: try encoder.encode(counts), as: UTF8.self)
        print("zxing-samples pass counts:\n\(summary)")
        if ProcessInfo.processInfo.environment["GIRO_RECORD"] == "1" {
            try (summary + "\n").write(to: Self.ratchetURL, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try JSONDecoder().decode([String: [String: Int]].self, from: Data(contentsOf: Self.ratchetURL))
        for (folder, row) in recorded.sorted(by: { $0.key < $1.key }) {
            for (backend, old) in row.sorted(by: { $0.key < $1.key }) where backend != "total" {
                let now = counts[folder]?[backend] ?? 0
                #expect(now >= old, "\(folder) \(backend): \(now) passes, the ratchet says \(old)")
                if now > old { print("ratchet: \(folder) \(backend) rose \(old) → \(now); record with GIRO_RECORD=1") }
            }
        }
        // The combined strategy must beat every single backend overall.
        func total(_ backend: String) -> Int { counts.values.reduce(0) { $0 + ($1[backend] ?? 0) } }
        #expect(total("combined") > total("zxing"))
    }
}
