import Foundation
import Giro
import GiroTestSupport
import Testing

/// zxing-cpp's public sample images, in `corpora/zxing-cpp-samples` (scripts/fetch-corpora.sh; skipped by name without
/// them, failing under GIRO_REQUIRE_CORPORA=1). Per folder, `zxing-samples-ratchet.json` pins how many images there are (`images`), how
/// many can be checked (`total`), and per backend and for the combined strategy how many pass; passes may only
/// go up, and wrong reads of the combined strategy (`combined-misread`) only down. In `falsepositives-*` a pass
/// is an image where nothing is read. `GIRO_RECORD=1` rewrites the pins and fails the run.
@Suite(.serialized) struct SampleCorpusRatchetTests {
    typealias Counts = [String: [String: Int]]
    static let ratchetURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("zxing-samples-ratchet.json")

    static func count(_ folder: SampleCorpus.Folder) -> [String: Int] {
        let backends = SampleCorpus.backends(for: folder)
        var row = ["images": folder.imageCount, "total": folder.samples.count]
        guard !folder.samples.isEmpty else { return row }
        for backend in backends { row[backend] = 0 }
        if !folder.isFalsePositives { row["combined-misread"] = 0 }
        for sample in folder.samples {
            // An unreadable image counts as a failure of every backend, not as a skip.
            guard let bytes = try? Data(contentsOf: sample.image),
                  let image = try? ImageLoader().load([UInt8](bytes)).image else { continue }
            for backend in backends {
                let symbols = SampleCorpus.read(image, backend: backend)
                let passed = folder.isFalsePositives ? symbols.isEmpty : symbols.contains { SampleCorpus.matches($0, sample) }
                if passed { row[backend, default: 0] += 1 }
                if backend == "combined", !folder.isFalsePositives, !passed, !symbols.isEmpty { row["combined-misread", default: 0] += 1 }
            }
        }
        return row
    }

    @Test(.corpus("zxing-cpp-samples")) func passCountsNeverDrop() async throws {
        var counts: Counts = [:]
        var seconds: [String: Double] = [:]
        // Folders in parallel (as many at once as the concurrency pool has threads): the test is the long tail.
        let folders = try SampleCorpus.folders()
        await withTaskGroup(of: (String, [String: Int], Double).self) { group in
            for folder in folders {
                group.addTask {
                    let start = ContinuousClock.now
                    let row = Self.count(folder)
                    let elapsed = (ContinuousClock.now - start).components
                    return (folder.name, row, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
                }
            }
            for await (name, row, time) in group {
                counts[name] = row
                seconds[name] = time
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let summary = String(decoding: try encoder.encode(counts), as: UTF8.self) + "\n"
        print(Self.report(counts, seconds: seconds))
        if ProcessInfo.processInfo.environment["GIRO_RECORD"] == "1" {
            try summary.write(to: Self.ratchetURL, atomically: true, encoding: .utf8)
            Issue.record("GIRO_RECORD=1: wrote \(Self.ratchetURL.lastPathComponent); review the diff and run again without GIRO_RECORD")
            return
        }
        let pinned = try JSONDecoder().decode(Counts.self, from: Data(contentsOf: Self.ratchetURL))
        Self.compare(counts, with: pinned)
        // The combined strategy must beat every single backend overall.
        func total(_ key: String) -> Int { counts.values.reduce(0) { $0 + ($1[key] ?? 0) } }
        #expect(total("combined") > total("zxing"))
    }

    /// Layout numbers must match exactly (the corpus is fixed), passes may rise, misreads may fall.
    static func compare(_ counts: Counts, with pinned: Counts) {
        #expect(counts.keys.sorted() == pinned.keys.sorted(), "the corpus folders differ from the ratchet's")
        for (folder, row) in pinned.sorted(by: { $0.key < $1.key }) {
            for (key, old) in row.sorted(by: { $0.key < $1.key }) {
                let now = counts[folder]?[key] ?? 0
                switch key {
                case "images", "total": #expect(now == old, "\(folder) \(key): \(now), the ratchet says \(old)")
                case "combined-misread": #expect(now <= old, "\(folder): \(now) wrong reads, the ratchet allows \(old)")
                default: #expect(now >= old, "\(folder) \(key): \(now) passes, the ratchet says \(old)")
                }
                let improved = key == "combined-misread" ? now < old : now > old
                if key != "images", key != "total", improved {
                    print("ratchet: \(folder) \(key) improved \(old) → \(now); pin it with GIRO_RECORD=1")
                }
            }
        }
    }

    /// One line per folder: the combined strategy against zxing-cpp 3.1.1's measured recall.
    static func report(_ counts: Counts, seconds: [String: Double]) -> String {
        let baseline = (try? Corpora.url("zxing-cpp-samples/_pypi_zxingcpp_3x_results.json"))
            .flatMap { try? Data(contentsOf: $0) }
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let summary = baseline?["summary"] as? [String: [String: Any]] ?? [:]
        var lines = ["zxing-samples: folder, combined passes / checked images (all images), zxing-cpp 3.1.1 passes, seconds"]
        for (folder, row) in counts.sorted(by: { $0.key < $1.key }) {
            let reference = summary[folder]?["pass"].map { "\($0)" } ?? "-"
            lines.append("  \(folder): \(row["combined"] ?? 0)/\(row["total"] ?? 0) (\(row["images"] ?? 0)), zxing-cpp \(reference), "
                         + String(format: "%.1f s", seconds[folder] ?? 0))
        }
        return lines.joined(separator: "\n")
    }
}
