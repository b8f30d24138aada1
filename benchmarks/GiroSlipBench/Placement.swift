import Foundation
import GiroImaging
import GiroTestSupport

/// Placement apart from reading: whether the box a record gives for a field (`source.evidence[].box`) covers the
/// words that print the true value on the same image. The words come from the input's perfect-OCR words file
/// (`<image>.words.json` beside a development or perturbed image), so a field missed with its box on its value is a
/// reading error, and one whose box is elsewhere a placement (fit, label, classification) error.
struct Placement {
    /// Fields whose true value was found among the image's words, and of those the ones whose box covers it.
    var fields = 0
    var covered = 0
    /// Of the fields not covered: no box given for the field (no record of the class, or the field has no evidence).
    var noBox = 0

    mutating func add(_ o: Placement) { fields += o.fields; covered += o.covered; noBox += o.noBox }

    /// `80.0 % (8/10, 1 without box)`; `–` when no value was found in the words.
    var cell: String {
        fields == 0 ? "–" : Tally.share(covered, fields) + (noBox > 0 ? ", \(noBox) no box" : "")
    }

    /// The words file of an image input (nil: none, or the input is a words file itself).
    static func words(for s: Sample) -> PageWords? {
        guard !s.isWords else { return nil }
        let url = URL(fileURLWithPath: s.file.path + ".words.json")
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONDecoder().decode(PageWords.self, from: data)
    }

    /// Letters and digits only, case folded (`=29,43` and `29.43` both `2943`; `+++044/6588/45769+++` its digits).
    static func key(_ s: String) -> [Character] {
        s.lowercased().filter { $0.isLetter || $0.isNumber }.map { $0 }
    }

    /// Every run of consecutive words (in the file's reading order) that prints `value`: whole words whose letters
    /// and digits together are the value's. An amount `102.35` in comb cells (`1`,`0`,`2`,`3`,`5`) matches too.
    static func occurrences(of value: String, in page: PageWords) -> [[PageWord]] {
        let want = key(value)
        guard !want.isEmpty else { return [] }
        let keys = page.words.map { key($0.text) }
        var out: [[PageWord]] = []
        for start in page.words.indices where !keys[start].isEmpty && want.starts(with: keys[start]) {
            var got = keys[start], run = [page.words[start]], i = start
            while got.count < want.count, i + 1 < page.words.count, run.count < 64 {
                i += 1
                let k = keys[i]
                if k.isEmpty { continue }
                guard want[got.count...].starts(with: k) else { break }
                got += k
                run.append(page.words[i])
            }
            if got == want { out.append(run) }
        }
        return out
    }

    /// The union of the record's evidence boxes for a truth key (the first of its record paths that has any; a
    /// reference with its model box, an account with its bank code), else of its provenance boxes.
    static func box(_ key: String, in record: RecordJSON?) -> BenchRect? {
        let evidence = (record?.value("source.evidence") as? [[String: Any]]) ?? []
        if let b = box(key, evidence) { return b }
        // A field no zone read (an ESR amount from its coding line): the record's provenance box.
        return box(key, (record?.value("provenance") as? [[String: Any]]) ?? [])
    }

    static func box(_ key: String, _ evidence: [[String: Any]]) -> BenchRect? {
        for p in RecordJSON.paths(key) {
            var boxes: [[Double]] = []
            for e in evidence {
                guard let f = e["field"] as? String, f == p || f.hasPrefix(p + "."), let raw = e["box"] as? [NSNumber] else { continue }
                let v = raw.map(\.doubleValue)
                if v.count == 4, v[2] > 0, v[3] > 0 { boxes.append(v) }
            }
            guard let x0 = boxes.map({ $0[0] }).min(), let y0 = boxes.map({ $0[1] }).min(),
                  let x1 = boxes.map({ $0[0] + $0[2] }).max(), let y1 = boxes.map({ $0[1] + $0[3] }).max() else { continue }
            return BenchRect(x0: x0, y0: y0, x1: x1, y1: y1)
        }
        return nil
    }

    /// Scores one input: each stated field whose value is printed in the words, covered when every word of one of
    /// its printings has its centre inside the field's box (a box a few pixels short still holds the centres).
    static func score(_ truth: SlipTruth, record: RecordJSON?, page: PageWords) -> (Placement, [String]) {
        var p = Placement(), misses: [String] = []
        for (key, want) in truth.fields.sorted(by: { $0.key < $1.key }) {
            let printed = occurrences(of: want, in: page)
            guard !printed.isEmpty else { continue }
            p.fields += 1
            guard let b = box(key, in: record) else {
                p.noBox += 1
                misses.append("\(key): no box")
                continue
            }
            let inside = printed.contains { run in
                run.allSatisfy { w in
                    let cx = Double(w.x) + Double(w.w) / 2, cy = Double(w.y) + Double(w.h) / 2
                    return cx >= b.x0 && cx <= b.x1 && cy >= b.y0 && cy <= b.y1
                }
            }
            if inside { p.covered += 1 } else {
                let at = printed[0].first.map { "[\($0.x),\($0.y)]" } ?? ""
                misses.append("\(key): box [\(Int(b.x0)),\(Int(b.y0)),\(Int(b.x1 - b.x0)),\(Int(b.y1 - b.y0))], value at \(at)")
            }
        }
        return (p, misses)
    }
}

/// An upright rectangle in image pixels (the bench's own: GiroSlips keeps its geometry internal).
struct BenchRect {
    var x0, y0, x1, y1: Double
}
