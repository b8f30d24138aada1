import Foundation
import Giro
import GiroTestSupport

/// One input of the bench: a words file (perfect OCR) or an image, with its truth.
struct Sample: Sendable {
    var dataset: String
    /// `words`, `clean`, `scan`, `photo` (own renders also `photo12mp`: images only, for the time per image).
    var kind: String
    var file: URL
    var truth: SlipTruth
    var isWords: Bool { kind == "words" }
    /// Own renders: `<class>/<case>` (the two-slips-on-one-photo pairs look photos up by it).
    var name: String
}

enum Datasets {
    static let fm = FileManager.default

    /// Giro's own renders (fixtures/slips, generate.py): `<case>-<degradation>.words` (words of the scan, skew and
    /// photo geometry) and images `<case>-scan.png` (the upright 300 dpi render: clean), `-skew.png` (a skewed, noisy
    /// scan: scan), `-photo.jpg` (photo) and `-photo12mp.jpg`; truth from `<case>.expect`.
    static func own(_ root: URL, images: Bool) -> [Sample] {
        let kinds = ["scan": "clean", "skew": "scan", "photo": "photo", "photo12mp": "photo12mp"]
        var out: [Sample] = []
        for cls in subfolders(root) where cls.contains(".") {
            let dir = root.appendingPathComponent(cls)
            let country = SlipReader.builtInTemplates.first { $0.id == cls }?.country ?? String(cls.prefix(2)).uppercased()
            for file in files(dir) {
                let isWords = file.hasSuffix(".words")
                guard isWords || (images && (file.hasSuffix(".png") || file.hasSuffix(".jpg"))) else { continue }
                let stem = isWords ? String(file.dropLast(6)) : String(file.dropLast(4))
                guard let dash = stem.lastIndex(of: "-") else { continue }
                let degradation = String(stem[stem.index(after: dash)...]), caseName = String(stem[..<dash])
                guard let kind = isWords ? "words" : kinds[degradation],
                      let e = try? SlipExpectation(contentsOf: dir.appendingPathComponent("\(caseName).expect")) else { continue }
                out.append(Sample(dataset: "own", kind: kind, file: dir.appendingPathComponent(file),
                                  truth: SlipTruth(expectation: e, slipClass: cls, country: country), name: "\(cls)/\(caseName)"))
            }
        }
        return out
    }

    /// The development sample's layout (also the perturbed renders'): `<class>/[<slip>/]{clean.png,scan.jpg,photo.jpg}`
    /// with `<image>.words.json` and `<image>.json` (truth). `classMap` renames the top folder to Giro's id.
    static func sampleLayout(_ root: URL, dataset: String, images: Bool, classMap: [String: String] = [:]) -> [Sample] {
        var out: [Sample] = []
        for top in subfolders(root) {
            let cls = classMap[top] ?? top
            let dir = root.appendingPathComponent(top)
            let slipDirs = [dir] + subfolders(dir).map { dir.appendingPathComponent($0) }
            for slip in slipDirs {
                for file in files(slip) where file.hasSuffix(".words.json") {
                    let image = String(file.dropLast(".words.json".count))
                    guard let truth = SlipTruth(truthFile: slip.appendingPathComponent(image + ".json"), slipClass: cls) else { continue }
                    let kind = String(image.split(separator: ".").first ?? "")
                    let name = "\(top)/\(slip == dir ? "" : slip.lastPathComponent + "/")\(image)"
                    out.append(Sample(dataset: dataset, kind: "words", file: slip.appendingPathComponent(file), truth: truth, name: name))
                    if images, fm.fileExists(atPath: slip.appendingPathComponent(image).path) {
                        out.append(Sample(dataset: dataset, kind: kind, file: slip.appendingPathComponent(image), truth: truth, name: name))
                    }
                }
            }
        }
        return out
    }

    static func subfolders(_ url: URL) -> [String] {
        ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).filter {
            var dir: ObjCBool = false
            return fm.fileExists(atPath: url.appendingPathComponent($0).path, isDirectory: &dir) && dir.boolValue
        }.sorted()
    }

    static func files(_ url: URL) -> [String] { ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
